#pragma once
// A row of toggle buttons for parameter values (block sizes 512..16M, thread counts) plus a
// field for custom values ("3000, 100K").
#include <QWidget>
#include <cstdint>
#include <functional>
#include <vector>

class QLineEdit;
class QToolButton;

namespace gui {

class ValueToggles : public QWidget {
    Q_OBJECT
public:
    // `label` turns a value into button text; `parse` reads one custom entry (throws
    // sfp::Failure or std::exception with a message naming it).
    ValueToggles(std::vector<std::uint64_t> values, std::function<QString(std::uint64_t)> label,
                 std::function<std::uint64_t(const QString&)> parse, int columns, const QString& customHint,
                 QWidget* parent = nullptr);

    // Toggled values and custom ones, ascending without duplicates. Throws InputError for a
    // custom entry that does not parse.
    std::vector<std::uint64_t> values() const;
    // Toggles the known values, puts the others into the custom field.
    void setValues(const std::vector<std::uint64_t>& values);
    QToolButton* button(std::uint64_t value) const;  // nullptr when not a toggle
    QLineEdit* customField() const { return custom_; }

signals:
    void changed();

private:
    void mark(QToolButton* button, bool on);

    std::vector<std::pair<std::uint64_t, QToolButton*>> buttons_;
    std::function<QString(std::uint64_t)> label_;
    std::function<std::uint64_t(const QString&)> parse_;
    QLineEdit* custom_;
};

// A form entry that cannot be used; the message names the field and the text.
struct InputError {
    QString message;
};

}  // namespace gui
