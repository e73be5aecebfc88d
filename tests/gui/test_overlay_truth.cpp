// Issue 24 sections 1 and 5: imported and reference sets only where they mean something, and
// lessons that say what they measured. A set of another algorithm, or without values on the x
// axis, or without a cell at a fixed value, is not drawn but named with the reason; imported
// file sizes are in the axis's MiB; a set follows the slice and is one legend entry; two sets
// of one machine have distinct names; a lesson's set goes with the lesson. The lesson's note
// survives Run, lesson 3's entries say hot and cold, a cold run no slower than hot is explained,
// and the runs table shows the digest lesson 7 points at.
#include <QMenuBar>
#include <QSignalSpy>
#include <QtTest>
#include <qcustomplot.h>

#include "controller.hpp"
#include "experiment_file.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "inputs_box.hpp"
#include "lesson_notes.hpp"
#include "lessons_menu.hpp"
#include "lesson_panel.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "plot_probes.hpp"
#include "overlay_slice.hpp"
#include "plot_panel.hpp"
#include "report_export.hpp"
#include "runs_model.hpp"
#include "settings.hpp"
#include "sfp/stats.hpp"
#include "value_toggles.hpp"

using namespace gui;
using probes::overlay_graphs;

namespace {

// The median of cell c's ok runs, as the runner states it (a report whose statistics disagree with
// its runs is refused when loaded).
double ok_median(const sfp::ExperimentReport& r, std::size_t c, std::size_t* n = nullptr) {
    std::vector<double> times;
    for (const sfp::RunRecord& run : r.runs)
        if (run.cell == c && run.status == sfp::RunStatus::ok) times.push_back(run.result.real_s);
    if (n) *n = times.size();
    return times.empty() ? 0 : sfp::median(times);
}

// `r` with runner-style statistics (each cell's n and median of its ok runs), saved as a report.
QString save_report(sfp::ExperimentReport r, const QString& path, const std::string& cpu = "Lab CPU") {
    r.stats.clear();
    for (std::size_t c = 0; c < r.cells.size(); ++c) {
        sfp::CellStats st;
        st.cell = c;
        std::size_t n = 0;
        st.real.median = ok_median(r, c, &n);
        st.real.n = n;
        r.stats.push_back(st);
    }
    r.machine.cpu_model = cpu;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(core::report_json(r)) < 0) return {};
    return path;
}

QStringList x_tick_labels(QCustomPlot* plot) {
    auto ticker = plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}

std::unique_ptr<Settings> settings_in(const QTemporaryDir& dir) {
    return std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini")));
}

// Lesson 3's shape: cipher, stream and mmap over 4, 16 and 64 MiB.
sfp::ExperimentReport mapping_run(sfp::CacheMode cache, double cold_factor = 1) {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "cipher";
    r.experiment.cache = cache;
    r.cache_method = "posix_fadvise(DONTNEED)";
    for (std::uint64_t mib : {4, 16, 64})
        for (const char* s : {"stream", "mmap"})
            r.cells.push_back(fixtures::cell(s, std::string(s) == "stream" ? 65536 : 0, 0, mib << 20));
    for (std::size_t c = 0; c < r.cells.size(); ++c) {
        sfp::RunRecord run = fixtures::run(c, 1, cold_factor * double(r.cells[c].file_size) / 500e6);
        run.result.bytes = r.cells[c].file_size;
        run.residency_pct = cache == sfp::CacheMode::cold ? 0 : 100;
        r.runs.push_back(run);
    }
    return r;
}

}  // namespace

class TestOverlayTruth : public QObject {
    Q_OBJECT
private slots:
    // A cipher article over a compare run: not drawn; named under the plot with the reason.
    void anotherAlgorithmIsNotComparableHere() {
        QTemporaryDir dir;
        OverlaySets sets;
        PlotPanel panel;
        panel.setOverlays(&sets);
        panel.setReport(fixtures::sweep());
        panel.setKind(plots::Kind::lines);
        sets.add(QStringLiteral(":/reference/cci-table1.json"));
        sets.add(save_report(fixtures::sweep(), dir.filePath(QStringLiteral("lab.json"))));
        panel.redrawNow();
        QCOMPARE(overlay_graphs(panel.plot()).front()->name(), sets.names()[1]);  // only the compare set
        QVERIFY2(panel.overlayNote().contains(
                     QStringLiteral("Not comparable here: %1: results of cipher; this plot shows compare")
                         .arg(sets.names()[0])),
                 qPrintable(panel.overlayNote()));
        // Other plot kinds say where sets are drawn.
        panel.setKind(plots::Kind::slowdown);
        QVERIFY(overlay_graphs(panel.plot()).empty());
        QVERIFY(panel.overlayNote().contains("drawn on the Lines plot"));
    }

    // The reasons, one by one, from the slicing itself.
    void whyNotIsSaidPerSlice() {
        core::ResultSet set;
        set.algorithm = "compare";
        set.cells = {{.strategy = "read",
                      .file_size = 0,
                      .parameters = {{"block_size", 4096}},
                      .median_s = 0.2,
                      .n = 1,
                      .times = {}},
                     {.strategy = "pread-mt",
                      .file_size = 0,
                      .parameters = {{"block_size", 4096}, {"threads", 1}},
                      .median_s = 0.1,
                      .n = 1,
                      .times = {}}};
        plots::SliceChoice c{plots::Dim::file_size, plots::Dim::strategy, {}};
        QCOMPARE(plots::overlay_lines(set, "compare", c).why_not,
                 QStringLiteral("it has no file size values (the x axis)"));
        c = {plots::Dim::block_size, plots::Dim::strategy, {{plots::Dim::threads, QStringLiteral("4")}}};
        QCOMPARE(plots::overlay_lines(set, "compare", c).why_not,
                 QStringLiteral("it has no cell at threads 4 (the value fixed here)"));
        c.fixed[plots::Dim::threads] = QStringLiteral("1");  // read uses no threads: it stays; pread-mt at 1
        const plots::OverlayLines lines = plots::overlay_lines(set, "compare", c);
        QVERIFY(lines.why_not.isEmpty());
        QCOMPARE(lines.series.size(), std::size_t(2));
        c.fixed[plots::Dim::threads] = plots::kBest;
        QCOMPARE(plots::overlay_lines(set, "compare", c).series.size(), std::size_t(2));
    }

    // Lesson 3: the axis is file size in MiB, the article's 5,000,000 bytes sit at 4.77 MiB
    // among this run's 4, 16 and 64, each a labelled tick.
    void importedSizesAreInTheAxisUnit() {
        OverlaySets sets;
        PlotPanel panel;
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setOverlays(&sets);
        panel.setReport(mapping_run(sfp::CacheMode::hot));
        panel.setKind(plots::Kind::lines);
        panel.setAxis(plots::Dim::file_size);
        sets.add(QStringLiteral(":/reference/atou-mapping.json"));
        panel.redrawNow();
        panel.plot()->replot();
        const std::vector<QCPGraph*> lines = overlay_graphs(panel.plot());
        QVERIFY(!lines.empty());
        for (QCPGraph* g : lines)
            for (const QCPGraphData& p : *g->data())
                QVERIFY2(std::abs(p.key - 5e6 / (1 << 20)) < 1e-9, qPrintable(QString::number(p.key)));
        QVERIFY(panel.plot()->xAxis->range().upper < 100);  // MiB, not bytes
        const QStringList ticks = x_tick_labels(panel.plot());
        for (const char* v : {"4", "16", "64"})
            QVERIFY2(ticks.contains(QString::fromLatin1(v)), qPrintable(ticks.join(", ")));
        QVERIFY(panel.overlayNote().isEmpty());
    }

    // The 84-cell matrix with a set of the same cells: fixed at 2 threads and 16M, the set's
    // lines are those cells' medians; one legend entry for it; the data keeps half the plot.
    void aSetFollowsTheSliceWithOneLegendEntry() {
        QTemporaryDir dir;
        const sfp::ExperimentReport live = fixtures::wide();
        OverlaySets sets;
        PlotPanel panel;
        panel.resize(800, 520);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setOverlays(&sets);
        panel.setReport(live);
        panel.setKind(plots::Kind::lines);
        plots::SliceChoice c{
            plots::Dim::block_size,
            plots::Dim::strategy,
            {{plots::Dim::threads, QStringLiteral("2")}, {plots::Dim::file_size, QString::number(16 << 20)}}};
        panel.setSlice(c);
        sets.add(save_report(live, dir.filePath(QStringLiteral("same.json"))));
        panel.redrawNow();
        panel.plot()->replot();
        const std::vector<QCPGraph*> lines = overlay_graphs(panel.plot());
        QVERIFY(lines.size() > 1);
        for (QCPGraph* g : lines)
            for (const QCPGraphData& p : *g->data()) {
                bool found = false;  // a cell at 2 threads (or none) and 16M with that block and median
                for (std::size_t i = 0; i < live.cells.size(); ++i) {
                    const sfp::Cell& cell = live.cells[i];
                    found |= cell.file_size == (16u << 20) &&
                             (cell.value("threads") == 2 || cell.value("threads") == 0) &&
                             (cell.value("block_size") == std::uint64_t(p.key) || cell.value("block_size") == 0) &&
                             std::abs(ok_median(live, i) - p.value) < 1e-12;
                }
                QVERIFY2(found, qPrintable(QStringLiteral("%1 at %2").arg(p.value).arg(p.key)));
            }
        int entries = 0;
        for (int i = 0; i < panel.plot()->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(panel.plot()->legend->item(i)))
                entries += probes::imported(item->plottable());
        QCOMPARE(entries, 1);
        const double share = double(panel.plot()->axisRect()->height()) / panel.plot()->height();
        QVERIFY2(share >= 0.5, qPrintable(QString::number(share)));
    }

    void twoSetsOfOneMachineHaveDistinctNames() {
        QTemporaryDir dir;
        OverlaySets sets;
        sets.add(save_report(fixtures::sweep(), dir.filePath(QStringLiteral("monday.json"))));
        sets.add(save_report(fixtures::sweep(), dir.filePath(QStringLiteral("tuesday.json"))));
        const QStringList names = sets.names();
        QCOMPARE(names.size(), 2);
        QVERIFY(names[0] != names[1]);
        QVERIFY2(names[0].endsWith("monday.json") && names[1].endsWith("tuesday.json"), qPrintable(names.join(" / ")));
    }

    // A lesson's set goes with the lesson: the next lesson replaces it, another experiment
    // removes it, the next session does not bring it back; the user's own import stays.
    void aLessonsSetGoesWithTheLesson() {
        QTemporaryDir dir;
        const QString mine = save_report(fixtures::sweep(), dir.filePath(QStringLiteral("mine.json")));
        {
            MainWindow w(settings_in(dir));
            auto* lessons = w.findChild<LessonsMenu*>();
            QVERIFY(lessons);
            w.overlays()->add(mine);
            lessons->open(core::find_lesson(QStringLiteral("5")));
            QCOMPARE(w.overlays()->paths(),
                     (QStringList{mine, QStringLiteral(":/reference/simplecount-packing.json")}));
            lessons->open(core::find_lesson(QStringLiteral("6")));
            QCOMPARE(w.overlays()->paths(), (QStringList{mine, QStringLiteral(":/reference/ioboost-order.json")}));
            w.close();  // saves the settings
        }
        {
            MainWindow w(settings_in(dir));
            QCOMPARE(w.overlays()->paths(), QStringList{mine});
            auto* lessons = w.findChild<LessonsMenu*>();
            lessons->open(core::find_lesson(QStringLiteral("1")));
            QVERIFY(w.messageArea()->hasLesson());
            sfp::Experiment e = fixtures::small(dir, {"read"}, {4096}, 1 << 16, 1);
            const QString spec = dir.filePath(QStringLiteral("spec.json"));
            core::save_experiment(spec, e);
            QVERIFY(w.openExperiment(spec));
            QCOMPARE(w.overlays()->paths(), QStringList{mine});
            QVERIFY(!w.messageArea()->hasLesson());
        }
    }

    // The lesson's "look at..." is there during the run and when the results arrive.
    void theLessonsNoteSurvivesRun() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.findChild<LessonsMenu*>()->open(core::find_lesson(QStringLiteral("1")));
        QVERIFY(w.lessonPanel()->note().contains("look at"));
        // scaled down further for the test: 64K, two block sizes, one repetition
        w.experimentPanel()->inputs()->setWorkdir(dir.path());
        w.experimentPanel()->inputs()->setSizes({64 << 10});
        w.experimentPanel()->blockSizes()->setValues({4096, 65536});
        w.experimentPanel()->repetitions()->setValue(1);
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        QVERIFY(w.run());
        QVERIFY2(w.lessonPanel()->note().contains("look at"), qPrintable(w.messageArea()->text()));
        QVERIFY(finished.wait(120000));
        QVERIFY2(w.lessonPanel()->note().contains("look at"), qPrintable(w.messageArea()->text()));
    }

    void lesson3sEntriesSayWhatTheyRun() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        QMenu* mapping = nullptr;
        for (QAction* a : w.findChild<LessonsMenu*>()->actions())
            if (a->text().startsWith("3.")) mapping = a->menu();
        QVERIFY(mapping);
        QStringList texts;
        for (QAction* a : mapping->actions()) texts << a->text();
        QCOMPARE(texts, (QStringList{QStringLiteral("1. hot cache: in memory, as read back"),
                                     QStringLiteral("2. cold cache: evicted, read from the device")}));
    }

    // Cold no slower than hot: the note says so, with the device speed and residency measured.
    void aColdRunNoSlowerThanHotIsExplained() {
        const sfp::ExperimentReport hot = mapping_run(sfp::CacheMode::hot);
        const QString note = cold_note(hot, mapping_run(sfp::CacheMode::cold, 1.05));
        QVERIFY2(note.contains("cold was no slower than hot") && note.contains("1.05×") &&
                     note.contains("at 476 MB/s") && note.contains("0% of the input was still in memory"),
                 qPrintable(note));
        QVERIFY(cold_note(hot, mapping_run(sfp::CacheMode::cold, 3)).isEmpty());  // the article's point shows
    }

    // Lesson 4 after both states: each state's folio share; "no difference" and why only when
    // neither the times nor the folios differ.
    void twoCacheStatesAreComparedWithTheirFolios() {
        const auto with_folios = [](sfp::CacheMode cache, double factor, double folios) {
            sfp::ExperimentReport r = mapping_run(cache, factor);
            for (sfp::RunRecord& run : r.runs) run.large_folio_share = folios;
            return r;
        };
        const sfp::ExperimentReport written = with_folios(sfp::CacheMode::hot_written, 1, 0.98);
        QString note = cache_states_note(written, with_folios(sfp::CacheMode::hot, 1.02, 0.99));
        QVERIFY2(note.contains("as written 98% in large folios, read back 99% in large folios") &&
                     note.contains("1.02×") && note.contains("shows no difference"),
                 qPrintable(note));
        note = cache_states_note(written, with_folios(sfp::CacheMode::hot, 0.6, 0.99));  // read back faster
        QVERIFY2(note.contains("0.60×") && !note.contains("no difference"), qPrintable(note));
        note = cache_states_note(with_folios(sfp::CacheMode::hot_written, 1, 0.1),
                                 with_folios(sfp::CacheMode::hot, 1, 0.99));
        QVERIFY2(note.contains("10% in large folios") && !note.contains("no difference"), qPrintable(note));
    }

    // Lesson 7 points at the digest column: the runs table has it.
    void theRunsTableShowsTheDigest() {
        const sfp::ExperimentReport r = fixtures::sweep();
        RunsModel model;
        model.setReport(r);
        int digest = -1;
        for (int c = 0; c < model.columnCount(); ++c)
            if (model.headerData(c, Qt::Horizontal).toString() == "digest") digest = c;
        QVERIFY(digest >= 0);
        QCOMPARE(model.index(0, digest).data().toString(), QString::fromStdString(r.runs[0].result.digest));
    }
};

QTEST_MAIN(TestOverlayTruth)
#include "test_overlay_truth.moc"
