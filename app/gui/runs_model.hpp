#pragma once
// One row per timed run, in the order they ran. Failed and MISMATCH rows are marked (colour,
// icon) and carry their message. SortRole gives numbers for numeric columns.
// A view, not a copy: the rows are the runs of a report someone else owns and keeps alive (the
// controller's as it grows, a finished one), so a run's record is held once, not twice.
#include <QAbstractTableModel>
#include <span>

#include "sfp/report.hpp"
#include "sfp/run_record.hpp"
#include "sfp/run_update.hpp"
#include "sfp/strategy.hpp"
#include "table_parameters.hpp"

namespace gui {

inline constexpr int SortRole = Qt::UserRole + 1;

class RunsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Block and Threads are the first parameter columns (table_parameters.hpp); those some cell
    // uses follow them (packing), so a column from FileSize on is at column(c). After the message:
    // the counters that explain a run (n/a where the machine gives none).
    enum Column {
        Index,
        Strategy,
        Block,
        Threads,
        FileSize,
        Repetition,
        Real,
        CpuTime,
        User,
        Sys,
        Cpu,
        Throughput,
        Residency,
        LargeFolios,
        Status,
        Digest,
        Message,
        Faults,
        Switches,
        ReadBytes,
        WriteBytes,
        Cycles,
        Instructions,
        DtlbMisses,
        ColumnCount
    };
    int column(Column c) const { return c <= Threads ? c : c + parameters_.count() - 2; }

    using QAbstractTableModel::QAbstractTableModel;

    // Shows the runs of `report` (a new experiment's: none yet), which must stay alive and in
    // place until the next setReport. A temporary would leave the view dangling: refused.
    void setReport(const sfp::ExperimentReport& report);
    void setReport(sfp::ExperimentReport&&) = delete;
    // The report has grown by these finished runs (sfp::apply put them in, in order): their rows
    // appended at once, the earlier rows whose status they changed updated in place.
    void apply(std::span<const sfp::RunUpdate> updates);
    const sfp::RunRecord& record(int row) const { return report_->runs.at(std::size_t(row)); }
    // The error, why it is a MISMATCH, or that other load held it up (sfp::disturbed_by_load).
    static QString message(const sfp::RunRecord& run, unsigned cores);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const sfp::RunRecord& run, int column, int row) const;
    QVariant sortKey(const sfp::RunRecord& run, int column, int row) const;
    Column fixed(int column) const;  // what a column that is not a parameter's shows

    static const sfp::ExperimentReport kNone;
    const sfp::ExperimentReport* report_ = &kNone;
    std::size_t rows_ = 0;  // the rows announced so far: the report may be a run ahead of them
    unsigned cores_ = 1;    // CPU % is of all of them (cell_metrics.hpp)
    TableParameters parameters_;
};

// Shared by both tables: how a troubled row looks.
bool is_trouble(sfp::RunStatus status);
QVariant trouble_background(bool trouble, bool mismatch);

}  // namespace gui
