// The written report from fixed report JSON fixtures (tests/app/data, two real `sfpbench run
// --json` results with the host and paths made neutral): the Markdown is compared with a golden
// file, and its claims (fastest in bold, ratios, cancelled or failed runs) are checked against
// values computed here from the JSON itself.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <vector>

#include "hand_made.hpp"
#include "report_export.hpp"
#include "report_load.hpp"
#include "report_markdown.hpp"
#include "report_format.hpp"
#include "summary_text.hpp"

namespace {

QByteArray content_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
QString data(const QString& name) { return QStringLiteral(SFP_TEST_DATA "/") + name; }
QJsonObject json_of(const QString& name) { return QJsonDocument::fromJson(content_of(data(name))).object(); }
sfp::ExperimentReport report_of(const QJsonObject& json) {
    return core::report_from_json(QJsonDocument(json).toJson(), QStringLiteral("test.json"));
}

// The table rows of the Markdown (lines starting with "| " after the header and rule).
QStringList rows_of(const QString& md) {
    QStringList rows;
    const QStringList lines = md.split('\n');
    for (qsizetype i = 2; i < lines.size(); ++i)
        if (lines[i].startsWith("| ") && lines[i - 1].startsWith("| ") && !lines[i].startsWith("| ---"))
            if (lines[i - 1].startsWith("| ---") || rows.contains(lines[i - 1])) rows << lines[i];
    return rows;
}

// The reference: per input set, the cell with the lowest median among those that ran.
std::size_t fastest_cell(const QJsonObject& json) {
    std::size_t best = 0;
    double best_median = 1e300;
    for (const QJsonValue& v : json["statistics"].toArray()) {
        const QJsonObject real = v["real_s"].toObject();
        if (real["n"].toInt() > 0 && real["median"].toDouble() < best_median)
            best_median = real["median"].toDouble(), best = std::size_t(v["cell"].toInt());
    }
    return best;
}

}  // namespace

class TestReportMarkdown : public QObject {
    Q_OBJECT
private slots:
    void markdownMatchesTheGoldenFile() {
        const QByteArray md = core::report_markdown(core::load_report(data("report_a.json")));
        const QByteArray golden = content_of(data("report_a.md"));
        QVERIFY(!golden.isEmpty());
        if (md != golden) {
            QFile out(QDir::temp().filePath("report_a.actual.md"));
            if (out.open(QIODevice::WriteOnly)) out.write(md);
            qWarning("differs from the golden file; wrote %s", qPrintable(out.fileName()));
        }
        QCOMPARE(md, golden);
    }

    // One row per cell, and exactly the fastest (computed here from the JSON) in bold.
    void everyCellHasARowAndTheFastestIsBold() {
        const QJsonObject json = json_of("report_a.json");
        const QString md = QString::fromUtf8(core::report_markdown(report_of(json)));
        const QStringList rows = rows_of(md.left(md.indexOf("\n## ", md.indexOf("## Results"))));  // the results tables
        const QJsonArray cells = json["cells"].toArray();
        QCOMPARE(rows.size(), cells.size());
        const std::size_t fastest = fastest_cell(json);
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QString strategy = cells[i]["strategy"].toString();
            QVERIFY2(rows[i].startsWith("| " + strategy + " |") || rows[i].startsWith("| **" + strategy + "** |"),
                     qPrintable(rows[i]));
            QCOMPARE(rows[i].contains("**"), std::size_t(i) == fastest);
        }
        QVERIFY(rows[qsizetype(fastest)].contains("| **1.00** |"));
    }

    // CV % is the runs' spread, computed here from each cell's raw run times in the JSON (sample
    // standard deviation over the mean), not taken from the report's statistics.
    void cvColumnIsTheSpreadOfTheRuns() {
        const QJsonObject json = json_of("report_a.json");
        const QString md = QString::fromUtf8(core::report_markdown(report_of(json)));
        const QStringList rows = rows_of(md.left(md.indexOf("\n## ", md.indexOf("## Results"))));  // the results tables
        const QJsonArray cells = json["cells"].toArray();
        QCOMPARE(rows.size(), cells.size());
        for (qsizetype c = 0; c < cells.size(); ++c) {
            std::vector<double> t;
            for (const QJsonValue& run : json["runs"].toArray())
                if (run["cell"].toInt() == c && run["status"].toString() == "ok")
                    t.push_back(run["result"]["real_s"].toDouble());
            QVERIFY(t.size() > 1);
            double mean = 0, squares = 0;
            for (double x : t) mean += x / double(t.size());
            for (double x : t) squares += (x - mean) * (x - mean);
            const double cv = std::sqrt(squares / double(t.size() - 1)) / mean * 100;
            const QStringList fields = QString(rows[c]).remove("**").split(" | ");
            QCOMPARE(fields.value(6), QString::number(cv, 'f', 1));  // strategy, block, threads, runs, median, CI, CV
        }
    }

    // A second result set: one ratio row per cell both have, the ratio computed here.
    void ratioTableComparesMatchingCells() {
        const QJsonObject a = json_of("report_a.json"), b = json_of("report_b.json");
        const QString md =
            QString::fromUtf8(core::report_markdown(report_of(a), {{QStringLiteral("second"), report_of(b)}}));
        QVERIFY(md.contains("### Compared with second"));
        const QJsonArray sa = a["statistics"].toArray(), sb = b["statistics"].toArray();
        for (qsizetype i = 0; i < sa.size(); ++i) {  // same spec: the same cells in the same order
            const double ratio = sb[i]["real_s"]["median"].toDouble() / sa[i]["real_s"]["median"].toDouble();
            const QString row = QStringLiteral("| %1 | %2 |")
                                    .arg(core::duration_text(sb[i]["real_s"]["median"].toDouble()))
                                    .arg(QString::number(ratio, 'f', 2));
            QVERIFY2(md.contains(row), qPrintable(row));
        }
        QVERIFY(md.contains(QStringLiteral("%1 of %1 cells here have a match in second").arg(sa.size())));
    }

    // Cancelled after some runs, one of which failed: the report says both, and marks the cell.
    void cancelledAndFailedRunsAreSaid() {
        QJsonObject json = json_of("report_a.json");
        QJsonArray runs = json["runs"].toArray();
        const qsizetype planned = runs.size();
        while (runs.size() > planned - 5) runs.removeLast();
        QJsonObject first = runs[0].toObject();
        first["status"] = "error";
        runs[0] = first;
        json["runs"] = runs;
        json["cancelled"] = true;
        const QString md = QString::fromUtf8(core::report_markdown(report_of(json)));
        QVERIFY(md.contains(QStringLiteral("Cancelled: %1 of %2 timed runs completed").arg(planned - 5).arg(planned)));
        QVERIFY(md.contains(QStringLiteral("1 of %1 runs did not succeed").arg(planned - 5)));
        QVERIFY(md.contains("1 run error"));
        const qsizetype cell = first["cell"].toInt();
        QVERIFY2(rows_of(md)[cell].contains(" runs error"), qPrintable(rows_of(md)[cell]));
        // and a complete report says neither
        const QString clean = QString::fromUtf8(core::report_markdown(report_of(json_of("report_a.json"))));
        QVERIFY(!clean.contains("Cancelled:") && !clean.contains("did not succeed (failed"));
    }

    // What the loader reads is what report_json wrote: cells, statistics, machine and spec.
    // A report written before the device was recorded still loads, and says it is not known.
    void aReportWithoutADeviceSaysUnknown() {
        QJsonObject json = json_of("report_a.json");
        QJsonObject machine = json["machine"].toObject();
        machine.remove("device");
        json["machine"] = machine;
        QCOMPARE(report_of(json).machine.device, std::string("unknown"));
        QVERIFY(
            QString::fromUtf8(core::report_markdown(report_of(json))).contains("**Device of the inputs**: unknown"));
        QCOMPARE(report_of(json_of("report_a.json")).machine.device, std::string("/dev/vda"));
    }

    // When it was measured: read back, shown in the method list; a report written before it was
    // recorded reads as unknown and says so, and writes no time it does not know.
    void measuredAtIsShownOrUnknown() {
        QJsonObject json = json_of("report_a.json");
        QCOMPARE(report_of(json).measured_at, std::string("2026-11-22T18:05:57Z"));
        QVERIFY(QString::fromUtf8(core::report_markdown(report_of(json)))
                    .contains("- **Measured**: 2026-11-22 18:05:57 UTC\n"));
        json.remove("measured_at");
        const sfp::ExperimentReport old = report_of(json);
        QCOMPARE(old.measured_at, std::string());
        QVERIFY(QString::fromUtf8(core::report_markdown(old)).contains("- **Measured**: unknown"));
        QVERIFY(QJsonDocument::fromJson(core::report_json(old)).object()["measured_at"].isNull());
    }

    // report_a.json is from before comparisons were recorded: what it says is kept (the
    // statistics and rankings gain fields, lose none), and what this version writes reads back
    // whole.
    void loadingKeepsWhatTheReportSays() {
        const QJsonObject json = json_of("report_a.json");
        const QJsonObject again = QJsonDocument::fromJson(core::report_json(report_of(json))).object();
        for (const char* key :
             {"experiment", "machine", "cells", "fits", "input_sets", "cancelled", "cache_method", "measured_at"})
            QVERIFY2(again[key] == json[key], key);
        QCOMPARE(again["runs"].toArray().size(), json["runs"].toArray().size());
        for (const char* list : {"statistics", "rankings"}) {
            const QJsonArray was = json[list].toArray(), now = again[list].toArray();
            QCOMPARE(now.size(), was.size());
            for (qsizetype i = 0; i < was.size(); ++i) {
                const QJsonObject o = was[i].toObject();
                for (auto it = o.begin(); it != o.end(); ++it)
                    if (it.key() != "slower") QVERIFY2(now[i].toObject()[it.key()] == it.value(), qPrintable(it.key()));
            }
        }
        const QJsonArray slower_was = json["rankings"][0]["slower"].toArray(),
                         slower_now = again["rankings"][0]["slower"].toArray();
        QCOMPARE(slower_now.size(), slower_was.size());
        for (qsizetype i = 0; i < slower_was.size(); ++i)
            for (const char* key : {"cell", "ratio"}) QCOMPARE(slower_now[i][key], slower_was[i][key]);
        const QJsonObject third = QJsonDocument::fromJson(core::report_json(report_of(again))).object();
        QCOMPARE(third, again);
    }

    // Cancelled after one round: single runs. Their CI and CV are n/a (not 0), the fastest of them
    // is not in bold, the verdicts and the summary say why, and the table counts the runs.
    void singleRunsSayNotApplicable() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "compare";
        r.experiment.repetitions = 5;
        r.cancelled = true;
        r.input_sets = {{{"/in/a", "/in/b"}, 1 << 20}};
        r.cells = {hand_made::cell("read", 4096, 0, 1 << 20), hand_made::cell("mmap", 0, 0, 1 << 20)};
        r.runs = {hand_made::run(0, 1, 0.2), hand_made::run(1, 1, 0.1)};
        for (std::size_t c = 0; c < 2; ++c) {
            sfp::CellStats st;
            st.cell = c;
            st.real = sfp::summarize({r.runs[c].result.real_s});
            st.throughput_mbs = 2.0 / r.runs[c].result.real_s;
            r.stats.push_back(st);
        }
        r.rankings = {sfp::rank_cells(0, {{0, 0.2}, {1, 0.1}})};
        r.rankings[0].slower[0].vs_fastest = sfp::compare_cells(r, 1, 0);
        const QString md = QString::fromUtf8(core::report_markdown(r));
        QVERIFY2(md.contains("| read | 4K | 1 | 200.00 ms | n/a | n/a | 10.0 | n/a | 2.00 | too few runs (n=1) |"),
                 qPrintable(md));
        QVERIFY2(md.contains("| mmap | - | 1 | 100.00 ms | n/a | n/a | 20.0 | n/a | 1.00 | fastest of single runs |"),
                 qPrintable(md));
        const QString results = md.left(md.indexOf("\n## ", md.indexOf("## Results")));
        QVERIFY2(results.count(QRegularExpression(R"(^\| \*\*)", QRegularExpression::MultilineOption)) == 0,
                 qPrintable(results));  // no bold row
        const QString text = core::summary_text(r);
        QVERIFY2(text.contains("fastest: mmap block=- threads=-, 0.1 s (a single run: no spread, no verdict)\n"),
                 qPrintable(text));
        QVERIFY2(
            text.contains(
                "read block=4K threads=-: 0.2 s, 2.00× slower, too few repetitions for a verdict (n=1; 6 needed)\n"),
            qPrintable(text));
    }

    // An old report's comparisons are worked out from its runs (interleaved: paired by round),
    // as the runner would have; the noise band is the default.
    void anOldReportsComparisonsComeFromItsRuns() {
        const sfp::ExperimentReport r = report_of(json_of("report_a.json"));
        QCOMPARE(r.noise, sfp::kDefaultNoise);
        const sfp::Ranking& ranking = r.rankings.at(0);
        QVERIFY(!ranking.slower.empty());
        for (const sfp::RankedCell& s : ranking.slower) {
            sfp::Comparison expected = sfp::compare_cells(r, ranking.fastest_cell, s.cell);
            expected.ratio = s.vs_fastest.ratio;  // as recorded
            QCOMPARE(s.vs_fastest, expected);
            QVERIFY(s.vs_fastest.paired);
            QCOMPARE(s.vs_fastest.n(), std::size_t(3));
        }
    }

    void notAReportIsRefusedByName_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("not json") << QByteArray("hello") << "not JSON";
        QTest::newRow("array") << QByteArray("[1]") << "not an sfpbench report";
        QTest::newRow("a spec") << content_of(data("report_a.json")).replace("sfpbench-report", "x")
                                << "not an sfpbench report";
        QJsonObject bad = json_of("report_a.json");
        bad["version"] = 7;
        QTest::newRow("version") << QJsonDocument(bad).toJson() << "format version 7 (written by a newer sfpbench)";
        bad = json_of("report_a.json");
        bad["measured_at"] = "last Tuesday";
        QTest::newRow("measured_at") << QJsonDocument(bad).toJson()
                                     << "field 'measured_at': expected an ISO 8601 UTC time";
        bad = json_of("report_a.json");
        QJsonArray runs = bad["runs"].toArray();
        QJsonObject run = runs[0].toObject();
        run["cell"] = 99;
        runs[0] = run;
        bad["runs"] = runs;
        QTest::newRow("cell index") << QJsonDocument(bad).toJson() << "field 'runs[0].cell': 99 is out of range";
    }
    void notAReportIsRefusedByName() {
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        try {
            core::report_from_json(text, QStringLiteral("in.json"));
            QFAIL("accepted");
        } catch (const core::ReportError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.startsWith("report 'in.json': ") && what.contains(says), qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(TestReportMarkdown)
#include "test_report_markdown.moc"
