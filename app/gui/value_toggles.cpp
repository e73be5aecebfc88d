#include "value_toggles.hpp"

#include <QGridLayout>
#include <QLineEdit>
#include <QRegularExpression>
#include <QToolButton>
#include <algorithm>

namespace gui {

ValueToggles::ValueToggles(std::vector<std::uint64_t> values, std::function<QString(std::uint64_t)> label,
                           std::function<std::uint64_t(const QString&)> parse, int columns, const QString& customHint,
                           QWidget* parent)
    : QWidget(parent), label_(std::move(label)), parse_(std::move(parse)), custom_(new QLineEdit(this)) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(2);
    int i = 0;
    for (std::uint64_t v : values) {
        auto* b = new QToolButton(this);
        b->setText(label_(v));
        b->setCheckable(true);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        connect(b, &QToolButton::toggled, this, [this, b](bool on) {
            mark(b, on);
            emit changed();
        });
        grid->addWidget(b, i / columns, i % columns);
        buttons_.emplace_back(v, b);
        ++i;
    }
    const int row = (i + columns - 1) / columns;
    custom_->setPlaceholderText(customHint);
    custom_->setClearButtonEnabled(true);
    connect(custom_, &QLineEdit::textChanged, this, &ValueToggles::changed);
    grid->addWidget(custom_, row, 0, 1, columns);
}

std::vector<std::uint64_t> ValueToggles::values() const {
    std::vector<std::uint64_t> out;
    for (const auto& [v, b] : buttons_)
        if (b->isChecked()) out.push_back(v);
    const QStringList entries =
        custom_->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& entry : entries) {
        try {
            out.push_back(parse_(entry));
        } catch (const std::exception& e) {
            throw InputError{QString::fromUtf8(e.what())};
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void ValueToggles::setValues(const std::vector<std::uint64_t>& values) {
    QStringList custom;
    for (auto& [v, b] : buttons_) {
        const QSignalBlocker quiet(b);
        b->setChecked(std::find(values.begin(), values.end(), v) != values.end());
        mark(b, b->isChecked());
    }
    for (std::uint64_t v : values)
        if (!button(v)) custom << label_(v);
    const QSignalBlocker quiet(custom_);
    custom_->setText(custom.join(QStringLiteral(", ")));
    emit changed();
}

// A toggled value must be obvious at a glance, also on a projector: the selection colours.
// (A style sheet would do it too, but styled buttons stop following presentation mode's font.)
void ValueToggles::mark(QToolButton* button, bool on) {
    QPalette p = palette();
    if (on) {
        for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive}) {  // disabled stays grey
            p.setColor(g, QPalette::Button, p.color(g, QPalette::Highlight));
            p.setColor(g, QPalette::ButtonText, p.color(g, QPalette::HighlightedText));
        }
    }
    button->setPalette(p);
}

QToolButton* ValueToggles::button(std::uint64_t value) const {
    for (const auto& [v, b] : buttons_)
        if (v == value) return b;
    return nullptr;
}

}  // namespace gui
