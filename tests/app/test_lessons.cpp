// The shipped data: every reference set loads through the import path and names strategies that
// exist; every lesson loads, its specs validate, its reference matches its algorithm, and its
// estimated run time is under the 60 s the issue allows on a 2-core laptop.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "experiment_file.hpp"
#include "lessons.hpp"
#include "report_import.hpp"
#include "sfp/expand.hpp"
#include "sfp/registry.hpp"

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void every_reference_set_loads() {
        const QStringList files = QDir(core::kReferenceRoot).entryList({"*.json"}, QDir::Files, QDir::Name);
        QCOMPARE(files, (QStringList{"atou-mapping.json", "cci-table1.json", "compmp-threads.json",
                                     "ioboost-order.json", "simplecount-packing.json"}));
        for (const QString& file : files) {
            const core::ResultSet set = core::import_report(core::kReferenceRoot + "/" + file);
            QVERIFY2(!set.citation.empty() && !set.machine.empty() && !set.date.empty(), qPrintable(file));
            QVERIFY2(!set.cells.empty(), qPrintable(file));
            for (const core::ImportedCell& cell : set.cells) {
                QVERIFY2(sfp::find_strategy(set.algorithm, cell.strategy),
                         qPrintable(file + ": " + QString::fromStdString(cell.label())));
                QVERIFY2(cell.median_s && *cell.median_s > 0, qPrintable(file));
            }
        }
    }

    void cci_table1_as_published() {  // spot check against the article: 512 B 20.56 s, 64 KiB 2.02 s
        const core::ResultSet set = core::import_report(core::kReferenceRoot + "/cci-table1.json");
        QCOMPARE(set.cells.size(), std::size_t(8));
        QCOMPARE(set.cells.front().label(), std::string("stream block=512 size=640000000"));
        QCOMPARE(*set.cells.front().median_s, 20.56);
        QCOMPARE(*set.cells.back().median_s, 2.02);
    }

    void every_lesson_loads_validates_and_fits_in_a_minute() {
        const std::vector<core::Lesson> all = core::lessons();
        QCOMPARE(all.size(), std::size_t(10));
        QCOMPARE(all.back().name, QString("10-who-stops-first"));  // by number, not as names sort
        for (const core::Lesson& lesson : all) {
            const char* name = qPrintable(lesson.name);
            std::string algorithm;
            for (const QString& path : lesson.experiments) {
                const sfp::Experiment e = core::load_experiment(path);  // validates (throws SpecError)
                QVERIFY2(!sfp::expand(e).empty(), name);
                QVERIFY2(algorithm.empty() || algorithm == e.algorithm, name);
                algorithm = e.algorithm;
            }
            if (!lesson.reference.isEmpty()) core::import_report(lesson.reference, algorithm);  // same algorithm
            const double seconds = core::estimated_seconds(lesson);
            QVERIFY2(seconds > 0 && seconds < 60, qPrintable(lesson.name + ": " + QString::number(seconds) + " s"));
        }
    }

    void found_by_name_or_number() {
        QCOMPARE(core::find_lesson("1").name, QString("1-block-size"));
        QCOMPARE(core::find_lesson("5-packing").title, QString("Passing data between threads"));
        try {
            core::find_lesson("11");
            QFAIL("found a lesson 11");
        } catch (const core::LessonError& e) {
            QVERIFY2(QString(e.what()).startsWith("no lesson '11' (lessons: 1-block-size, 2-threads"), e.what());
        }
    }

    void the_eighth_measures_the_limits_first() {
        const core::Lesson l = core::find_lesson("8");
        QCOMPARE(l.title, QString("How close to the limit?"));
        QVERIFY(l.limits_first);
        QVERIFY(!core::find_lesson("1").limits_first);
        core::Lesson without = l;
        without.limits_first = false;
        QCOMPARE(core::estimated_seconds(l), core::estimated_seconds(without) + core::kQuickLimitsS);
        // Issue 39 §2: and again in every round, among its cells (its share against its own minutes)
        const sfp::Experiment e = core::load_experiment(l.experiments.front());
        QVERIFY(e.limits_in_rounds);
        QCOMPARE(e.order, sfp::Order::interleaved);
    }

    void an_estimate_counts_the_limits_in_rounds() {
        QTemporaryDir dir;
        QFile spec(dir.filePath("e.json"));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(R"({"version": 2, "algorithm": "wordcount", "sizes": [1000000], "strategies": ["simd"],
                       "repetitions": 3, "warmups": 1, "limits_in_rounds": true})");
        spec.close();
        core::Lesson l;
        l.experiments = {spec.fileName()};
        l.slowest_mbs = 1;
        QCOMPARE(core::estimated_seconds(l),
                 4 * (1.0 + core::kRunOverheadS) + 1.0 / core::kGenerateMbs + 3 * core::kRoundLimitsS);
    }

    void estimate_by_hand() {  // 1 cell x (3 + 1) runs x 2 files of 1 MB at 1 MB/s + overhead + generation
        QTemporaryDir dir;
        QFile spec(dir.filePath("e.json"));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(R"({"version": 1, "algorithm": "compare", "sizes": [1000000], "strategies": ["read"],
                       "repetitions": 3, "warmups": 1})");
        spec.close();
        core::Lesson l;
        l.experiments = {spec.fileName()};
        l.slowest_mbs = 1;
        QCOMPARE(core::estimated_seconds(l), 4 * (2.0 + core::kRunOverheadS) + 2.0 / core::kGenerateMbs);
    }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "test_lessons.moc"
