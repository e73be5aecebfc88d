#include "command_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace gui {

CommandDialog::CommandDialog(const sfp::Command& command, const std::string& algorithm, QWidget* parent)
    : QDialog(parent), name_(new QLineEdit(QString::fromStdString(command.name), this)),
      line_(new QLineEdit(QString::fromStdString(command.line), this)), check_(new QComboBox(this)) {
    setWindowTitle(command.name.empty() ? tr("Add a command") : tr("Edit the command"));
    name_->setObjectName(QStringLiteral("commandName"));
    line_->setObjectName(QStringLiteral("commandLine"));
    check_->setObjectName(QStringLiteral("commandCheck"));
    line_->setMinimumWidth(480);
    line_->setPlaceholderText(QStringLiteral("dd if={input} of=/dev/null bs={block}"));
    check_->addItem(tr("the algorithm's (%1)").arg(sfp::to_string(sfp::default_check(algorithm))),
                    int(sfp::CommandCheck::automatic));
    for (auto c : {sfp::CommandCheck::status, sfp::CommandCheck::wc, sfp::CommandCheck::file, sfp::CommandCheck::xxhsum,
                   sfp::CommandCheck::none})
        check_->addItem(QString::fromUtf8(sfp::to_string(c)), int(c));
    check_->setCurrentIndex(check_->findData(int(command.check)));
    auto* help = new QLabel(tr("Placeholders: {input} ({a} {b} for a pair), {output} (cipher), {block}, {threads} and "
                               "any option by name. Run without a shell unless it starts with sh:."),
                            this);
    help->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Command"), line_);
    form->addRow(tr("Output check"), check_);
    form->addRow(help);
    form->addRow(buttons);
}

sfp::Command CommandDialog::command() const {
    return {name_->text().trimmed().toStdString(), line_->text().toStdString(),
            sfp::CommandCheck(check_->currentData().toInt())};
}

}  // namespace gui
