#include "strategy_list.hpp"

#include "sfp/registry.hpp"
#include "visible_text.hpp"

namespace gui {
namespace {

constexpr int NameRole = Qt::UserRole + 11;      // the text may also carry a reason
constexpr int TipRole = Qt::UserRole + 12;       // the tooltip while it can run
constexpr int ExcludedRole = Qt::UserRole + 13;  // why the options exclude it ("" = they do not)
constexpr int CommandRole = Qt::UserRole + 14;   // true: one of the experiment's commands

QString uses_text(const sfp::Strategy& s) {
    QStringList parts;
    for (std::string_view name : s.reads)
        parts << QString::fromUtf8(name.data(), qsizetype(name.size())).replace('_', ' ');
    return parts.isEmpty() ? QObject::tr("no block size, no threads") : parts.join(QObject::tr(" and "));
}

}  // namespace

StrategyList::StrategyList(QWidget* parent) : QListWidget(parent) {
    setObjectName(QStringLiteral("strategyList"));
    connect(this, &QListWidget::itemChanged, this, &StrategyList::changed);
}

void StrategyList::setAlgorithm(const std::string& algorithm) {
    const QSignalBlocker quiet(this);
    algorithm_ = algorithm;
    clear();
    for (const sfp::Strategy* s : sfp::strategies_of(algorithm)) {
        const sfp::Support support = s->support();
        auto* it = new QListWidgetItem(QString::fromUtf8(s->name.data(), qsizetype(s->name.size())), this);
        const QString description = QString::fromUtf8(s->description.data(), qsizetype(s->description.size()));
        if (support.supported) {
            it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            it->setCheckState(Qt::Checked);
            it->setToolTip(tr("%1\nuses: %2").arg(description, uses_text(*s)));
            it->setData(TipRole, it->toolTip());
        } else {
            it->setFlags(Qt::ItemIsUserCheckable);  // shown, not enabled
            it->setCheckState(Qt::Unchecked);
            it->setText(tr("%1 — unsupported: %2").arg(it->text(), QString::fromStdString(support.reason)));
            it->setToolTip(tr("%1\nnot available here: %2").arg(description, QString::fromStdString(support.reason)));
        }
        it->setData(NameRole, QString::fromUtf8(s->name.data(), qsizetype(s->name.size())));
    }
    emit changed();
}

void StrategyList::setCommands(const std::vector<sfp::Command>& commands) {
    {
        const QSignalBlocker quiet(this);
        std::map<QString, Qt::CheckState> kept;
        for (int i = count() - 1; i >= 0; --i)
            if (QListWidget::item(i)->data(CommandRole).toBool()) {
                kept[QListWidget::item(i)->data(NameRole).toString()] = QListWidget::item(i)->checkState();
                delete takeItem(i);
            }
        for (const sfp::Command& c : commands) {
            const QString name = QString::fromStdString(c.name);
            auto* it = new QListWidgetItem(tr("%1 — your command").arg(core::visible_text(name)), this);
            it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            it->setCheckState(kept.contains(name) ? kept[name] : Qt::Checked);
            it->setToolTip(QString::fromStdString(sfp::command_text(c)));
            it->setData(NameRole, name);
            it->setData(CommandRole, true);
        }
    }
    emit changed();
}

std::optional<std::string> StrategyList::currentCommand() const {
    const QListWidgetItem* it = currentItem();
    if (!it || !it->data(CommandRole).toBool()) return std::nullopt;
    return it->data(NameRole).toString().toStdString();
}

QListWidgetItem* StrategyList::item(const std::string& name) const {
    const QString wanted = QString::fromStdString(name);
    for (int i = 0; i < count(); ++i)
        if (QListWidget::item(i)->data(NameRole).toString() == wanted) return QListWidget::item(i);
    return nullptr;
}

std::vector<std::string> StrategyList::checked() const {
    std::vector<std::string> out;
    for (int i = 0; i < count(); ++i) {
        const QListWidgetItem* it = QListWidget::item(i);
        if (it->checkState() == Qt::Checked && (it->flags() & Qt::ItemIsEnabled))
            out.push_back(it->data(NameRole).toString().toStdString());
    }
    return out;
}

void StrategyList::setChecked(const std::vector<std::string>& names) {
    {
        const QSignalBlocker quiet(this);
        for (int i = 0; i < count(); ++i) {
            QListWidgetItem* it = QListWidget::item(i);
            const std::string name = it->data(NameRole).toString().toStdString();
            const bool on = std::find(names.begin(), names.end(), name) != names.end();
            if (it->flags() & Qt::ItemIsEnabled) it->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        }
    }
    emit changed();
}

bool StrategyList::setOptions(const std::map<std::string, std::string>& options) {
    const QSignalBlocker quiet(this);
    bool changed = false;
    for (int i = 0; i < count(); ++i) {
        QListWidgetItem* it = QListWidget::item(i);
        const QString name = it->data(NameRole).toString();
        const sfp::Strategy* s = sfp::find_strategy(algorithm_, name.toStdString());
        if (!s || !it->data(TipRole).isValid()) continue;  // unsupported here: the probe said why
        const sfp::Support takes = sfp::takes_options(*s, options);
        const QString why = takes.supported ? QString() : QString::fromStdString(takes.reason);
        if (why == it->data(ExcludedRole).toString()) continue;
        changed = true;
        it->setData(ExcludedRole, why);
        it->setFlags(why.isEmpty() ? Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable
                                   : Qt::ItemIsUserCheckable);
        it->setText(why.isEmpty() ? name : tr("%1 — not with these options: %2").arg(name, why));
        it->setToolTip(why.isEmpty()
                           ? it->data(TipRole).toString()
                           : tr("%1\ncannot run with the chosen options: %2").arg(it->data(TipRole).toString(), why));
    }
    return changed;
}

}  // namespace gui
