#pragma once
// One row per cell: repetitions summarised (median, mean, spread, CI, outliers), exact CPU time
// and its split, throughput, its share of the machine's limit, and how many times slower than the
// fastest cell on the same input -- with the ratio's 95 % interval and the verdict
// (sfp/comparison.hpp). Live while running.
#include <QAbstractTableModel>
#include <optional>
#include <set>
#include <span>

#include "cell_metrics.hpp"
#include "sfp/cell.hpp"
#include "sfp/experiment.hpp"
#include "sfp/report.hpp"
#include "sfp/run_update.hpp"
#include "sfp/strategy.hpp"
#include "table_parameters.hpp"

namespace gui {

class StatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Block and Threads are the first parameter columns (table_parameters.hpp); those some cell
    // uses follow them (packing), so a column from FileSize on is at column(c).
    enum Column {
        Strategy,
        Block,
        Threads,
        FileSize,
        Runs,
        Median,
        Mean,
        Stddev,
        Ci95,
        Min,
        Max,
        CpuMedian,
        UserMedian,
        SysMedian,
        Throughput,
        LimitPct,
        Cv,
        Outliers,
        Slower,
        SlowerCi,
        Verdict,
        Failed,
        ColumnCount
    };
    int column(Column c) const { return c <= Threads ? c : c + parameters_.count() - 2; }

    using QAbstractTableModel::QAbstractTableModel;

    // Rows follow the report's cells; values are refreshed in place when only runs were added.
    void setReport(const sfp::ExperimentReport& report);
    // Finished runs, in order: only the cells they touched get new statistics, and the
    // times-slower column changes only for the cells whose ratio moved (each input set's ranking
    // is the last one of the batch: a ranking is the whole of its set).
    void apply(std::span<const sfp::RunUpdate> updates);
    // The noise band of the verdicts (setReport takes the report's).
    void setNoise(double noise);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant value(int row, int column) const;    // number (or text) for display and sorting
    QString verdictText(std::size_t row) const;   // "fastest", "~ (p=0.310)", "slower, p<0.001", ...
    QString intervalText(std::size_t row) const;  // "[1.02–1.07]", "" without one
    // The set's ratios from its ranking (none: no cell of it timed yet); the cells whose ratio moved go into `moved`.
    void rerank(std::size_t set, const std::optional<sfp::Ranking>& ranking, std::set<std::size_t>& moved);
    void rowsChanged(const std::set<std::size_t>& rows, int firstColumn, int lastColumn);  // one signal per stretch
    Column fixed(int column) const;  // what a column that is not a parameter's shows
    bool isParameter(int column) const { return column >= Block && column < Block + parameters_.count(); }

    std::vector<sfp::Cell> cells_;
    TableParameters parameters_;
    std::vector<sfp::CellStats> stats_;
    std::vector<std::optional<plots::Slowdown>> slower_;  // against the fastest of its input, when ranked
    double noise_ = sfp::kDefaultNoise;
    void judge(const sfp::MachineLimits& limits);   // each cell's ceiling, from the limits the runs are judged by
    sfp::Experiment experiment_;                    // whose cells these are: their bounds depend on it
    std::string device_;                            // of the inputs, when known
    std::vector<sfp::CellLimit> limits_;            // per cell
    std::vector<std::vector<std::size_t>> ranked_;  // per input set: the cells its ranking holds
};

}  // namespace gui
