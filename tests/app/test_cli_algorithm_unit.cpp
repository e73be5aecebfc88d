// The proof that an algorithm is one unit, at the front end: the test-only "dirsum"
// (tests/support/dirsum_unit.hpp: a directory input, a swept choice "visit") is added with
// sfp::add_algorithm() and `sfpbench run` / `sfpbench strategies` -- the CLI's own command code,
// linked as the sfp_cli library and called in-process -- take its flag, run its matrix and write
// its CSV and report JSON (dirsum's own outcome type, described and digested) without a line
// of app code naming it.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

#include "cli_support.hpp"
#include "commands.hpp"
#include "csv_reader.hpp"
#include "experiment_file.hpp"
#include "support/dirsum_unit.hpp"
#include "support/in_process.hpp"
#include "support/temp_files.hpp"

namespace {

using testing::call;
using testing::content_of;
using testing::Printed;

void make_tree(const std::string& root) {
    std::filesystem::create_directories(root + "/x/y");
    testing::write_file(root + "/first.bin", testing::pattern(5000, 4));
    testing::write_file(root + "/x/second.bin", testing::pattern(100000, 5));
    testing::write_file(root + "/x/y/third.bin", testing::pattern(1, 6));
}

}  // namespace

class TestCliAlgorithmUnit : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    // Two visits x two block sizes x two repetitions: 8 rows, a "visit" column naming the
    // choice, every digest the reference's.
    void runWritesTheChoiceColumnAndTheDigests() {
        const std::string root = dir_.path().toStdString() + "/tree";
        make_tree(root);
        const QString csv = dir_.path() + "/runs.csv";
        const Printed r = call(
            cli::cmd_run,
            {"--algorithm", "dirsum", "--input", QString::fromStdString(root), "--visit", "sorted,reversed", "--block",
             "4K,64K", "--reps", "2", "--warmup", "0", "--workdir", dir_.path() + "/work", "--csv", csv},
            dir_.path());
        QCOMPARE(r.code, 0);
        const std::vector<QStringList> table = test::read_csv(content_of(csv));
        QCOMPARE(table.size(), std::size_t(1 + 8));
        const QStringList& header = table[0];
        const auto column = [&](const char* name) {
            const qsizetype i = header.indexOf(name);
            if (i < 0) qFatal("no column %s", name);
            return i;
        };
        const QString digest = QString::fromStdString(sfp::digest_of(dirsum::reference(root)));
        QSet<QString> cells;
        for (std::size_t i = 1; i < table.size(); ++i) {
            const QStringList& row = table[i];
            QCOMPARE(row[column("algorithm")], QString("dirsum"));
            QCOMPARE(row[column("strategy")], QString("walk"));
            QCOMPARE(row[column("status")], QString("ok"));
            QCOMPARE(row[column("digest")], digest);
            QCOMPARE(row[column("bytes")], QString::number(5000 + 100000 + 1));
            QCOMPARE(row[column("file_size")], QString::number(5000 + 100000 + 1));  // the tree's bytes
            cells.insert(row[column("visit")] + "/" + row[column("block_size")] + "/" + row[column("repetition")]);
        }
        QCOMPARE(cells, (QSet<QString>{"sorted/4096/1", "sorted/4096/2", "sorted/65536/1", "sorted/65536/2",
                                       "reversed/4096/1", "reversed/4096/2", "reversed/65536/1", "reversed/65536/2"}));
    }

    // The report JSON holds dirsum's outcome as its description says (no app code knows the
    // fields) next to its digest; a planted miscount at one block size is flagged MISMATCH in
    // the CSV and the JSON, and the run exits 2.
    void theReportDescribesItsOutcomeAndFlagsAPlantedDisagreement() {
        const std::string root = dir_.path().toStdString() + "/described";
        make_tree(root);
        const dirsum::Sum expected = dirsum::reference(root);
        const QString json = dir_.path() + "/runs.json", csv = dir_.path() + "/planted.csv";
        dirsum::wrong_at_block = 65536;
        const Printed r =
            call(cli::cmd_run,
                 {"--algorithm", "dirsum", "--input", QString::fromStdString(root), "--block", "4K,64K,1M", "--reps",
                  "1", "--warmup", "0", "--workdir", dir_.path() + "/work", "--json", json, "--csv", csv},
                 dir_.path());
        dirsum::wrong_at_block = 0;
        QCOMPARE(r.code, 2);  // runs disagreed

        const QJsonArray runs = QJsonDocument::fromJson(content_of(json)).object().value("runs").toArray();
        QCOMPARE(runs.size(), 3);
        for (const QJsonValue& v : runs) {
            const QJsonObject run = v.toObject(), result = run.value("result").toObject();
            const QJsonObject outcome = result.value("outcome").toObject();
            const bool planted =
                outcome.value("checksum_fnv").toString() != QString::fromStdString(sfp::hex16(expected.checksum));
            QCOMPARE(outcome.keys(), (QStringList{"bytes", "checksum_fnv", "files"}));
            QVERIFY(outcome.value("files").isDouble());  // numbers stay numbers
            QCOMPARE(outcome.value("files").toInteger(), qint64(expected.files));
            QCOMPARE(outcome.value("bytes").toInteger(), qint64(expected.bytes));
            QCOMPARE(result.value("digest").toString() == QString::fromStdString(sfp::digest_of(expected)), !planted);
            QCOMPARE(run.value("status").toString(), QString(planted ? "MISMATCH" : "ok"));
        }

        const std::vector<QStringList> table = test::read_csv(content_of(csv));
        QCOMPARE(table.size(), std::size_t(1 + 3));
        const qsizetype status = table[0].indexOf("status"), digest = table[0].indexOf("digest"),
                        block = table[0].indexOf("block_size");
        for (std::size_t i = 1; i < table.size(); ++i) {
            const bool planted = table[i][block] == "65536";
            QCOMPARE(table[i][status], QString(planted ? "MISMATCH" : "ok"));
            QCOMPARE(table[i][digest] == QString::fromStdString(sfp::digest_of(expected)), !planted);
        }
    }

    // A value the choice does not have is refused before anything runs, naming the flag.
    void aBadChoiceIsRefused() {
        const QString csv = dir_.path() + "/bad.csv";
        const Printed r =
            call(cli::cmd_run, {"--algorithm", "dirsum", "--input", dir_.path(), "--visit", "sideways", "--csv", csv},
                 dir_.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.usage_error.contains("--visit") && r.usage_error.contains("sorted or reversed"),
                 qPrintable(r.usage_error));
        QVERIFY(!QFile::exists(csv));
    }

    // `generate` takes each kind's flags from the kinds table: a pair's named offsets, a tree
    // sized by --size, and a flag of another kind refused before anything is written.
    void generateFollowsTheKindsTable() {
        const QString a = dir_.path() + "/a.bin", b = dir_.path() + "/b.bin";
        QCOMPARE(
            call(cli::cmd_generate, {"pair", a, b, "--size", "4097", "--mismatch-at", "middle,last,7"}, dir_.path())
                .code,
            0);
        const testing::Bytes x = testing::read_file(a.toStdString()), y = testing::read_file(b.toStdString());
        QCOMPARE(x.size(), std::size_t(4097));
        QCOMPARE(y.size(), std::size_t(4097));
        for (std::size_t i = 0; i < x.size(); ++i) QCOMPARE(x[i] != y[i], i == 7 || i == 2048 || i == 4096);

        const Printed wrong = call(cli::cmd_generate, {"random", dir_.path() + "/r.bin", "--files", "3"}, dir_.path());
        QCOMPARE(wrong.code, 2);
        QVERIFY2(wrong.usage_error.contains("--files") && wrong.usage_error.contains("generate tree"),
                 qPrintable(wrong.usage_error));
        QVERIFY(!QFile::exists(dir_.path() + "/r.bin"));

        const std::string tree = dir_.path().toStdString() + "/made";
        const Printed made =
            call(cli::cmd_generate, {"tree", QString::fromStdString(tree), "--size", "1M"}, dir_.path());
        QCOMPARE(made.code, 0);
        std::uint64_t files = 0, bytes = 0;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(tree))
            if (entry.is_regular_file()) ++files, bytes += entry.file_size();
        QVERIFY(files > 1);
        QCOMPARE(made.out.trimmed(),
                 QByteArray::number(qulonglong(files)) + " files, " + QByteArray::number(qulonglong(bytes)) + " bytes");
    }

    // The experiment check (the window's form, saved files) takes the unit's kind from its
    // table: a tree by default, files refused for a directory algorithm, naming data_kind.
    void theExperimentCheckKnowsTheUnitsKind() {
        QCOMPARE(core::default_data_kind("dirsum"), std::string("tree"));
        sfp::Experiment e;
        e.algorithm = "dirsum";
        e.sizes = {1 << 20};
        e.data_kind = "tree";
        core::check_experiment(e);
        e.data_kind = "text";
        try {
            core::check_experiment(e);
            QFAIL("accepted");
        } catch (const core::SpecError& err) {
            QCOMPARE(err.field, std::string("data_kind"));
            QVERIFY2(err.reason.find("reads a directory") != std::string::npos, err.reason.c_str());
        }
    }

    // `strategies dirsum` lists its strategy and its parameter table, the choice included.
    void strategiesListsTheUnit() {
        const Printed r = call(cli::cmd_strategies, {"dirsum"}, dir_.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("walk") && r.out.contains("visit") && r.out.contains("sorted or reversed"),
                 r.out.constData());
        QVERIFY2(r.out.contains("dirsum reads one directory per run; run --sizes generates data kind tree"),
                 r.out.constData());
    }

    // `sfpbench dirsum DIR` is a one-run command without a line of CLI code naming it: its
    // operand from its input kind, its flags from its table, its help from its unit.
    void itIsAOneRunCommand() {
        const Printed help = call(testing::one_run("dirsum"), {"--help"}, dir_.path());
        QCOMPARE(help.code, 0);
        QVERIFY2(help.out.startsWith("Usage: sfpbench dirsum [options] DIR\nRun dirsum once on one directory"),
                 help.out.constData());
        QVERIFY2(help.out.contains("--visit <name>") && help.out.contains("--strategy <name>  walk (default walk:"),
                 help.out.constData());
        const std::string root = dir_.path().toStdString() + "/one-run";
        make_tree(root);
        const Printed ran =
            call(testing::one_run("dirsum"), {"--visit", "reversed", QString::fromStdString(root)}, dir_.path());
        QVERIFY2(ran.code == 0, ran.err.constData());
        QVERIFY2(ran.err.contains("real "), ran.err.constData());  // the timing line
        const Printed none = call(testing::one_run("dirsum"), {}, dir_.path());
        QCOMPARE(none.code, 2);
        QCOMPARE(none.usage_error, QString("dirsum needs one directory (DIR); got none"));
    }
};

int main(int argc, char** argv) {
    dirsum::add();  // before anything looks an algorithm up
    QCoreApplication app(argc, argv);
    TestCliAlgorithmUnit test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_cli_algorithm_unit.moc"
