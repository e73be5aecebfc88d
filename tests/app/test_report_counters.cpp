// Exact CPU time and the counters that explain a run (issue 22) through every output: the runs
// and summary CSV, the report JSON (and back), the Markdown report's Why section. Hardware
// counters missing (no PMU) read "n/a", never 0; faked present ones come through as numbers. An
// unresolved user/system split is said to be unresolved, and user + sys is still the exact CPU.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "csv_reader.hpp"
#include "counted_report.hpp"
#include "sfp/compare.hpp"
#include "report_export.hpp"
#include "report_load.hpp"
#include "report_markdown.hpp"

namespace {

QString column(const std::vector<QStringList>& table, std::size_t row, const QString& name) {
    const qsizetype c = table.front().indexOf(name);
    return c < 0 ? "<no column " + name + ">" : table.at(row).value(c);
}

QJsonObject usage_in(const QJsonObject& root, qsizetype run) {
    return root["runs"].toArray()[run].toObject()["result"].toObject()["usage"].toObject();
}

}  // namespace

class TestReportCounters : public QObject {
    Q_OBJECT
private slots:
    void runsCsvHasExactCpuAndCounters() {
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(counted_report::counted()));
        QCOMPARE(t.front().mid(17, 3),
                 (QStringList{"cpu_s", "cpu_exact", "split_resolved"}));  // after the contract's 16 and limit_pct
        QCOMPARE(column(t, 1, "cpu_s"), QString("0.003100"));
        QCOMPARE(column(t, 1, "cpu_exact"), QString("yes"));
        QCOMPARE(column(t, 1, "split_resolved"), QString("no"));
        QCOMPARE(column(t, 1, "user_s").toDouble() + column(t, 1, "sys_s").toDouble(), 0.0031);  // never "waiting"
        QCOMPARE(column(t, 1, "cpu_pct"), QString("77.5"));  // 0.0031 / 0.002 / 2 cores: the exact total
        QCOMPARE(column(t, 2, "split_resolved"), QString("yes"));
        QCOMPARE(column(t, 1, "read_bytes"), QString("0"));  // known zero ...
        QCOMPARE(column(t, 1, "cycles"), QString("8000000"));
        QCOMPARE(column(t, 1, "instructions"), QString("16000000"));
        QCOMPARE(column(t, 1, "dtlb_read_misses"), QString("4000"));
        for (const char* name : {"read_bytes", "write_bytes", "cycles", "instructions", "dtlb_read_misses"})
            QCOMPARE(column(t, 2, name), QString("n/a"));  // ... and unknown are apart
    }

    void summaryCsvHasTheCpuMedian() {
        const std::vector<QStringList> t = test::read_csv(core::summary_csv(counted_report::counted()));
        QCOMPARE(column(t, 1, "cpu_median_s"), QString("0.003100"));
        QCOMPARE(column(t, 1, "split_resolved"), QString("no"));
        QCOMPARE(column(t, 2, "split_resolved"), QString("yes"));
        QCOMPARE(column(t, 2, "cpu_median_s"), QString("0.200000"));
    }

    void jsonCarriesThemAndLoadsBack() {
        const sfp::ExperimentReport rep = counted_report::counted();
        const QByteArray json = core::report_json(rep);
        const QJsonObject root = QJsonDocument::fromJson(json).object();
        const QJsonObject fast = usage_in(root, 0), slow = usage_in(root, 1);
        QCOMPARE(fast["cpu_s"].toDouble(), 0.0031);
        QCOMPARE(fast["split_resolved"].toBool(), false);
        QCOMPARE(fast["cycles"].toInteger(), 8'000'000);
        QCOMPARE(fast["read_bytes"].toInteger(), 0);
        QVERIFY(fast["read_bytes"].isDouble());
        for (const char* name : {"read_bytes", "write_bytes", "cycles", "instructions", "dtlb_read_misses"})
            QVERIFY2(slow[name].isNull(), name);
        QCOMPARE(root["runs"].toArray()[0].toObject()["result"].toObject()["cpu_s"].toDouble(), 0.0031);
        const QJsonObject stats = root["statistics"].toArray()[0].toObject();
        QCOMPARE(stats["cpu_s"].toObject()["median"].toDouble(), 0.0031);
        QCOMPARE(stats["split_resolved"].toBool(), false);

        const sfp::ExperimentReport back = core::report_from_json(json, QStringLiteral("counted.json"));
        const sfp::Usage& u = back.runs[0].result.usage;
        QCOMPARE(u.cpu_s, 0.0031);
        QVERIFY(u.cpu_exact && !u.split_resolved);
        QCOMPARE(u.dtlb_read_misses, std::optional<std::uint64_t>(4000));
        QVERIFY(!back.runs[1].result.usage.cycles);
        QCOMPARE(back.stats[0].cpu.median, 0.0031);
        QVERIFY(!back.stats[0].split_resolved);
    }

    // The waiting taken apart (issue 44): six columns after every other, seconds and n/a apart;
    // the JSON's usage carries them and they load back as written.
    void waitingGoesLastAndRoundTrips() {
        const sfp::ExperimentReport rep = counted_report::waited();
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(rep));
        QCOMPARE(t.front().mid(t.front().size() - 6),
                 (QStringList{"thread_s", "runnable_wait_s", "blocked_s", "blkio_wait_s", "steal_pct", "disturbed"}));
        QCOMPARE(t.front().indexOf("large_folio_share"), t.front().size() - 7);  // the older columns kept their place
        QCOMPARE(column(t, 1, "thread_s"), QString("0.004000"));
        QCOMPARE(column(t, 1, "runnable_wait_s"), QString("0.000500"));
        QCOMPARE(column(t, 1, "blocked_s"), QString("0.000400"));
        QCOMPARE(column(t, 1, "blkio_wait_s"), QString("n/a"));  // delay accounting off
        QCOMPARE(column(t, 1, "steal_pct"), QString("1.50"));
        QCOMPARE(column(t, 1, "disturbed"), QString("no"));
        for (const char* name : {"thread_s", "runnable_wait_s", "blocked_s", "blkio_wait_s", "steal_pct"})
            QCOMPARE(column(t, 2, name), QString("n/a"));

        const QByteArray json = core::report_json(rep);
        const QJsonObject root = QJsonDocument::fromJson(json).object();
        QCOMPARE(usage_in(root, 0)["runnable_wait_s"].toDouble(), 0.0005);
        QVERIFY(usage_in(root, 0)["blkio_wait_s"].isNull());
        QVERIFY(usage_in(root, 1)["thread_s"].isNull());
        QCOMPARE(root["runs"].toArray()[0].toObject()["disturbed"].toBool(), false);
        const sfp::ExperimentReport back = core::report_from_json(json, QStringLiteral("waited.json"));
        for (std::size_t i = 0; i < rep.runs.size(); ++i) {
            const sfp::Usage &a = rep.runs[i].result.usage, &b = back.runs[i].result.usage;
            QCOMPARE(b.thread_s, a.thread_s);
            QCOMPARE(b.runnable_wait_s, a.runnable_wait_s);
            QCOMPARE(b.blocked_s, a.blocked_s);
            QCOMPARE(b.blkio_wait_s, a.blkio_wait_s);
            QCOMPARE(b.steal_pct, a.steal_pct);
        }
    }

    // A run's timeline (--timeline): its threads and their events through the JSON and back as
    // they were; a run without one writes no "threads" at all.
    void timelineRoundTrips() {
        sfp::ExperimentReport rep = counted_report::waited();
        sfp::ThreadTime worker;
        worker.worker = 1, worker.role = "worker", worker.start_s = 0.0001, worker.end_s = 0.0019;
        worker.cpu_s = 0.0015, worker.runnable_wait_s = 0.0002, worker.blocked_s = 0.0001, worker.bytes = 16384;
        worker.coarsened = true;
        worker.events = {{0.0002, 0.0005, 8192, 4096, sfp::EventKind::scan},
                         {0.0005, 0.0009, 0, 0, sfp::EventKind::wait},
                         {0.0009, 0.0012, 8192, 12288, sfp::EventKind::scan}};
        rep.runs[0].result.threads = {
            sfp::ThreadTime{0, "runner", 0, 0.002, 0.0001, 0.0, 0.0019, std::nullopt, 0, false, {}}, worker};
        const QByteArray json = core::report_json(rep);
        const QJsonObject root = QJsonDocument::fromJson(json).object();
        const QJsonObject result = root["runs"].toArray()[0].toObject()["result"].toObject();
        QCOMPARE(result["threads"].toArray().size(), 2);
        QCOMPARE(result["threads"].toArray()[1].toObject()["events"].toArray()[1].toObject()["kind"].toString(),
                 QString("wait"));
        QVERIFY(!root["runs"].toArray()[1].toObject()["result"].toObject().contains("threads"));
        const sfp::ExperimentReport back = core::report_from_json(json, QStringLiteral("timeline.json"));
        const std::vector<sfp::ThreadTime>& threads = back.runs[0].result.threads;
        QCOMPARE(threads.size(), std::size_t(2));
        QCOMPARE(threads[0].role, std::string("runner"));
        QVERIFY(!threads[0].blkio_wait_s);
        QCOMPARE(threads[1].events, worker.events);
        QCOMPARE(threads[1].runnable_wait_s, worker.runnable_wait_s);
        QVERIFY(threads[1].coarsened);
        QVERIFY(back.runs[1].result.threads.empty());
    }

    // compare's outcome comes back with the report (the Timeline's mismatches on its offset
    // axis); other runs' outcomes stay unread, their digests standing for them.
    void compareOutcomeRoundTrips() {
        sfp::ExperimentReport rep = counted_report::waited();
        const sfp::CompareOutcome found{{{100, 1, 2}, {2100, 255, 0}}, 8192, 8192};
        rep.runs[0].result.outcome = found;
        const sfp::ExperimentReport back =
            core::report_from_json(core::report_json(rep), QStringLiteral("outcome.json"));
        const auto* o = back.runs[0].result.outcome.get_if<sfp::CompareOutcome>();
        QVERIFY(o);
        QCOMPARE(*o, found);
        QVERIFY(back.runs[1].result.outcome.empty());  // none was written
    }

    // A run a third of whose threads' time was runnable with no CPU is marked in both files.
    void disturbedRunIsMarked() {
        sfp::ExperimentReport rep = counted_report::waited();
        sfp::Usage& u = rep.runs[0].result.usage;
        u.runnable_wait_s = 0.0025, u.blocked_s = 0, u.thread_s = 0.0056;  // 0.0031 on a CPU + 0.0025
        rep.runs[0].result.real_s = 0.004;  // 1.4 threads alive at once, on 2 CPUs: no want of its own
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(rep));
        QCOMPARE(column(t, 1, "disturbed"), QString("yes"));
        QCOMPARE(column(t, 3, "disturbed"), QString("no"));
        const QJsonObject root = QJsonDocument::fromJson(core::report_json(rep)).object();
        QCOMPARE(root["runs"].toArray()[0].toObject()["disturbed"].toBool(), true);
    }

    // A report written before the waiting was taken apart has none of its fields: n/a, loaded.
    void olderReportWithoutWaitsLoads() {
        QJsonObject root = QJsonDocument::fromJson(core::report_json(counted_report::waited())).object();
        QJsonArray runs = root["runs"].toArray();
        for (qsizetype i = 0; i < runs.size(); ++i) {
            QJsonObject run = runs[i].toObject(), result = run["result"].toObject(), usage = result["usage"].toObject();
            for (const char* gone : {"thread_s", "runnable_wait_s", "blocked_s", "blkio_wait_s", "steal_pct"})
                usage.remove(gone);
            run.remove("disturbed");
            result["usage"] = usage;
            run["result"] = result;
            runs[i] = run;
        }
        root["runs"] = runs;
        const sfp::ExperimentReport old =
            core::report_from_json(QJsonDocument(root).toJson(), QStringLiteral("old.json"));
        const sfp::Usage& u = old.runs[0].result.usage;
        QVERIFY(!u.thread_s && !u.runnable_wait_s && !u.blocked_s && !u.blkio_wait_s && !u.steal_pct);
        QCOMPARE(u.cpu_s, 0.0031);
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(old));
        QCOMPARE(column(t, 1, "runnable_wait_s"), QString("n/a"));
        QCOMPARE(column(t, 1, "disturbed"), QString("no"));
    }

    // A report written before cpu_s existed: user + sys stands in, marked as not exact.
    void olderReportFallsBackToUserPlusSys() {
        QJsonObject root = QJsonDocument::fromJson(core::report_json(counted_report::counted())).object();
        QJsonArray runs = root["runs"].toArray();
        for (qsizetype i = 0; i < runs.size(); ++i) {
            QJsonObject run = runs[i].toObject(), result = run["result"].toObject(), usage = result["usage"].toObject();
            for (const char* gone : {"cpu_s", "cpu_exact", "split_resolved", "read_bytes", "write_bytes", "cycles",
                                     "instructions", "dtlb_read_misses"})
                usage.remove(gone);
            result.remove("cpu_s");
            result["usage"] = usage;
            run["result"] = result;
            runs[i] = run;
        }
        root["runs"] = runs;
        QJsonArray stats = root["statistics"].toArray();
        for (qsizetype i = 0; i < stats.size(); ++i) {
            QJsonObject s = stats[i].toObject();
            s.remove("cpu_s"), s.remove("split_resolved"), s.remove("cpu_exact");
            stats[i] = s;
        }
        root["statistics"] = stats;
        const sfp::ExperimentReport old =
            core::report_from_json(QJsonDocument(root).toJson(), QStringLiteral("old.json"));
        const sfp::Usage& u = old.runs[1].result.usage;
        QVERIFY(!u.cpu_exact);
        QCOMPARE(u.cpu_s, 0.2);  // 0.15 + 0.05
        QVERIFY(!u.cycles && !u.read_bytes);
        QVERIFY(!old.stats[1].cpu_exact);
        QCOMPARE(old.stats[1].cpu.median, 0.2);
        const QString md = QString::fromUtf8(core::report_markdown(old));
        QVERIFY2(md.contains("written before CPU time was exact"), qPrintable(md));
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(old));
        QCOMPARE(column(t, 2, "cpu_exact"), QString("no"));
    }

    // The Why section: per cell per unit of work, hardware counters as numbers where present and
    // "n/a" where not, and what separates the slower cell most from the fastest.
    void markdownHasTheWhySection() {
        const QString md = QString::fromUtf8(core::report_markdown(counted_report::counted()));
        const qsizetype why = md.indexOf("## Why");
        QVERIFY2(why >= 0, qPrintable(md));
        const QStringList lines = md.mid(why).split('\n');
        QString fast, slow;
        for (const QString& l : lines) {
            if (l.startsWith("| **mmap-mt")) fast = l;
            if (l.startsWith("| read")) slow = l;
        }
        // faults/MB 25, switches/s 500, read B/B 0, written 0, CPU s/GB 0.194, cycles/B 0.5, instr/B 1,
        // dTLB 0.00025; no column for the waits, which no cell of this report has
        QVERIFY2(fast.contains("| **25** | **500** | **0** | **0** | **0.194** | **0.5** | **1** | **0.00025** |"),
                 qPrintable(fast));
        QVERIFY2(slow.contains("| 0 | 100 | n/a | n/a | 12.5 | n/a | n/a | n/a |"), qPrintable(slow));
        // a report whose runs have them: runnable 0.25 s/s, blocked 0.2, steal 1.5 % (block I/O: none
        // had delay accounting, no column)
        const QString waited = QString::fromUtf8(core::report_markdown(counted_report::waited()));
        QVERIFY2(waited.contains("| CPU s/GB | runnable s/s | blocked s/s | steal % | cycles/B |"), qPrintable(waited));
        QVERIFY2(waited.contains("| **0.194** | **0.25** | **0.2** | **1.5** | **0.5** |"), qPrintable(waited));
        // faults 0 vs 25 per MB: ln(101) = 4.62; CPU 12.5 vs 0.194 s/GB: ln(12.625/0.319) = 3.68;
        // switches 100 vs 500 per s: ln(505/105) = 1.57
        QVERIFY2(slow.contains("faults per MB: 0 against 25"), qPrintable(slow));
    }
};

QTEST_APPLESS_MAIN(TestReportCounters)
#include "test_report_counters.moc"
