// Issue 41 §5: each lesson opens on the plot that shows its point, read from the plot's data as
// drawn (the export's): its kind and axes; a reference set drawn one file size per line and in the
// article's unit; no series on an axis of another unit; the columns its note names exist. The
// runs are made up (every cell 2 runs of 10 ms): the plot is what is tested, not the machine.
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QTableView>
#include <QJsonArray>
#include <QLineEdit>
#include <QSignalSpy>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

#include "controller.hpp"
#include "experiment_file.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "hand_made.hpp"
#include "headless.hpp"
#include "lessons.hpp"
#include "lessons_menu.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "plot_panel.hpp"
#include "plot_slice.hpp"
#include "results_panel.hpp"
#include "runs_model.hpp"
#include "settings.hpp"
#include "stats_model.hpp"

using namespace gui;

namespace {

QStringList headers(const QAbstractItemModel& model) {
    QStringList out;
    for (int c = 0; c < model.columnCount(); ++c) out << model.headerData(c, Qt::Horizontal).toString();
    return out;
}

// The table a lesson's first named column is in is the one shown.
bool table_of_first_is_shown(MainWindow& w, const core::Lesson& lesson) {
    const core::NamedColumn first = core::named_columns(lesson).front();
    return (first.table == core::NamedColumn::runs ? w.resultsPanel()->runsView() : w.resultsPanel()->statsView())
        ->isVisible();
}

}  // namespace

class TestLessonPlots : public QObject {
    Q_OBJECT
private slots:
    void eachLessonOpensOnItsPlot_data() {
        QTest::addColumn<QString>("name");
        for (const core::Lesson& l : core::lessons()) QTest::newRow(qPrintable(l.name)) << l.name;
    }
    void eachLessonOpensOnItsPlot() {
        QFETCH(QString, name);
        const core::Lesson lesson = core::find_lesson(name);
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.resize(1024, 700);
        QVERIFY2(w.findChild<LessonsMenu*>()->open(lesson, 0), qPrintable(w.messageArea()->text()));
        const sfp::Experiment e = core::load_experiment(lesson.experiments.front());
        PlotPanel& panel = *w.plotPanel();
        panel.setReport(fixtures::made_up(e));
        panel.redrawNow();
        const QJsonObject data = panel.plotDataJson();
        QCOMPARE(data["kind"].toString(), lesson.view.kind);
        if (lesson.view.kind == "lines") {
            plots::Dim x;
            if (!lesson.view.x.isEmpty()) {
                QVERIFY(plots::dim_from_flag(lesson.view.x, &x));
                QCOMPARE(data["x"].toObject()["label"].toString(), plots::axis_title(x));
            }
            QVERIFY2(data["y"].toObject()["label"].toString().startsWith(lesson.view.metric),
                     qPrintable(data["y"].toObject()["label"].toString()));
        }
        const auto unit_of = [&](const QString& axis) { return data[axis].toObject()["unit"].toString(); };
        double live = 0;
        bool imported = false;
        for (const QJsonValue& v : data["series"].toArray()) {
            const QJsonObject s = v.toObject();
            imported = imported || s["kind"].toString() == "imported";
            if (s["kind"].toString() == "live")
                for (const QJsonValue& p : s["points"].toArray()) live = std::max(live, p.toObject()["y"].toDouble());
            // no series on an axis of another unit
            QCOMPARE(s["unit"].toString(), unit_of(s["axis"].toString()));
            if (s["kind"].toString() != "imported") continue;
            QSet<double> sizes;  // a reference line holds one file size
            for (const QJsonValue& p : s["points"].toArray())
                sizes << p.toObject()["cell"].toObject()["size"].toDouble();
            QVERIFY2(sizes.size() == 1, qPrintable(s["name"].toString()));
        }
        // An article's seconds never squash the live lines (cci's 20 s over 0.1 s lay flat): they fill their axis.
        if (imported && lesson.view.kind == "lines") {
            const double top = panel.plot()->yAxis->range().upper;
            QVERIFY2(live >= top / 2,
                     qPrintable(QStringLiteral("live lines up to %1 on an axis to %2").arg(live).arg(top)));
        }
        // The columns the note names ("the CPU % column of the Runs table") are there.
        RunsModel runs;
        StatsModel stats;
        const sfp::ExperimentReport report = fixtures::made_up(e);
        runs.setReport(report);
        stats.setReport(report);
        // A note names a column in quotes, with its table: “CPU % of all cores” column of the Runs table.
        const QRegularExpression named(QStringLiteral("“([^”]+)” column( of the (Runs|Statistics) table)?"));
        int columns = 0;
        for (auto it = named.globalMatch(lesson.look_at); it.hasNext(); ++columns) {
            const QRegularExpressionMatch m = it.next();
            const QString column = m.captured(1);
            const QStringList where = m.captured(3) == "Runs"         ? headers(runs)
                                      : m.captured(3) == "Statistics" ? headers(stats)
                                                                      : headers(stats) + headers(runs);
            QVERIFY2(where.contains(column), qPrintable(m.captured(0)));
            if (m.captured(3).isEmpty())
                QVERIFY2(headers(stats).contains(column), qPrintable(m.captured(0) + " (say which table)"));
        }
        QCOMPARE(columns, int(lesson.look_at.count(QStringLiteral(" column"))));  // none named otherwise
        // The plots it names ("the Box plot") are kinds the Plot chooser offers, by its words, and
        // the first is the one it opens on.
        QStringList kinds;  // the chooser's items
        for (QComboBox* box : panel.findChildren<QComboBox*>())
            if (box->findText(QStringLiteral("Times slower")) >= 0)
                for (int i = 0; i < box->count(); ++i) kinds << box->itemText(i);
        QVERIFY(!kinds.isEmpty());
        const QRegularExpression plot(QStringLiteral("\\b[Tt]he ([A-Z][\\w /]*?) plot\\b"));
        bool first = true;
        for (auto it = plot.globalMatch(lesson.look_at); it.hasNext(); first = false) {
            const QString kind = it.next().captured(1);
            const qsizetype offered =
                std::find_if(kinds.begin(), kinds.end(), [&](const QString& k) { return k.startsWith(kind); }) -
                kinds.begin();
            QVERIFY2(offered < kinds.size(),
                     qPrintable(QStringLiteral("the %1 plot: not among %2").arg(kind, kinds.join(", "))));
            if (first) QCOMPARE(plot_kind_names().value(offered), lesson.view.kind);
        }
    }

    // Lesson 3: the atou values are relative times, on a "relative (x = 1)" axis, never seconds.
    void lesson3sReferenceIsRelative() {
        const core::Lesson lesson = core::find_lesson("3");
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        QVERIFY(w.findChild<LessonsMenu*>()->open(lesson, 0));
        w.plotPanel()->setReport(fixtures::made_up(core::load_experiment(lesson.experiments.front())));
        w.plotPanel()->redrawNow();
        const QJsonObject data = w.plotPanel()->plotDataJson();
        int imported = 0;
        for (const QJsonValue& v : data["series"].toArray())
            if (v.toObject()["kind"].toString() == "imported") {
                ++imported;
                QCOMPARE(v.toObject()["unit"].toString(), QString("relative (x = 1)"));
                QCOMPARE(v.toObject()["axis"].toString(), QString("y2"));
            }
        QVERIFY(imported > 0);
        QCOMPARE(data["y2"].toObject()["unit"].toString(), QString("relative (x = 1)"));
    }

    // Lesson 2: compMP's minutes on the live lines' axis squashed them flat (0.1 s under 500 s):
    // the reference is relative, each file size to its own fastest, on its own axis; the live
    // lines fill theirs.
    void lesson2sReferenceLeavesTheLiveLinesTheirAxis() {
        const core::Lesson lesson = core::find_lesson("2");
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        QVERIFY(w.findChild<LessonsMenu*>()->open(lesson, 0));
        w.plotPanel()->setReport(fixtures::made_up(core::load_experiment(lesson.experiments.front())));
        w.plotPanel()->redrawNow();
        const QJsonObject data = w.plotPanel()->plotDataJson();
        double live = 0;
        QMap<double, double> fastest;  // the reference's, by file size
        for (const QJsonValue& v : data["series"].toArray()) {
            const QJsonObject s = v.toObject();
            for (const QJsonValue& p : s["points"].toArray()) {
                const double y = p.toObject()["y"].toDouble(),
                             size = p.toObject()["cell"].toObject()["size"].toDouble();
                if (s["kind"].toString() == "live") live = std::max(live, y);
                if (s["kind"].toString() != "imported") continue;
                QCOMPARE(s["axis"].toString(), QString("y2"));
                QCOMPARE(s["unit"].toString(), QString("relative (x = 1)"));
                fastest[size] = fastest.contains(size) ? std::min(fastest[size], y) : y;
            }
        }
        QCOMPARE(fastest.size(), 2);  // the article's 640 MB and 5 GB files, each on its own scale
        for (double f : fastest) QCOMPARE(f, 1.0);
        const double top = w.plotPanel()->plot()->yAxis->range().upper;
        QVERIFY2(live > 0 && live >= top / 2,
                 qPrintable(QStringLiteral("live lines up to %1 on an axis to %2").arg(live).arg(top)));
    }

    // Lesson 4: the two cache states on one time axis, each labelled with its share of large
    // folios -- not each run alone on its own scale.
    void lesson4DrawsBothCacheStatesOnOneAxis() {
        const core::Lesson lesson = core::find_lesson("4");
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        auto* menu = w.findChild<LessonsMenu*>();
        const auto run = [&](qsizetype step, double folios) {  // as the window runs it: loaded, run, finished
            QVERIFY(menu->open(lesson, step));
            sfp::ExperimentReport report = fixtures::made_up(core::load_experiment(lesson.experiments[step]));
            for (sfp::RunRecord& r : report.runs) r.large_folio_share = folios;
            w.plotPanel()->setReport(report);
            w.plotPanel()->redrawNow();
            menu->finished(report);
        };
        run(0, 0.25);  // hot-written: small folios, as an older kernel leaves them
        run(1, 1.0);   // read back
        const QJsonObject data = w.plotPanel()->plotDataJson();
        QCOMPARE(data["kind"].toString(), QString("box"));
        QStringList names, axes, labels;
        for (const QJsonValue& v : data["series"].toArray()) {
            const QJsonObject s = v.toObject();
            names << s["name"].toString();
            axes << s["axis"].toString() + " " + s["unit"].toString();
            for (const QJsonValue& p : s["points"].toArray()) labels << p.toObject()["label"].toString();
        }
        QCOMPARE(names.size(), 2);  // a series per state
        QVERIFY2(names[0].contains("as written") && names[0].contains("25% in large folios"),
                 qPrintable(names.join(" | ")));
        QVERIFY2(names[1].contains("read back") && names[1].contains("100% in large folios"),
                 qPrintable(names.join(" | ")));
        QCOMPARE(axes[0], axes[1]);  // one time axis
        QCOMPARE(axes[0], QString("x s"));
        QCOMPARE(labels.size(), 2);
        QVERIFY2(labels[0].contains("25% in large folios") && labels[1].contains("100% in large folios"),
                 qPrintable(labels.join(" | ")));
        // The note says what the plot shows, in numbers: both states' folio shares.
        QVERIFY(w.messageArea()->lesson().contains("as written 25% in large folios, read back 100% in large folios"));
        // Another experiment: the lesson's states go with it.
        QVERIFY(w.openExperiment(lesson.experiments[1]));
        w.plotPanel()->redrawNow();
        QCOMPARE(w.plotPanel()->plotDataJson()["series"].toArray().size(), 1);
    }

    // --lesson N --run (screenshot.sh) and --headless run a lesson's experiments in order, each
    // loaded as the submenu loads it: lesson 4's plot then holds both states.
    void aLessonRunsItsExperimentsInOrder() {
        const core::Lesson lesson = core::find_lesson("4");
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        auto* menu = w.findChild<LessonsMenu*>();
        QVERIFY(menu->open(lesson, 0));
        int runs = 0, failures = 0;
        const auto run = [&] { return ++runs, true; };
        const auto failed = [&] { ++failures; };
        sfp::ExperimentReport written = fixtures::made_up(core::load_experiment(lesson.experiments[0]));
        written.cancelled = true;  // a cancelled run ends the lesson there
        QVERIFY(!menu->runNext(written, run, failed));
        written.cancelled = false;
        QVERIFY(menu->runNext(written, run, failed));
        QTRY_COMPARE(runs, 1);
        QCOMPARE(failures, 0);
        QCOMPARE(w.experimentPanel()->experiment().cache, sfp::CacheMode::hot);  // its second experiment, loaded
        QVERIFY(
            !menu->runNext(fixtures::made_up(core::load_experiment(lesson.experiments[1])), run, failed));  // the last
        QTest::qWait(20);
        QCOMPARE(runs, 1);
    }

    // Issue 41 §2: the columns a lesson's note names are in view at 1024x700, normal and in
    // presentation mode -- lesson 8's “% of limit” was right of the visible columns.
    void namedColumnsAreInView_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("presentation");
        for (const core::Lesson& l : core::lessons())
            if (!core::named_columns(l).empty())
                for (bool on : {false, true})
                    QTest::newRow(qPrintable(l.name + (on ? " presentation" : ""))) << l.name << on;
    }
    void namedColumnsAreInView() {
        QFETCH(QString, name);
        QFETCH(bool, presentation);
        const core::Lesson lesson = core::find_lesson(name);
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setPresentation(presentation);
        QVERIFY(w.findChild<LessonsMenu*>()->open(lesson, 0));
        const sfp::ExperimentReport report = fixtures::made_up(core::load_experiment(lesson.experiments.front()));
        w.resultsPanel()->setReport(report);
        QTest::qWait(50);
        for (const core::NamedColumn& named : core::named_columns(lesson)) {
            QTableView* table =
                named.table == core::NamedColumn::runs ? w.resultsPanel()->runsView() : w.resultsPanel()->statsView();
            if (!table->isVisible()) {  // the first named column's table is shown; another is a tab away
                QVERIFY(named.table != core::named_columns(lesson).front().table);
                continue;
            }
            const QHeaderView* header = table->horizontalHeader();
            int column = -1;
            for (int c = 0; c < table->model()->columnCount(); ++c)
                if (table->model()->headerData(c, Qt::Horizontal).toString() == named.header) column = c;
            QVERIFY2(column >= 0, qPrintable(named.header));
            const int left = header->sectionViewportPosition(column), right = left + header->sectionSize(column);
            QVERIFY2(left >= 0 && right <= header->viewport()->width(),
                     qPrintable(QStringLiteral("“%1” at %2..%3 of a %4 px wide table")
                                    .arg(named.header)
                                    .arg(left)
                                    .arg(right)
                                    .arg(header->viewport()->width())));
        }
        QVERIFY(table_of_first_is_shown(w, lesson));
    }

    // Issue 39 §2: the lesson about the limit measures its limits in its rounds, in the window too:
    // its file asks for it, the form keeps it (and shows it), the controller runs it so.
    void lesson8MeasuresItsLimitsInItsRounds() {
        const core::Lesson lesson = core::find_lesson("8");
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        QVERIFY(w.findChild<LessonsMenu*>()->open(lesson, 0));
        QVERIFY(w.experimentPanel()->findChild<QCheckBox*>(QStringLiteral("limitsInRounds"))->isChecked());
        // Kept small: what is tested is what reaches the runner, not the machine's figures.
        auto* sizes = w.experimentPanel()->findChild<QLineEdit*>(QStringLiteral("sizes"));
        sizes->setText(QStringLiteral("64K"));
        w.experimentPanel()
            ->findChild<QLineEdit*>(QStringLiteral("workdir"))
            ->setText(dir.filePath(QStringLiteral("work")));
        QVERIFY(w.experimentPanel()->experiment().limits_in_rounds);
        // The rounds' measurements are the engine's (test_limits, with a fake): none here.
        qputenv("SFPBENCH_LIMITS", "off");
        core::Controller* c = w.controller();
        QSignalSpy finished(c, &core::Controller::finished);
        QVERIFY2(w.run(), qPrintable(w.messageArea()->text()));
        QVERIFY(c->report().experiment.limits_in_rounds);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        qunsetenv("SFPBENCH_LIMITS");
        QVERIFY(c->report().experiment.limits_in_rounds);  // as the runner had it
    }
};

QTEST_MAIN(TestLessonPlots)
#include "test_lesson_plots.moc"
