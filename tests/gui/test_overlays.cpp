// Imported result sets in the window: a report round-trips into the overlay with its medians;
// the Lines plot draws them dashed on the right axis, hides, normalises and removes them; the
// comparison table; a dropped report becomes an overlay, not an input; the Lessons menu.
#include <QMimeData>
#include <QTableWidget>
#include <QtTest>
#include <qcustomplot.h>

#include "comparison_view.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "inputs_box.hpp"
#include "lessons_menu.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "plot_probes.hpp"
#include "plot_panel.hpp"
#include "report_export.hpp"
#include "settings.hpp"

using namespace gui;
using probes::overlay_graphs;

namespace {

// The fixture's sweep with runner-style statistics, written as `run --json` would.
QString write_report(const QTemporaryDir& dir, const QString& name, double scale) {
    sfp::ExperimentReport r = fixtures::sweep();
    for (std::size_t c = 0; c < r.cells.size(); ++c) {
        sfp::CellStats st;
        st.cell = c;
        st.real.n = 3;
        st.real.median = scale * double(c + 1) / 10;  // 0.1, 0.2, ... times scale
        r.stats.push_back(st);
        for (sfp::RunRecord& run : r.runs)  // the runs say what the statistics say (a loaded report is checked)
            if (run.cell == c && run.status == sfp::RunStatus::ok) run.result.real_s = st.real.median;
    }
    r.machine.cpu_model = "Lab CPU";
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(core::report_json(r)) < 0) return {};
    return path;
}

}  // namespace

class TestOverlays : public QObject {
    Q_OBJECT
private slots:
    void report_round_trips_with_its_medians() {
        QTemporaryDir dir;
        OverlaySets sets;
        sets.add(write_report(dir, "lab.json", 1));
        QCOMPARE(sets.entries().size(), std::size_t(1));
        const core::ResultSet& set = sets.entries()[0].set;
        QCOMPARE(set.cells.size(), std::size_t(5));
        for (std::size_t c = 0; c < 5; ++c) QCOMPARE(*set.cells[c].median_s, double(c + 1) / 10);
        sets.add(write_report(dir, "lab.json", 2));  // the same file again replaces it
        QCOMPARE(sets.entries().size(), std::size_t(1));
        QCOMPARE(*sets.entries()[0].set.cells[0].median_s, 0.2);
    }

    void lines_plot_draws_hides_normalises_removes() {
        QTemporaryDir dir;
        OverlaySets sets;
        PlotPanel panel;
        panel.setOverlays(&sets);
        panel.setKind(plots::Kind::lines);
        panel.setMetric(plots::Metric::elapsed);
        panel.setCells(fixtures::sweep().cells);
        panel.setReport(fixtures::sweep());
        panel.setAxis(plots::Dim::block_size);
        const QString lab = write_report(dir, "lab.json", 1);
        sets.add(lab);
        panel.redrawNow();
        std::vector<QCPGraph*> lines = overlay_graphs(panel.plot());
        // Sliced as the live plot: read and pread-mt over block size, mmap (no block) flat.
        QCOMPARE(lines.size(), std::size_t(3));
        // one legend entry, named by the machine and the date (a run report's: its file's)
        for (QCPGraph* g : lines)
            QCOMPARE(g->name(), "Lab CPU, " + QFileInfo(lab).lastModified().toString("yyyy-MM-dd"));
        QVERIFY(panel.plot()->legend->hasItemWithPlottable(lines[0]) &&
                !panel.plot()->legend->hasItemWithPlottable(lines[1]));
        QCOMPARE(lines[0]->pen().style(), Qt::DashLine);
        QCOMPARE(lines[0]->data()->size(), 2);
        QCOMPARE(lines[0]->data()->at(1)->value, 0.2);  // read 64K: cell 1
        // Seconds like the live run's: one time axis, no second one (issue 41 §3).
        QVERIFY(!panel.plot()->yAxis2->visible());
        QCOMPARE(lines[0]->valueAxis(), panel.plot()->yAxis);

        sets.setNormalised(true);
        lines = overlay_graphs(panel.plot());
        QVERIFY(panel.plot()->yAxis2->visible());  // relative times: another unit, its own axis
        QCOMPARE(lines[0]->valueAxis(), panel.plot()->yAxis2);
        QCOMPARE(panel.plot()->yAxis2->label(), QString("imported, relative (x = 1)"));
        QCOMPARE(lines[0]->data()->at(0)->value, 1.0);  // read 4K is the set's fastest (0.1 s)
        QCOMPARE(lines[0]->data()->at(1)->value, 2.0);

        sets.setVisible(0, false);
        QVERIFY(overlay_graphs(panel.plot()).empty());
        QVERIFY(!panel.plot()->yAxis2->visible());
        sets.setVisible(0, true);
        panel.setMetric(plots::Metric::throughput);  // imported sets carry times only
        QVERIFY(overlay_graphs(panel.plot()).empty());
        panel.setMetric(plots::Metric::elapsed);
        QCOMPARE(overlay_graphs(panel.plot()).size(), std::size_t(3));
        sets.remove(0);
        QVERIFY(overlay_graphs(panel.plot()).empty());
    }

    void comparison_table_by_hand() {
        QTemporaryDir dir;
        OverlaySets sets;
        sets.add(write_report(dir, "lab.json", 1));
        sfp::ExperimentReport live = fixtures::sweep();
        live.stats.clear();
        for (std::size_t c = 0; c < live.cells.size(); ++c) {
            sfp::CellStats st;
            st.cell = c;
            st.real.n = 3;
            st.real.median = 0.05 * double(c + 1);  // half the imported times
            live.stats.push_back(st);
            for (sfp::RunRecord& run : live.runs)  // the runs agree with the statistics, as a runner's do
                if (run.cell == c && run.status == sfp::RunStatus::ok) run.result.real_s = st.real.median;
        }
        ComparisonView view(live, sets);
        QCOMPARE(view.table()->rowCount(), 5 + 1);  // and the geometric mean
        QCOMPARE(view.table()->item(0, 1)->text(), QString("read block=4K size=1M"));
        QCOMPARE(view.table()->item(0, 2)->text(), QString("50.00 ms"));
        QCOMPARE(view.table()->item(0, 3)->text(), QString("100.00 ms"));
        QCOMPARE(view.table()->item(0, 4)->text(), QString("2.00×"));
        QCOMPARE(view.table()->item(0, 7)->text(), QString("too few repetitions for a verdict (n=3; 6 needed)"));
        QCOMPARE(view.table()->item(5, 1)->text(), QString("geometric mean of 5 cells"));
        QCOMPARE(view.table()->item(5, 4)->text(), QString("2.00×"));
    }

    void dropped_report_becomes_an_overlay_not_an_input() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath("settings.ini")));
        const QString report = write_report(dir, "lab.json", 1);
        QFile notes(dir.filePath("broken.json"));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("{\"format\": \"sfpbench-report\", \"version\": 9}");
        notes.close();
        QSignalSpy shown(w.messageArea(), &MessageArea::shown);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(report), QUrl::fromLocalFile(notes.fileName())});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QCOMPARE(shown.size(), 1);  // the refusal is shown in the window, naming the file
        QVERIFY2(shown[0][0].toString().endsWith("broken.json': format version 9 (written by a newer sfpbench); "
                                                 "this sfpbench reads version 1"),
                 qPrintable(shown[0][0].toString()));
        QCOMPARE(w.overlays()->paths(), QStringList{report});
        QVERIFY(w.experimentPanel()->inputs()->files().isEmpty());
    }

    void imports_are_remembered_with_the_last_experiment() {
        QTemporaryDir dir;
        const QString lab = write_report(dir, "lab.json", 1), gone = write_report(dir, "gone.json", 2);
        {
            MainWindow w(std::make_unique<Settings>(dir.filePath("settings.ini")));
            w.overlays()->add(lab);
            w.overlays()->add(gone);
            w.close();
        }
        QVERIFY(QFile::remove(gone));
        MainWindow again(std::make_unique<Settings>(dir.filePath("settings.ini")));
        QCOMPARE(again.overlays()->paths(), QStringList{lab});
    }

    void lessons_menu_lists_and_loads() {
        PlotPanel plot;
        OverlaySets sets;
        MessageArea messages;
        QStringList opened;
        LessonsMenu menu(
            [&](const QString& path) {
                opened << path;
                return true;
            },
            &sets, &messages, &plot, nullptr);
        QCOMPARE(menu.actions().size(), qsizetype(core::lessons().size()));  // every lesson, one entry each
        QCOMPARE(menu.actions().size(), 10);
        QCOMPARE(menu.actions()[0]->text(), QString("1. Block size"));
        QVERIFY(menu.actions()[2]->menu());  // 3. mapping: hot and cold, one entry each
        const core::Lesson lesson = core::find_lesson("1");
        QVERIFY(LessonsMenu::prompt(lesson).contains("Predict first:"));
        menu.open(lesson);
        QCOMPARE(opened, QStringList{":/lessons/1-block-size/experiment.json"});
        QCOMPARE(sets.paths(), QStringList{":/reference/cci-table1.json"});
    }
};

QTEST_MAIN(TestOverlays)
#include "test_overlays.moc"
