#pragma once
// The small dialog that adds or edits one of the experiment's commands (sfp/command.hpp): its
// name, its template and how its output is checked. What it says is judged with the rest of
// the form (check_experiment), not here.
#include <QDialog>

#include "sfp/command.hpp"

class QComboBox;
class QLineEdit;

namespace gui {

class CommandDialog : public QDialog {
    Q_OBJECT
public:
    CommandDialog(const sfp::Command& command, const std::string& algorithm, QWidget* parent = nullptr);
    sfp::Command command() const;

private:
    QLineEdit* name_;
    QLineEdit* line_;
    QComboBox* check_;
};

}  // namespace gui
