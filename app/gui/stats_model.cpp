#include "stats_model.hpp"

#include <QBrush>
#include <algorithm>
#include <map>

#include "cell_metrics.hpp"
#include "cell_text.hpp"
#include "limits_text.hpp"
#include "runs_model.hpp"

namespace gui {

void StatsModel::setReport(const sfp::ExperimentReport& report) {
    const bool sameRows = report.cells == cells_;
    if (!sameRows) beginResetModel();
    cells_ = report.cells;
    parameters_.setCells(cells_);  // the same cells keep the same columns
    stats_ = plots::cell_stats(report);
    experiment_ = report.experiment;
    device_ = report.machine.device;
    judge(report.limits);
    noise_ = report.noise;
    slower_.assign(cells_.size(), std::nullopt);
    ranked_.clear();
    for (const auto& ranking : plots::slowdowns(report))
        for (const plots::Slowdown& s : ranking) {
            if (s.cell >= cells_.size()) continue;
            slower_[s.cell] = s;
            const std::size_t set = cells_[s.cell].input_set;
            if (ranked_.size() <= set) ranked_.resize(set + 1);
            ranked_[set].push_back(s.cell);
        }
    if (!sameRows) {
        endResetModel();
    } else if (!cells_.empty()) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    }
}

void StatsModel::judge(const sfp::MachineLimits& limits) {
    limits_.clear();
    for (const sfp::Cell& c : cells_) limits_.push_back(sfp::cell_limit(limits, experiment_, c, device_));
}

void StatsModel::apply(std::span<const sfp::RunUpdate> updates) {
    std::set<std::size_t> refreshed;
    std::map<std::size_t, const std::optional<sfp::Ranking>*> latest;  // input set -> its last ranking
    for (const sfp::RunUpdate& update : updates) {
        for (const sfp::CellStats& st : update.stats) {
            if (st.cell >= stats_.size()) continue;
            stats_[st.cell] = st;
            refreshed.insert(st.cell);
        }
        latest[update.input_set] = &update.ranking;
        if (update.limits) judge(*update.limits);  // the first run's update brings them (they are known from then on)
    }
    std::set<std::size_t> moved;
    for (const auto& [set, ranking] : latest) rerank(set, *ranking, moved);
    rowsChanged(refreshed, 0, columnCount() - 1);
    std::erase_if(moved, [&](std::size_t cell) { return refreshed.count(cell) > 0; });  // refreshed whole already
    rowsChanged(moved, column(Slower), column(Verdict));
}

void StatsModel::setNoise(double noise) {
    if (noise == noise_) return;
    noise_ = noise;
    if (!cells_.empty()) emit dataChanged(index(0, column(Verdict)), index(rowCount() - 1, column(Verdict)));
}

void StatsModel::rerank(std::size_t set, const std::optional<sfp::Ranking>& ranking, std::set<std::size_t>& moved) {
    if (ranked_.size() <= set) ranked_.resize(set + 1);
    // Cells that dropped out of the set's ranking lose their ratio.
    std::vector<std::size_t>& ranked = ranked_[set];
    std::map<std::size_t, std::optional<plots::Slowdown>> next;
    for (std::size_t cell : ranked) next[cell] = std::nullopt;
    ranked.clear();
    if (ranking) {
        next[ranking->fastest_cell] = plots::Slowdown{ranking->fastest_cell, 1.0, std::nullopt};
        ranked.push_back(ranking->fastest_cell);
        for (const sfp::RankedCell& s : ranking->slower)
            next[s.cell] = plots::Slowdown{s.cell, s.vs_fastest.ratio, s.vs_fastest}, ranked.push_back(s.cell);
    }
    for (const auto& [cell, slowdown] : next) {
        if (cell >= slower_.size() || slower_[cell] == slowdown) continue;
        slower_[cell] = slowdown;
        moved.insert(cell);
    }
}

void StatsModel::rowsChanged(const std::set<std::size_t>& rows, int firstColumn, int lastColumn) {
    for (auto it = rows.begin(); it != rows.end();) {
        const std::size_t first = *it;
        std::size_t last = first;
        while (++it != rows.end() && *it == last + 1) ++last;
        emit dataChanged(index(int(first), firstColumn), index(int(last), lastColumn));
    }
}

int StatsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(cells_.size()); }
int StatsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : column(ColumnCount); }

StatsModel::Column StatsModel::fixed(int column) const {
    return Column(column <= Threads ? column : column - parameters_.count() + 2);
}

QVariant StatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* const names[ColumnCount] = {
        "strategy", "block",    "threads",   "file size",   "runs",    "median s", "mean s", "± stddev",
        "± 95% CI", "min s",    "max s",     "CPU s",       "user s",  "sys s",    "MB/s",   "% of limit",
        "CV %",     "outliers", "× fastest", "95% CI of ×", "verdict", "failed"};
    static const char* const tips[ColumnCount] = {
        nullptr,
        nullptr,
        nullptr,
        nullptr,
        "successful timed runs",
        "median elapsed time",
        "mean elapsed time",
        "sample standard deviation of the elapsed time",
        "half-width of the 95% confidence interval of the mean (Student t)",
        nullptr,
        nullptr,
        "median CPU time of the engine's threads, exact (the scheduler's runtime)",
        "median user CPU time of the engine's threads (the kernel's tick-sampled share of the exact total)",
        "median system CPU time of the engine's threads (the kernel's tick-sampled share of the exact total)",
        "bytes processed / median elapsed time",
        "MB/s as a share of the machine's limit this cell is judged against (`sfpbench limits`); hover a cell",
        "coefficient of variation of the elapsed time",
        "runs far from the median by the MAD rule (modified z-score above 3.5): counted, never dropped",
        "median elapsed time / the fastest cell's on the same input",
        "95% confidence interval of the ratio (Hodges-Lehmann on log times, from 6 runs a side)",
        "against the fastest: ~ when p > 0.05 (Wilcoxon signed-rank over the rounds) or the interval lies "
        "within the noise band; slower with its p; no verdict below 6 runs a side",
        "runs that were not ok"};
    if (isParameter(section))
        return role == Qt::DisplayRole ? QVariant(parameters_.header(section - Block)) : QVariant();
    const Column c = fixed(section);
    if (section < 0 || c >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return tr(names[c]);
    if (role == Qt::ToolTipRole && tips[c]) return tr(tips[c]);
    return {};
}

QVariant StatsModel::value(int row, int column) const {
    const sfp::Cell& c = cells_[std::size_t(row)];
    const sfp::CellStats& s = stats_[std::size_t(row)];
    if (isParameter(column)) return parameters_.sortKey(c, column - Block);
    switch (fixed(column)) {
        case Strategy: return QString::fromStdString(c.strategy);
        case FileSize: return qulonglong(c.file_size);
        case Runs: return qulonglong(s.real.n);
        case Median: return s.real.median;
        case Mean: return s.real.mean;
        case Stddev: return s.real.stddev;
        case Ci95: return s.real.ci95;
        case Min: return s.real.min;
        case Max: return s.real.max;
        case CpuMedian: return s.cpu.median;
        case UserMedian: return s.user.median;
        case SysMedian: return s.sys.median;
        case Throughput: return s.throughput_mbs;
        case LimitPct: {
            const std::optional<double> pct =
                row < int(limits_.size()) ? core::cell_limit_pct(s, limits_[std::size_t(row)]) : std::nullopt;
            return pct ? QVariant(*pct) : QVariant();
        }
        case Cv: return s.real.cv * 100;
        case Outliers: return qulonglong(s.real.outliers.size());
        case Slower: return slower_[std::size_t(row)] ? QVariant(slower_[std::size_t(row)]->ratio) : QVariant();
        case SlowerCi: {
            const std::optional<plots::Slowdown>& d = slower_[std::size_t(row)];
            return d && d->vs_fastest && d->vs_fastest->low ? QVariant(*d->vs_fastest->low) : QVariant();
        }
        case Verdict: return verdictText(std::size_t(row));
        case Failed: return qulonglong(s.failed);
        case Block:
        case Threads:
        case ColumnCount: break;  // parameters: above
    }
    return {};
}

QVariant StatsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const std::size_t row = std::size_t(index.row());
    const sfp::CellStats& s = stats_[row];
    const int col = isParameter(index.column()) ? Block : fixed(index.column());  // every parameter column as the first
    switch (role) {
        case SortRole: return value(index.row(), index.column());
        case Qt::DisplayRole: {
            const sfp::Cell& c = cells_[row];
            if (col == Block) return parameters_.text(c, index.column() - Block);  // any parameter
            if (col == FileSize) return plots::size_text(c.file_size);
            if (col == Strategy || col == Runs || col == Failed || col == Outliers || col == Verdict)
                return value(index.row(), index.column());
            if (col == SlowerCi) return intervalText(row);
            if (s.real.n == 0)  // a cancel left it unrun: said so once, in the median's place
                return col == Median && s.failed == 0 ? tr("not run") : QStringLiteral("–");
            if (s.real.n == 1 && (col == Stddev || col == Ci95 || col == Cv)) return tr("n/a");  // no spread of one
            if (!s.split_resolved && (col == UserMedian || col == SysMedian))
                return tr("not resolved");  // only the total is known
            const QVariant v = value(index.row(), index.column());
            if (!v.isValid()) return QStringLiteral("–");
            const int decimals = col == Throughput ? 1 : col == Cv ? 1 : col == LimitPct ? 0 : col == Slower ? 2 : 4;
            return QString::number(v.toDouble(), 'f', decimals) + (col == Slower ? QStringLiteral("×") : QString());
        }
        case Qt::TextAlignmentRole:
            return col == Strategy || col == Verdict ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::BackgroundRole:
            if (s.failed > 0) return trouble_background(true, false);
            if (col == Cv && s.high_variation) return QBrush(QColor(255, 245, 190));
            return {};
        case Qt::ForegroundRole:
            return s.failed > 0 || (col == Cv && s.high_variation) ? QVariant(QBrush(Qt::black)) : QVariant();
        case Qt::ToolTipRole:
            if (s.failed > 0) return tr("%1 of this cell failed: see the Runs table").arg(plots::runs_text(s.failed));
            if (s.high_variation)
                return tr("high variation: the coefficient of variation is above %1%").arg(sfp::kHighVariationCv * 100);
            if (col == LimitPct && row < limits_.size())
                return core::share_text(limits_[row], core::cell_limit_pct(s, limits_[row]));
            return {};
        default: return {};
    }
}

QString StatsModel::verdictText(std::size_t row) const {
    const std::optional<plots::Slowdown>& d = slower_[row];
    if (!d) return QStringLiteral("–");
    if (!d->vs_fastest) return stats_[row].real.n == 1 ? tr("fastest of single runs") : tr("fastest");
    return QString::fromStdString(sfp::verdict_text(*d->vs_fastest, noise_));
}

QString StatsModel::intervalText(std::size_t row) const {
    const std::optional<plots::Slowdown>& d = slower_[row];
    return d && d->vs_fastest ? QString::fromStdString(sfp::bounds_text(*d->vs_fastest)) : QString();
}

}  // namespace gui
