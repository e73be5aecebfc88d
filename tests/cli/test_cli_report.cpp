// `sfpbench report` and `sfpbench run --markdown` as a user runs them: the real executable on the
// fixed fixtures (tests/app/data), its files checked with poppler's pdfinfo, pdftotext, pdffonts.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <vector>
#include <cmath>

#include "support/cli_process.hpp"

namespace {

using Result = testing::Output;
using testing::run;

// As on a machine without a display: no DISPLAY, no platform chosen.
Result sfpbench(const QStringList& args, const QString& dir = {}) {
    return testing::sfpbench(args, {.cwd = dir, .unset = {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}});
}

QByteArray content_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
QString data(const QString& name) { return QStringLiteral(SFP_TEST_DATA "/") + name; }
QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
}

// The reference renderings of the table's values, written here from their definitions.
QString block_words(const QJsonValue& v) {
    if (v.isNull()) return "-";
    const qint64 b = v.toInteger();
    return b % (1 << 20) == 0 ? QString::number(b >> 20) + "M"
           : b % 1024 == 0    ? QString::number(b >> 10) + "K"
                              : QString::number(b);
}
QString duration_words(double s) {
    if (s >= 1) return QString::number(s, 'f', 2) + " s";
    if (s >= 1e-3) return QString::number(s * 1e3, 'f', 2) + " ms";
    return QString::number(std::llround(s * 1e6)) + " us";
}

int pages_of(const QString& pdf) {
    const QRegularExpressionMatch m =
        QRegularExpression("Pages:\\s+(\\d+)").match(QString::fromUtf8(run("pdfinfo", {pdf}).out));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}
QString text_of(const QString& pdf) { return QString::fromUtf8(run("pdftotext", {"-layout", pdf, "-"}).out); }

}  // namespace

class TestCliReport : public QObject {
    Q_OBJECT
private slots:
    void markdownFromTheCliIsTheGoldenFile() {
        QTemporaryDir dir;
        const QString md = dir.filePath("r.md");
        const Result r = sfpbench({"report", data("report_a.json"), "--markdown", md});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(content_of(md), content_of(data("report_a.md")));
    }

    // The fixture has 7 cells over block size and threads: one text page, four plots (block
    // size, threads, slowdown, why) on two pages, two pages of tables (results, why) and replay.
    void pdfHoldsMachineMethodAndEveryCell() {
        QTemporaryDir dir;
        const QString pdf = dir.filePath("r.pdf");
        const Result r = sfpbench({"report", data("report_a.json"), "--pdf", pdf});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(content_of(pdf).startsWith("%PDF-"));
        QCOMPARE(pages_of(pdf), 5);
        const QString text = text_of(pdf), words_only = text.simplified();  // phrases may wrap
        const QJsonObject json = QJsonDocument::fromJson(content_of(data("report_a.json"))).object();
        const QJsonObject machine = json["machine"].toObject();
        for (const char* key : {"host", "cpu_model", "kernel", "filesystem"})
            QVERIFY2(text.contains(machine[key].toString()), key);
        for (const char* words :
             {"Method", "Repetitions", "interleaved", "seed 1", "engine's own threads", "child processes", "wait4",
              "MISMATCH", "Counters per unit of work", "Replay", "sfpbench run experiment.json",
              "\"algorithm\": \"compare\"", "Elapsed time against block size", "Elapsed time against threads",
              "relative to the fastest"})
            QVERIFY2(words_only.contains(QString::fromUtf8(words)), words);
        const QJsonArray cells = json["cells"].toArray(), stats = json["statistics"].toArray();
        for (qsizetype i = 0; i < cells.size(); ++i) {
            const QJsonObject c = cells[i].toObject();
            const QString row = QStringLiteral("%1\\s+%2\\s+%3\\s+%4\\s+%5")
                                    .arg(c["strategy"].toString(), block_words(c["block_size"]),
                                         c["threads"].isNull() ? "-" : QString::number(c["threads"].toInt()),
                                         QString::number(stats[i]["real_s"]["n"].toInt()),  // the runs column
                                         duration_words(stats[i]["real_s"]["median"].toDouble()));
            QVERIFY2(QRegularExpression(row).match(text).hasMatch(), qPrintable(row));
        }
        // Every font embedded: the "emb" column of pdffonts says yes on every font line.
        const QStringList fonts = QString::fromUtf8(run("pdffonts", {pdf}).out).split('\n', Qt::SkipEmptyParts).mid(2);
        QVERIFY(!fonts.isEmpty());
        for (const QString& line : fonts) QVERIFY2(line.contains(" yes "), qPrintable(line));
    }

    // A second report sets its medians beside the first in a ratio table.
    void otherReportsBecomeARatioTable() {
        QTemporaryDir dir;
        const QString md = dir.filePath("r.md"), pdf = dir.filePath("r.pdf");
        const Result r =
            sfpbench({"report", data("report_a.json"), data("report_b.json"), "--markdown", md, "--pdf", pdf});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(content_of(md).contains("### Compared with report_b"));
        QVERIFY(text_of(pdf).contains("Compared with report_b"));
    }

    // Cancelled, and one run disagreed: both documents say so at the top and in the warnings.
    void cancelledOrFailedExperimentSaysSo() {
        QTemporaryDir dir;
        QJsonObject json = QJsonDocument::fromJson(content_of(data("report_a.json"))).object();
        json["cancelled"] = true;
        QJsonArray runs = json["runs"].toArray();
        QJsonObject run0 = runs[0].toObject();
        run0["status"] = "MISMATCH";
        runs[0] = run0;
        json["runs"] = runs;
        // ... and the cell's statistics as sfpbench states them: of its ok runs alone.
        const int cell = run0["cell"].toInt();
        std::vector<double> ok;
        for (const QJsonValue& run : runs)
            if (run["cell"].toInt() == cell && run["status"].toString() == "ok")
                ok.push_back(run["result"]["real_s"].toDouble());
        std::sort(ok.begin(), ok.end());
        QJsonArray stats = json["statistics"].toArray();
        for (qsizetype i = 0; i < stats.size(); ++i) {
            QJsonObject s = stats[i].toObject(), real = s["real_s"].toObject();
            if (s["cell"].toInt() != cell) continue;
            real["n"] = int(ok.size());
            real["median"] = ok.size() % 2 ? ok[ok.size() / 2] : (ok[ok.size() / 2 - 1] + ok[ok.size() / 2]) / 2;
            s["real_s"] = real;
            stats[i] = s;
        }
        json["statistics"] = stats;
        QFile f(dir.filePath("cancelled.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(json).toJson());
        f.close();
        const Result r = sfpbench({"report", f.fileName(), "--pdf", "r.pdf", "--markdown", "r.md"}, dir.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const QString pdf = text_of(dir.filePath("r.pdf")).simplified();
        const QByteArray md = content_of(dir.filePath("r.md"));
        for (const char* words :
             {"Cancelled:", "1 of 21 runs did not succeed", "1 run MISMATCH: their outcome differs"}) {
            QVERIFY2(pdf.contains(QString::fromUtf8(words)), words);
            QVERIFY2(md.contains(words), words);
        }
        QVERIFY(md.contains("> **Cancelled:"));
    }

    // Bad input or output: exit 2, one message naming the culprit, nothing written or left.
    void badInputOrOutputExits2AndLeavesNothing_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("not a report") << QStringList{"report", "spec.json", "--pdf", "out.pdf"}
                                      << "report 'spec.json': not an sfpbench report";
        QTest::newRow("not json") << QStringList{"report", "junk.json", "--markdown", "out.md"}
                                  << "report 'junk.json': not JSON";
        QTest::newRow("missing") << QStringList{"report", "none.json", "--markdown", "out.md"}
                                 << "report 'none.json': cannot read: No such file";
        QTest::newRow("no directory") << QStringList{"report", "good.json", "--pdf", "nodir/out.pdf"}
                                      << "--pdf 'nodir/out.pdf': directory";
        QTest::newRow("a directory") << QStringList{"report", "good.json", "--markdown", "sub"}
                                     << "--markdown 'sub' is a directory";
        QTest::newRow("over its input") << QStringList{"report", "good.json", "--markdown", "good.json"}
                                        << "would overwrite an input";
        QTest::newRow("no output") << QStringList{"report", "good.json"} << "give --markdown FILE, --pdf FILE or both";
    }
    void badInputOrOutputExits2AndLeavesNothing() {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        QTemporaryDir dir;
        QVERIFY(QFile::copy(data("report_a.json"), dir.filePath("good.json")));
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        for (const auto& [name, text] : {std::pair{"spec.json", R"({"version": 1, "algorithm": "compare"})"},
                                         std::pair{"junk.json", "not json at all"}}) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        const QStringList before = entries(dir.path());
        const QByteArray good = content_of(dir.filePath("good.json"));
        const Result r = sfpbench(args, dir.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith("sfpbench: ") && r.err.count('\n') == 1 && r.err.contains(says.toUtf8()),
                 r.err.constData());
        QCOMPARE(entries(dir.path()), before);
        QCOMPARE(content_of(dir.filePath("good.json")), good);
    }

    // sfpbench draws nothing itself: `report --pdf` runs sfpbench-draw (beside sfpbench-full, which
    // sfpbench hands it to, or installed in LIBEXECDIR/sfpbench). Copies of the two without it say
    // so and write nothing, exit 2.
    void pdfWithoutTheDrawingHelperExits2AndWritesNothing() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("bin"));
        const QString lone = dir.filePath("bin/sfpbench");
        QVERIFY(QFile::copy(SFPBENCH, lone));
        QVERIFY(QFile::copy(SFPBENCH_FULL, dir.filePath("bin/sfpbench-full")));
        QVERIFY(QFile::copy(data("report_a.json"), dir.filePath("good.json")));
        const QStringList before = entries(dir.path());
        const QStringList args{"report", "good.json", "--markdown", "r.md", "--pdf", "r.pdf"};
        const Result r = run(lone, args, {.cwd = dir.path()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith("sfpbench: report --pdf: cannot run sfpbench-draw") && r.err.count('\n') == 1 &&
                     r.err.contains(dir.filePath("bin/sfpbench-draw").toUtf8()) && r.err.contains("No such file"),
                 r.err.constData());
        QCOMPARE(entries(dir.path()), before);
        QCOMPARE(run(lone, {"--version"}).code, 0);  // the commands that draw nothing run without it
    }

    // `run --markdown` writes the table of the run it just made.
    void runWritesMarkdown() {
        QTemporaryDir dir;
        const Result r = sfpbench({"run", "--algorithm", "compare", "--strategies", "read,mmap", "--sizes", "1M",
                                   "--reps", "2", "--warmup", "0", "--workdir", "work", "--markdown", "r.md"},
                                  dir.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const QString md = QString::fromUtf8(content_of(dir.filePath("r.md")));
        QVERIFY2(md.contains("| strategy | block size | runs | median |") &&
                     QRegularExpression(R"(\| (\*\*)?read(\*\*)? \| (\*\*)?4K)").match(md).hasMatch() &&
                     QRegularExpression(R"(\| (\*\*)?mmap(\*\*)? \| (\*\*)?-)").match(md).hasMatch(),
                 qPrintable(md));
        // one fastest row in the results, the same cell's in the Why table
        QCOMPARE(md.count(QRegularExpression(R"(^\| \*\*)", QRegularExpression::MultilineOption)), 2);
    }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "test_cli_report.moc"
