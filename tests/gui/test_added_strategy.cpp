// Issue 27: a strategy is its file plus one line. The test-only compare strategy "bytewise"
// (tests/support/bytewise_strategy.hpp, the file), added by the one line first in main(), is in
// `sfpbench strategies`, in `sfpbench compare --help`, in the bash completion and the man page,
// in the window's strategy list, and runs: `sfpbench compare --strategy bytewise` prints what
// `cmp -l` prints, and `sfpbench run` times it beside a shipped strategy, agreeing with it.
// The CLI's own command code (sfp_cli) runs in this process, which holds the changed registry.
#include <QApplication>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "commands.hpp"
#include "csv_reader.hpp"
#include "main_window.hpp"
#include "reference.hpp"
#include "settings.hpp"
#include "strategy_list.hpp"
#include "sfp/experiment.hpp"
#include "support/bytewise_strategy.hpp"
#include "support/in_process.hpp"
#include "support/temp_files.hpp"

using testing::call;

class TestAddedStrategy : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    // Two files that differ at bytes 3 and 6 (1-based), as `cmp -l` counts.
    QStringList pair() {
        const std::string a = dir_.filePath("a.txt").toStdString(), b = dir_.filePath("b.txt").toStdString();
        testing::write_file(a, testing::Bytes{'a', 'b', 'c', 'd', 'e', 'f'});
        testing::write_file(b, testing::Bytes{'a', 'b', 'X', 'd', 'e', 'Y'});
        return {QString::fromStdString(a), QString::fromStdString(b)};
    }

    // compare's own strategies, from its unit (a shipped strategy added is no change here).
    static QString shipped(const char* separator) {
        QStringList names;
        for (const sfp::Strategy& s : sfp::algorithm_io("compare")->strategies)
            names << QString::fromUtf8(s.name.data(), qsizetype(s.name.size()));
        return names.join(separator);
    }

    static std::vector<cli::CommandDoc> docs() {
        return {cli::describe("compare", "compare two files", testing::one_run("compare")),
                cli::describe("run", "run an experiment", cli::cmd_run)};
    }

private slots:
    void strategiesListsIt() {
        const testing::Printed r = call(cli::cmd_strategies, {"compare"}, dir_.path());
        QCOMPARE(r.code, 0);
        static const QRegularExpression line("^compare +bytewise +- +test only: both files read whole",
                                             QRegularExpression::MultilineOption);
        QVERIFY2(line.match(QString::fromUtf8(r.out)).hasMatch(), r.out.constData());
    }

    // After the shipped ones, the default named with what it does: nothing typed by hand.
    void compareHelpNamesIt() {
        const testing::Printed r = call(testing::one_run("compare"), {"--help"}, dir_.path());
        QCOMPARE(r.code, 0);
        const QString help = QString::fromUtf8(r.out).simplified();
        QVERIFY2(help.contains(shipped(", ") + " or bytewise (default adaptive: measures"), qPrintable(help));
    }

    void completionAndManPageOfferIt() {
        const QString completion = QString::fromStdString(cli::bash_completion(docs()));
        QVERIFY2(completion.contains("compare) echo \"" + shipped(" ") + " bytewise\";;"), qPrintable(completion));
        const QString man = QString::fromStdString(cli::man_page(docs(), "0"));
        QVERIFY(man.contains(".TP\n\\fBbytewise\\fR\ntest only: both files read whole, compared byte by byte\n"));
        QVERIFY(man.contains(".TP\n\\fBadaptive\\fR (default)\n"));
    }

    // The window opens on compare (the registry's first algorithm): bytewise is there, can be
    // checked, and the experiment the form makes names it.
    void theWindowListsIt() {
        gui::MainWindow w(std::make_unique<gui::Settings>(dir_.filePath("settings.ini")));
        auto* list = w.findChild<gui::StrategyList*>("strategyList");
        QVERIFY(list);
        list->setAlgorithm("compare");
        QListWidgetItem* item = list->item(std::string("bytewise"));
        QVERIFY(item);
        QVERIFY(item->flags() & Qt::ItemIsEnabled);
        QCOMPARE(item->toolTip().section('\n', 0, 0),
                 QString("test only: both files read whole, compared byte by byte"));
        list->setChecked({"bytewise"});
        QCOMPARE(list->checked(), std::vector<std::string>{"bytewise"});
    }

    void theOneRunCommandRunsIt() {
        const QStringList files = pair();
        const testing::Printed mine =
            call(testing::one_run("compare"), QStringList{"--strategy", "bytewise"} + files, dir_.path());
        QCOMPARE(mine.code, 1);  // different
        QCOMPARE(mine.out, QByteArray("3 143 130\n6 146 131\n"));
        const testing::Printed shipped =
            call(testing::one_run("compare"), QStringList{"--strategy", "read"} + files, dir_.path());
        QCOMPARE(shipped.out, mine.out);
    }

    // Timed beside read on the same pair: both ok (a disagreement would be MISMATCH), one digest.
    void theRunnerTimesIt() {
        const QStringList files = pair();
        const QString csv = dir_.filePath("runs.csv");
        const testing::Printed r =
            call(cli::cmd_run,
                 {"--algorithm", "compare", "--strategies", "read,bytewise", "--input", files[0], "--input", files[1],
                  "--reps", "2", "--warmup", "0", "--workdir", dir_.filePath("work"), "--csv", csv},
                 dir_.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const std::vector<QStringList> table = test::read_csv(testing::content_of(csv));
        QCOMPARE(table.size(), std::size_t(1 + 2 * 2));
        const qsizetype strategy = table[0].indexOf("strategy"), status = table[0].indexOf("status"),
                        digest = table[0].indexOf("digest");
        QSet<QString> strategies, digests;
        for (std::size_t i = 1; i < table.size(); ++i) {
            QCOMPARE(table[i][status], QString("ok"));
            strategies << table[i][strategy];
            digests << table[i][digest];
        }
        QCOMPARE(strategies, (QSet<QString>{"read", "bytewise"}));
        QCOMPARE(digests.size(), 1);
    }
};

int main(int argc, char** argv) {
    sfp::add_strategy(bytewise::kStrategy);  // the one line: before anything looks a strategy up
    QApplication app(argc, argv);
    TestAddedStrategy test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_added_strategy.moc"
