#include "option_controls.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "sfp/parameter.hpp"
#include "qtext.hpp"

namespace gui {
namespace {

using core::qtext;

// The parameters that are plain options: not sweepable (block size, threads and the swept ones
// have rows of their own).
bool is_option(const sfp::Parameter& p) { return !p.sweepable; }

QString default_text(const sfp::Parameter& p) {
    return p.type == sfp::ParameterType::text ? qtext(p.text_fallback)
                                              : QString::fromStdString(sfp::value_text(p, p.fallback));
}

}  // namespace

OptionControls::OptionControls(QWidget* parent) : QWidget(parent), form_(new QFormLayout(this)) {
    form_->setContentsMargins(0, 0, 0, 0);
}

void OptionControls::setAlgorithm(const std::string& algorithm) {
    if (algorithm == algorithm_) return;
    algorithm_ = algorithm;
    while (form_->rowCount() > 0) form_->removeRow(0);
    for (const sfp::Parameter& p : sfp::parameters_of(algorithm)) {
        if (!is_option(p)) continue;
        QWidget* control = nullptr;
        if (p.type == sfp::ParameterType::choice) {
            auto* combo = new QComboBox(this);
            combo->addItem(tr("%1 (default)").arg(default_text(p)), QString());
            for (std::string_view choice : p.choices) combo->addItem(qtext(choice), qtext(choice));
            connect(combo, &QComboBox::currentIndexChanged, this, &OptionControls::changed);
            control = combo;
        } else if (p.type == sfp::ParameterType::flag) {
            auto* box = new QCheckBox(this);
            connect(box, &QCheckBox::toggled, this, &OptionControls::changed);
            control = box;
        } else {
            auto* field = new QLineEdit(this);
            field->setPlaceholderText(
                tr("%1 (default); %2").arg(default_text(p), QString::fromStdString(sfp::limits_text(p))));
            connect(field, &QLineEdit::textChanged, this, &OptionControls::changed);
            control = field;
        }
        control->setObjectName(qtext(p.name));
        control->setToolTip(qtext(p.help));
        form_->addRow(qtext(p.name), control);
    }
}

std::map<std::string, std::string> OptionControls::options() const {
    std::map<std::string, std::string> out;
    for (const sfp::Parameter& p : sfp::parameters_of(algorithm_)) {
        QWidget* c = control(std::string(p.name));
        QString value;
        if (auto* combo = qobject_cast<QComboBox*>(c))
            value = combo->currentData().toString();
        else if (auto* box = qobject_cast<QCheckBox*>(c))
            value = box->isChecked() ? QStringLiteral("true") : QString();
        else if (auto* field = qobject_cast<QLineEdit*>(c))
            value = field->text().trimmed();
        if (!value.isEmpty()) out[std::string(p.name)] = value.toStdString();
    }
    return out;
}

std::map<std::string, std::string> OptionControls::setOptions(const std::map<std::string, std::string>& options) {
    std::map<std::string, std::string> rest = options;
    for (const sfp::Parameter& p : sfp::parameters_of(algorithm_)) {
        QWidget* c = control(std::string(p.name));
        if (!c) continue;
        const auto it = options.find(std::string(p.name));
        const QString value = it == options.end() ? QString() : QString::fromStdString(it->second);
        if (auto* combo = qobject_cast<QComboBox*>(c)) {
            const int index = combo->findData(value);
            if (index < 0) continue;  // not a choice: left in `rest`, so the check names it
            combo->setCurrentIndex(index);
        } else if (auto* box = qobject_cast<QCheckBox*>(c)) {
            const sfp::ParsedValue parsed = sfp::parse_value(p, value.toStdString());
            if (it != options.end() && !parsed.error.empty()) continue;
            box->setChecked(it != options.end() && parsed.value == 1);
        } else if (auto* field = qobject_cast<QLineEdit*>(c)) {
            field->setText(value);
        }
        if (it != options.end()) rest.erase(std::string(p.name));
    }
    return rest;
}

QWidget* OptionControls::control(const std::string& name) const {
    return findChild<QWidget*>(QString::fromStdString(name), Qt::FindDirectChildrenOnly);
}

}  // namespace gui
