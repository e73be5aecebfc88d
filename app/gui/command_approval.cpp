#include "command_approval.hpp"

#include <QMessageBox>
#include <QPushButton>
#include <algorithm>

namespace gui {

std::vector<sfp::Command> commands_to_run(const sfp::Experiment& e) {
    std::vector<sfp::Command> out;
    for (const sfp::Command& c : e.commands)
        if (std::find(e.strategies.begin(), e.strategies.end(), c.name) != e.strategies.end()) out.push_back(c);
    return out;
}

bool ask_to_run_commands(QWidget* parent, const std::vector<sfp::Command>& commands) {
    QStringList lines;
    for (const sfp::Command& c : commands) lines << QString::fromStdString(sfp::command_text(c)).toHtmlEscaped();
    QMessageBox box(
        QMessageBox::Warning, QObject::tr("Run these commands?"),
        QObject::tr("This experiment runs %n program(s) of its own, as you:", nullptr, int(commands.size())) +
            QStringLiteral("<pre>%1</pre>").arg(lines.join(QLatin1Char('\n'))) +
            QObject::tr("Run them only if you know what they do."),
        QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("commandApproval"));
    box.setTextFormat(Qt::RichText);
    QPushButton* run = box.addButton(QObject::tr("Run the commands"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == static_cast<QAbstractButton*>(run);
}

}  // namespace gui
