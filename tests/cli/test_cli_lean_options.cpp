// The lean sfpbench accepts exactly the flags of the full one-run commands (issue 38): the names
// its parser takes (lean_option_names) against those each command declares to Qt's parser
// (cli::describe, what the man page is written from), less --help, --json and --timeline (JSON
// output too), which only the full program answers. A flag added to one parser and not the other fails here.
#include <QtTest>
#include <algorithm>

#include "command_line.hpp"
#include "lean_command.hpp"
#include "one_run.hpp"
#include "sfp/registry.hpp"

namespace {

QStringList full_names(const QString& command) {
    const std::string algorithm = command.toStdString();
    const auto run = [&algorithm](const QStringList& args) { return cli::cmd_one_run(algorithm, args); };
    QStringList names;
    for (const cli::OptionDoc& option : cli::describe(command, {}, run).options)
        for (const QString& name : option.names)
            if (name != "json" && name != "timeline") names << name;
    names.sort();
    return names;
}

QStringList lean_names(const QString& command) {
    QStringList names;
    for (const std::string& name : cli::lean_option_names(command.toStdString())) names << QString::fromStdString(name);
    names.sort();
    return names;
}

}  // namespace

class TestCliLeanOptions : public QObject {
    Q_OBJECT
private slots:
    void sameFlagsAsTheFullParser_data() {  // every algorithm's one-run command, from the registry
        QTest::addColumn<QString>("command");
        for (std::string_view algorithm : sfp::algorithms())
            QTest::newRow(std::string(algorithm).c_str())
                << QString::fromUtf8(algorithm.data(), qsizetype(algorithm.size()));
    }
    void sameFlagsAsTheFullParser() {
        QFETCH(QString, command);
        const QStringList lean = lean_names(command);
        QVERIFY(!lean.isEmpty());
        QCOMPARE(lean, full_names(command));
    }
    // The others it never runs itself: no flag list, so every command line of theirs is handed over.
    void noFlagsForOtherCommands() {
        for (const char* command : {"run", "report", "generate", "strategies", "help", "--help", ""})
            QVERIFY2(cli::lean_option_names(command).empty(), command);
    }
};

QTEST_GUILESS_MAIN(TestCliLeanOptions)
#include "test_cli_lean_options.moc"
