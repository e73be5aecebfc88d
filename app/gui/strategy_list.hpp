#pragma once
// The strategies of one algorithm, from the registry: checkable, the description as tooltip,
// unsupported ones disabled with the probe's reason, and those the chosen options exclude
// (iterate's xxhsum at a scope other than full) greyed out with the reason until they fit.
// After them, the experiment's own commands (sfp/command.hpp), their lines as tooltips.
#include <QListWidget>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sfp/command.hpp"

namespace gui {

class StrategyList : public QListWidget {
    Q_OBJECT
public:
    explicit StrategyList(QWidget* parent = nullptr);

    void setAlgorithm(const std::string& algorithm);  // lists its strategies, checks the supported
    // The experiment's options: a strategy that cannot run with them is greyed out (its check
    // mark kept for when they change back). True when any item changed; no signal.
    bool setOptions(const std::map<std::string, std::string>& options);
    // The commands listed after the strategies: a new name checked, a kept one as it was.
    void setCommands(const std::vector<sfp::Command>& commands);
    // The command the current item is, if it is one.
    std::optional<std::string> currentCommand() const;
    std::vector<std::string> checked() const;
    void setChecked(const std::vector<std::string>& names);
    QListWidgetItem* item(const std::string& name) const;
    using QListWidget::item;

signals:
    void changed();

private:
    std::string algorithm_;
};

}  // namespace gui
