// The window and the user's own commands (issue 45): the strategy list shows them, a small
// dialog adds, edits and removes one, the experiment file keeps them; and Run asks in a dialog
// that shows every command line in full before the first run: refused, nothing ran.
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "command_dialog.hpp"
#include "support/cli_process.hpp"
#include "controller.hpp"
#include "experiment_file.hpp"
#include "experiment_panel.hpp"
#include "main_window.hpp"
#include "strategy_list.hpp"

using namespace gui;

namespace {

std::unique_ptr<Settings> settings_in(const QTemporaryDir& dir) {
    return std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini")));
}

// A wordcount experiment on one small file whose only strategy is a command that creates `marker`.
sfp::Experiment touching(const QTemporaryDir& dir, const QString& marker) {
    QFile text(dir.filePath(QStringLiteral("t.txt")));
    if (text.open(QIODevice::WriteOnly)) text.write("a b\n");
    sfp::Experiment e;
    e.algorithm = "wordcount";
    e.inputs = {text.fileName().toStdString()};
    e.strategies = {"toucher"};
    e.repetitions = 1;
    e.warmups = 0;
    e.workdir = dir.filePath(QStringLiteral("work")).toStdString();
    e.commands = {{"toucher", "sh:touch " + marker.toStdString() + " # \x1b[2J", sfp::CommandCheck::none}};
    return e;
}

// Answers the next modal dialog (after `act` opens it) with `answer`; the dialog's text, seen.
template <class Answer>
void answer_next_dialog(Answer answer) {
    QTimer::singleShot(0, [answer] {
        QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
        answer(QApplication::activeModalWidget());
    });
}

}  // namespace

class TestWindowCommands : public QObject {
    Q_OBJECT
private slots:
    void addEditRemoveAndSave() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        ExperimentPanel* panel = w.experimentPanel();
        panel->algorithm()->setCurrentText(QStringLiteral("wordcount"));
        answer_next_dialog([](QWidget* modal) {
            auto* dialog = qobject_cast<CommandDialog*>(modal);
            QVERIFY(dialog);
            dialog->findChild<QLineEdit*>(QStringLiteral("commandName"))->setText(QStringLiteral("mywc"));
            dialog->findChild<QLineEdit*>(QStringLiteral("commandLine"))->setText(QStringLiteral("wc {input}"));
            auto* check = dialog->findChild<QComboBox*>(QStringLiteral("commandCheck"));
            check->setCurrentIndex(check->findText(QStringLiteral("none")));
            dialog->accept();
        });
        panel->findChild<QPushButton*>(QStringLiteral("addCommand"))->click();
        QCOMPARE(panel->commands(), (std::vector<sfp::Command>{{"mywc", "wc {input}", sfp::CommandCheck::none}}));
        QListWidgetItem* item = panel->strategies()->item("mywc");
        QVERIFY(item);
        QCOMPARE(item->checkState(), Qt::Checked);
        QVERIFY(item->toolTip().contains(QStringLiteral("wc {input}")));

        panel->strategies()->setCurrentItem(item);
        answer_next_dialog([](QWidget* modal) {
            auto* dialog = qobject_cast<CommandDialog*>(modal);
            QVERIFY(dialog);
            dialog->findChild<QLineEdit*>(QStringLiteral("commandLine"))->setText(QStringLiteral("wc -l {input}"));
            dialog->accept();
        });
        panel->findChild<QPushButton*>(QStringLiteral("editCommand"))->click();
        QCOMPARE(panel->commands().at(0).line, std::string("wc -l {input}"));

        const sfp::Experiment saved = panel->experiment();
        QVERIFY(std::ranges::find(saved.strategies, "mywc") != saved.strategies.end());
        const QString path = dir.filePath(QStringLiteral("spec.json"));
        core::save_experiment(path, saved);
        QCOMPARE(core::load_experiment(path).commands, saved.commands);

        panel->strategies()->setCurrentItem(panel->strategies()->item("mywc"));
        panel->findChild<QPushButton*>(QStringLiteral("removeCommand"))->click();
        QVERIFY(panel->commands().empty());
        QVERIFY(!panel->strategies()->item("mywc"));
    }

    // Run shows every command line in full (its escape made visible) and asks; Cancel: nothing ran.
    void runAsksFirstAndRefusalRunsNothing() {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("ran"));
        MainWindow w(settings_in(dir));
        w.experimentPanel()->setExperiment(touching(dir, marker));
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->problems()));
        QString shown;
        answer_next_dialog([&shown](QWidget* modal) {
            auto* box = qobject_cast<QMessageBox*>(modal);
            QVERIFY(box && box->objectName() == QStringLiteral("commandApproval"));
            shown = box->text();
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!w.run());
        QVERIFY2(shown.contains(QStringLiteral("toucher: sh:touch ") + marker + QStringLiteral(" # \\x1b[2J")),
                 qPrintable(shown));
        QVERIFY(!shown.contains(QChar(0x1b)));
        QVERIFY(!w.controller()->isRunning());
        QTest::qWait(200);
        QVERIFY(!QFile::exists(marker));

        QSignalSpy finished(w.controller(), &core::Controller::finished);
        answer_next_dialog([](QWidget* modal) {
            auto* box = qobject_cast<QMessageBox*>(modal);
            QVERIFY(box);
            for (QAbstractButton* b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::AcceptRole) b->click();  // "Run the commands"
        });
        QVERIFY(w.run());
        QVERIFY(finished.wait(60000));
        QVERIFY(QFile::exists(marker));
    }

    // Without a window nobody is asked: a file's commands run only with --allow-commands.
    void headlessRefusesUnlessAllowed() {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("ran")), spec = dir.filePath(QStringLiteral("spec.json"));
        core::save_experiment(spec, touching(dir, marker));
        const QStringList args = {QStringLiteral("--headless"), spec, QStringLiteral("--csv"),
                                  dir.filePath(QStringLiteral("runs.csv"))};
        const testing::ProcessSetup offscreen{.env = {QStringLiteral("QT_QPA_PLATFORM=offscreen")}};
        const testing::Output refused = testing::run(QStringLiteral(SFPBENCH_GUI), args, offscreen);
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("--allow-commands") && refused.err.contains("toucher: sh:touch"),
                 refused.err.constData());
        QVERIFY(!QFile::exists(marker));
        const testing::Output allowed = testing::run(QStringLiteral(SFPBENCH_GUI),
                                                     args + QStringList{QStringLiteral("--allow-commands")}, offscreen);
        QVERIFY2(allowed.code == 0, allowed.err.constData());
        QVERIFY(QFile::exists(marker));
    }
};

QTEST_MAIN(TestWindowCommands)
#include "test_window_commands.moc"
