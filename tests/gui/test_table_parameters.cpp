// The window's runs and stats tables take their parameter columns from the parameter tables:
// block and threads always, then each parameter some cell uses -- wordcount's packing, the
// test-only dirsum's choice "visit" (tests/support/dirsum_unit.hpp, added before anything looks
// an algorithm up) -- with "-" where a cell's strategy does not use it, names for a choice, and
// sorting by the value. A compare report keeps exactly block and threads.
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QSortFilterProxyModel>
#include <QtTest>

#include "fixtures.hpp"
#include "runs_model.hpp"
#include "stats_model.hpp"
#include "support/dirsum_unit.hpp"

using namespace gui;

namespace {

using hand_made::parameter;

// wordcount's pipeline at packing 5 and 40 (2 threads), and simple, which uses no packing;
// one run each, the packing-40 cell the fastest.
sfp::ExperimentReport packing_sweep() {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "wordcount";
    r.cells = {fixtures::cell("pipeline", 0, 2), fixtures::cell("pipeline", 0, 2), fixtures::cell("simple", 65536, 0)};
    sfp::set_parameter_value(r.cells[0], parameter("packing"), 5);
    sfp::set_parameter_value(r.cells[1], parameter("packing"), 40);
    const double seconds[] = {0.3, 0.1, 0.2};
    for (std::size_t c = 0; c < r.cells.size(); ++c) r.runs.push_back(fixtures::run(c, 1, seconds[c]));
    return r;
}

// The column of `model` whose header is `name`, -1 when there is none.
int column_named(const QAbstractItemModel& model, const QString& name) {
    for (int c = 0; c < model.columnCount(); ++c)
        if (model.headerData(c, Qt::Horizontal).toString() == name) return c;
    return -1;
}

QStringList column_texts(const QAbstractItemModel& model, int column) {
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row) out << model.index(row, column).data().toString();
    return out;
}

QStringList headers(const QAbstractItemModel& model) {
    QStringList out;
    for (int c = 0; c < model.columnCount(); ++c) out << model.headerData(c, Qt::Horizontal).toString();
    return out;
}

}  // namespace

class TestTableParameters : public QObject {
    Q_OBJECT
private slots:
    void packingSweepHasAPackingColumn() {
        const sfp::ExperimentReport r = packing_sweep();
        RunsModel runs;
        StatsModel stats;
        QAbstractItemModelTester runs_tester(&runs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester stats_tester(&stats, QAbstractItemModelTester::FailureReportingMode::QtTest);
        runs.setReport(r);
        stats.setReport(r);
        for (const QAbstractItemModel* model :
             {static_cast<const QAbstractItemModel*>(&runs), static_cast<const QAbstractItemModel*>(&stats)}) {
            const QStringList names = headers(*model);
            const int block = int(names.indexOf("block"));
            QVERIFY2(block >= 0, qPrintable(names.join(", ")));
            QCOMPARE(names.mid(block, 4), (QStringList{"block", "threads", "packing", "file size"}));
            QCOMPARE(column_texts(*model, block + 2), (QStringList{"5", "40", "-"}));
            QCOMPARE(column_texts(*model, block), (QStringList{"-", "-", "64K"}));
            QCOMPARE(column_texts(*model, block + 1), (QStringList{"2", "2", "-"}));
        }
        QCOMPARE(runs.columnCount(), int(RunsModel::ColumnCount) + 1);
        QCOMPARE(stats.columnCount(), int(StatsModel::ColumnCount) + 1);
        // The columns after the parameters moved by one and still show what they say.
        QCOMPARE(runs.headerData(runs.column(RunsModel::Status), Qt::Horizontal).toString(), QStringLiteral("status"));
        QCOMPARE(runs.index(0, runs.column(RunsModel::Status)).data().toString(), QStringLiteral("ok"));
        QCOMPARE(runs.index(1, runs.column(RunsModel::Real)).data(SortRole).toDouble(), 0.1);
        QCOMPARE(stats.headerData(stats.column(StatsModel::Median), Qt::Horizontal).toString(),
                 QStringLiteral("median s"));
        QCOMPARE(stats.index(0, stats.column(StatsModel::Median)).data().toString(), QStringLiteral("0.3000"));
        QCOMPARE(stats.index(0, StatsModel::Strategy).data().toString(),
                 QStringLiteral("pipeline"));  // packing has its column
    }

    // By the value, not the text ("5" > "40" as text); a cell without packing sorts first.
    void parameterColumnsSortByValue() {
        const sfp::ExperimentReport r = packing_sweep();
        StatsModel stats;
        stats.setReport(r);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&stats);
        proxy.setSortRole(SortRole);
        const int packing = column_named(stats, "packing");
        proxy.sort(packing, Qt::DescendingOrder);
        QCOMPARE(column_texts(proxy, packing), (QStringList{"40", "5", "-"}));
        proxy.sort(packing, Qt::AscendingOrder);
        QCOMPARE(column_texts(proxy, packing), (QStringList{"-", "5", "40"}));
    }

    // A choice reads as its name, sorts by its index.
    void choiceShowsItsName() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "dirsum";
        r.cells = {fixtures::cell("walk", 4096, 0), fixtures::cell("walk", 4096, 0)};
        sfp::set_parameter_value(r.cells[0], parameter("visit"), 1);
        sfp::set_parameter_value(r.cells[1], parameter("visit"), 0);
        r.runs = {fixtures::run(0, 1, 0.2), fixtures::run(1, 1, 0.1)};
        RunsModel runs;
        runs.setReport(r);
        const int visit = column_named(runs, "visit");
        QVERIFY2(visit > 0, qPrintable(headers(runs).join(", ")));
        QCOMPARE(column_texts(runs, visit), (QStringList{"reversed", "sorted"}));
        QCOMPARE(runs.index(0, visit).data(SortRole).toLongLong(), 1);
        QCOMPARE(runs.index(1, visit).data(SortRole).toLongLong(), 0);
    }

    void compareHasBlockAndThreadsOnly() {
        const sfp::ExperimentReport r = fixtures::sweep();
        RunsModel runs;
        StatsModel stats;
        runs.setReport(r);
        stats.setReport(r);
        QCOMPARE(runs.columnCount(), int(RunsModel::ColumnCount));
        QCOMPARE(stats.columnCount(), int(StatsModel::ColumnCount));
        QCOMPARE(headers(runs).mid(RunsModel::Block, 3), (QStringList{"block", "threads", "file size"}));
        QCOMPARE(headers(stats).mid(StatsModel::Block, 3), (QStringList{"block", "threads", "file size"}));
        QCOMPARE(runs.column(RunsModel::Status), int(RunsModel::Status));
        QCOMPARE(column_texts(stats, StatsModel::Threads), (QStringList{"-", "-", "2", "2", "-"}));
    }

    // A new report with other parameters changes the columns (a reset, as the tester checks).
    void columnsFollowTheReport() {
        RunsModel runs;
        QAbstractItemModelTester tester(&runs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const sfp::ExperimentReport packed = packing_sweep(), plain = fixtures::sweep();
        runs.setReport(packed);
        QVERIFY(column_named(runs, "packing") > 0);
        runs.setReport(plain);
        QCOMPARE(column_named(runs, "packing"), -1);
        QCOMPARE(runs.columnCount(), int(RunsModel::ColumnCount));
    }
};

int main(int argc, char** argv) {
    dirsum::add();  // before anything looks an algorithm up
    QApplication app(argc, argv);
    TestTableParameters test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_table_parameters.moc"
