#pragma once
// One row per timed run, in the order they ran. Failed and MISMATCH rows are marked (colour,
// icon) and carry their message. SortRole gives numbers for numeric columns.
#include <QAbstractTableModel>

#include "sfp/experiment.hpp"
#include "sfp/run_update.hpp"

namespace gui {

inline constexpr int SortRole = Qt::UserRole + 1;

class RunsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Index, Strategy, Block, Threads, FileSize, Repetition, Real, User, Sys, Cpu,
                  Throughput, Residency, LargeFolios, Status, Message, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    // Starts over with the cells of a new experiment and no runs.
    void begin(std::vector<sfp::Cell> cells);
    void append(const sfp::RunRecord& record);
    // One finished run: its row appended, the rows whose status it changed updated in place.
    void apply(const sfp::RunUpdate& update);
    // The final word: statuses may have changed (MISMATCH is known only once all strategies ran).
    void setReport(const sfp::ExperimentReport& report);
    const sfp::RunRecord& record(int row) const { return runs_.at(std::size_t(row)); }
    static QString message(const sfp::RunRecord& run);  // the error, or why it is a MISMATCH

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const sfp::RunRecord& run, int column, int row) const;
    QVariant sortKey(const sfp::RunRecord& run, int column, int row) const;

    std::vector<sfp::Cell> cells_;
    unsigned cores_ = 1;  // CPU % is of all of them (cell_metrics.hpp)
    std::vector<sfp::RunRecord> runs_;
};

// Shared by both tables: how a troubled row looks.
bool is_trouble(const std::string& status);
QVariant trouble_background(bool trouble, bool mismatch);

}  // namespace gui
