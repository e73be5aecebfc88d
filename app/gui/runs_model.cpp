#include "runs_model.hpp"

#include <QApplication>
#include <QBrush>
#include <QColor>
#include <QStyle>
#include <set>

#include "cell_metrics.hpp"
#include "cell_text.hpp"
#include "report_format.hpp"
#include "sfp/explain.hpp"
#include "sfp/strategy.hpp"

namespace gui {

bool is_trouble(sfp::RunStatus status) { return status != sfp::RunStatus::ok; }

QVariant trouble_background(bool trouble, bool mismatch) {
    if (mismatch) return QBrush(QColor(255, 205, 205));  // wrong answer: the loudest colour
    if (trouble) return QBrush(QColor(255, 232, 200));
    return {};
}

namespace {

// n/a sorts below every count.
QVariant count_key(std::optional<std::uint64_t> count) { return count ? QVariant(qulonglong(*count)) : QVariant(-1); }

// Why a measurement reads as it does, where that is not obvious.
QVariant counter_tip(const sfp::RunRecord& run, RunsModel::Column column) {
    const sfp::Usage& u = run.result.usage;
    switch (column) {
        case RunsModel::CpuTime:
            return u.cpu_exact ? RunsModel::tr("exact: the scheduler's runtime of the engine's threads")
                               : RunsModel::tr("user + sys: this report was written before CPU time was exact");
        case RunsModel::User:
        case RunsModel::Sys:
            return u.split_resolved ? RunsModel::tr("the kernel's tick-sampled proportion of the exact CPU time")
                                    : RunsModel::tr(
                                          "too short for the kernel's tick sampling to split user from system "
                                          "time: only the total (CPU s) is known");
        case RunsModel::ReadBytes:
        case RunsModel::WriteBytes:
            return u.read_bytes ? QVariant() : RunsModel::tr("n/a: the kernel keeps no I/O accounting here");
        case RunsModel::Cycles:
        case RunsModel::Instructions:
        case RunsModel::DtlbMisses:
            return u.cycles || u.instructions || u.dtlb_read_misses
                       ? QVariant()
                       : RunsModel::tr(
                             "n/a: no hardware counters here (no CPU PMU, as on most VMs, or "
                             "perf_event_paranoid forbids them)");
        default: return {};
    }
}

}  // namespace

const sfp::ExperimentReport RunsModel::kNone;

void RunsModel::setReport(const sfp::ExperimentReport& report) {
    beginResetModel();
    report_ = &report;
    rows_ = report.runs.size();
    cores_ = plots::cores_of(report);
    parameters_.setCells(report.cells);  // a live run's report has no machine yet: this machine's
    endResetModel();
}

void RunsModel::apply(std::span<const sfp::RunUpdate> updates) {
    const std::size_t before = rows_;
    const std::size_t runs = report_->runs.size();
    if (runs > rows_) {
        beginInsertRows({}, int(rows_), int(runs - 1));
        rows_ = runs;
        endInsertRows();
    }
    std::set<std::size_t> flipped;  // rows that were there before: new rows are drawn as they are now
    for (const sfp::RunUpdate& update : updates)
        for (const sfp::StatusChange& change : update.statuses)
            if (change.run < before) flipped.insert(change.run);
    for (std::size_t run : flipped)
        emit dataChanged(index(int(run), 0), index(int(run), columnCount() - 1));  // status, message, colour
}

int RunsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_); }
int RunsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : column(ColumnCount); }

RunsModel::Column RunsModel::fixed(int column) const {
    return Column(column <= Threads ? column : column - parameters_.count() + 2);
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section >= Block && section < Block + parameters_.count()) return parameters_.header(section - Block);
    static const char* const names[ColumnCount] = {"#",
                                                   "strategy",
                                                   "block",
                                                   "threads",
                                                   "file size",
                                                   "rep",
                                                   "real s",
                                                   "CPU s",
                                                   "user s",
                                                   "sys s",
                                                   "CPU % of all cores",
                                                   "MB/s",
                                                   "cached %",
                                                   "large folios %",
                                                   "status",
                                                   "digest",
                                                   "message",
                                                   "faults",
                                                   "switches",
                                                   "read from storage",
                                                   "written to storage",
                                                   "cycles",
                                                   "instructions",
                                                   "dTLB read misses"};
    const Column c = fixed(section);
    return section >= 0 && c < ColumnCount ? tr(names[c]) : QVariant();
}

QString RunsModel::message(const sfp::RunRecord& run, unsigned cores) {
    if (!run.result.error.empty()) return QString::fromStdString(run.result.error);
    if (run.status == sfp::RunStatus::mismatch)
        return tr("outcome (digest %1) differs from the other strategies' on the same input")
            .arg(QString::fromStdString(run.result.digest));
    const sfp::Usage& u = run.result.usage;
    if (sfp::disturbed_by_load(run.result, cores))
        return tr("disturbed by other load: %1 % of its threads' time runnable with no CPU")
            .arg(*u.runnable_wait_s / *u.thread_s * 100, 0, 'f', 0);
    return {};
}

QVariant RunsModel::display(const sfp::RunRecord& run, int column, int row) const {
    const sfp::Cell* cell = run.cell < report_->cells.size() ? &report_->cells[run.cell] : nullptr;
    const bool timed = run.status == sfp::RunStatus::ok || run.status == sfp::RunStatus::mismatch;
    auto number = [&](plots::Metric m, int decimals) -> QVariant {
        return timed ? QString::number(plots::metric_of(run, m, cores_), 'f', decimals) : QStringLiteral("–");
    };
    if (column >= Block && column < Block + parameters_.count())
        return cell ? parameters_.text(*cell, column - Block) : QString();
    switch (fixed(column)) {
        case Index: return row + 1;
        case Strategy: return cell ? QString::fromStdString(cell->strategy) : QString();
        case FileSize: return cell ? plots::size_text(cell->file_size) : QString();
        case Repetition: return run.repetition;
        case Real: return number(plots::Metric::elapsed, 4);
        case CpuTime: return number(plots::Metric::cpu_time, 4);
        case User:  // only the total is known when the kernel's ticks could not split it
            return timed && !run.result.usage.split_resolved ? tr("not resolved") : number(plots::Metric::user, 4);
        case Sys:
            return timed && !run.result.usage.split_resolved ? tr("not resolved") : number(plots::Metric::system, 4);
        case Cpu: {  // flagged, not silently shown, when above every core busy
            const double cpu = plots::metric_of(run, plots::Metric::cpu, cores_);
            return timed && plots::cpu_over_base(cpu) ? QString::number(cpu, 'f', 0) + tr(" (over 100 %!)")
                                                      : number(plots::Metric::cpu, 0);
        }
        case Throughput: return number(plots::Metric::throughput, 1);
        case Residency: return run.residency_pct < 0 ? QStringLiteral("–") : QString::number(run.residency_pct, 'f', 0);
        case LargeFolios: return core::large_folio_text(run.large_folio_share, 100, 0);
        case Status: return QString::fromLatin1(sfp::to_string(run.status));
        case Digest: return QString::fromStdString(run.result.digest);  // equal digests: the same outcome
        case Message: return message(run, cores_);
        case Faults: return QString::number(run.result.usage.minor_faults + run.result.usage.major_faults);
        case Switches:
            return QString::number(run.result.usage.voluntary_switches + run.result.usage.involuntary_switches);
        case ReadBytes: return core::count_text(run.result.usage.read_bytes);
        case WriteBytes: return core::count_text(run.result.usage.write_bytes);
        case Cycles: return core::count_text(run.result.usage.cycles);
        case Instructions: return core::count_text(run.result.usage.instructions);
        case DtlbMisses: return core::count_text(run.result.usage.dtlb_read_misses);
        case Block:
        case Threads:
        case ColumnCount: break;  // parameters: above
    }
    return {};
}

QVariant RunsModel::sortKey(const sfp::RunRecord& run, int column, int row) const {
    const sfp::Cell* cell = run.cell < report_->cells.size() ? &report_->cells[run.cell] : nullptr;
    if (column >= Block && column < Block + parameters_.count())
        return cell ? parameters_.sortKey(*cell, column - Block) : QVariant();
    switch (fixed(column)) {
        case Index: return row;
        case FileSize: return cell ? qulonglong(cell->file_size) : 0;
        case Repetition: return run.repetition;
        case Real: return plots::metric_of(run, plots::Metric::elapsed, cores_);
        case CpuTime: return plots::metric_of(run, plots::Metric::cpu_time, cores_);
        case User: return plots::metric_of(run, plots::Metric::user, cores_);
        case Sys: return plots::metric_of(run, plots::Metric::system, cores_);
        case Cpu: return plots::metric_of(run, plots::Metric::cpu, cores_);
        case Throughput: return plots::metric_of(run, plots::Metric::throughput, cores_);
        case Residency: return run.residency_pct;
        case LargeFolios: return run.large_folio_share;
        case Faults: return qlonglong(run.result.usage.minor_faults + run.result.usage.major_faults);
        case Switches: return qlonglong(run.result.usage.voluntary_switches + run.result.usage.involuntary_switches);
        case ReadBytes: return count_key(run.result.usage.read_bytes);
        case WriteBytes: return count_key(run.result.usage.write_bytes);
        case Cycles: return count_key(run.result.usage.cycles);
        case Instructions: return count_key(run.result.usage.instructions);
        case DtlbMisses: return count_key(run.result.usage.dtlb_read_misses);
        default: return display(run, column, row);
    }
}

QVariant RunsModel::data(const QModelIndex& index, int role) const {
    const std::size_t row = std::size_t(index.row());
    if (!index.isValid() || row >= rows_ || row >= report_->runs.size() || index.column() >= columnCount()) return {};
    const sfp::RunRecord& run = report_->runs[row];
    const bool trouble = is_trouble(run.status);
    const bool disturbed = !trouble && index.column() == column(Message) && sfp::disturbed_by_load(run.result, cores_);
    switch (role) {
        case Qt::DisplayRole: return display(run, index.column(), index.row());
        case SortRole: return sortKey(run, index.column(), index.row());
        case Qt::TextAlignmentRole:
            return (index.column() >= Block && index.column() <= column(LargeFolios)) ||
                           index.column() >= column(Faults)
                       ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                       : QVariant();
        case Qt::BackgroundRole:
            if (disturbed) return QBrush(QColor(255, 245, 190));  // as a noisy cell's cv: a measurement to doubt
            return trouble_background(trouble, run.status == sfp::RunStatus::mismatch);
        case Qt::ForegroundRole: return trouble || disturbed ? QVariant(QBrush(Qt::black)) : QVariant();
        case Qt::DecorationRole:
            if (trouble && index.column() == column(Status))
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
            return {};
        case Qt::ToolTipRole: {
            if (!trouble) return counter_tip(run, fixed(index.column()));
            const QString why = message(run, cores_);
            const QString status = QString::fromLatin1(sfp::to_string(run.status));
            return why.isEmpty() ? status : QStringLiteral("%1: %2").arg(status, why);
        }
        default: return {};
    }
}

}  // namespace gui
