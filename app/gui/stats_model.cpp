#include "stats_model.hpp"

#include <QBrush>
#include <algorithm>
#include <map>

#include "cell_metrics.hpp"
#include "cell_text.hpp"
#include "runs_model.hpp"

namespace gui {

namespace {

bool same_cells(const std::vector<sfp::Cell>& a, const std::vector<sfp::Cell>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const sfp::Cell& x, const sfp::Cell& y) {
        const auto& parameters = sfp::cell_parameters();
        return x.strategy == y.strategy && x.input_set == y.input_set && x.file_size == y.file_size &&
               std::all_of(parameters.begin(), parameters.end(), [&](const sfp::Parameter* p) {
                   return sfp::parameter_value(x, *p) == sfp::parameter_value(y, *p);
               });
    });
}

}  // namespace

void StatsModel::setReport(const sfp::ExperimentReport& report) {
    const bool sameRows = same_cells(report.cells, cells_);
    if (!sameRows) beginResetModel();
    cells_ = report.cells;
    parameters_.setCells(cells_);  // the same cells keep the same columns
    stats_ = cell_stats(report);
    slower_.assign(cells_.size(), std::nullopt);
    ranked_.clear();
    for (const auto& ranking : slowdowns(report))
        for (const Slowdown& s : ranking) {
            if (s.cell >= cells_.size()) continue;
            slower_[s.cell] = s.ratio;
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

void StatsModel::apply(const sfp::RunUpdate& update) {
    for (const sfp::CellStats& st : update.stats) {
        if (st.cell >= stats_.size()) continue;
        stats_[st.cell] = st;
        emit dataChanged(index(int(st.cell), 0), index(int(st.cell), columnCount() - 1));
    }
    // The set's new ratios; cells that dropped out of its ranking lose theirs.
    if (ranked_.size() <= update.input_set) ranked_.resize(update.input_set + 1);
    std::vector<std::pair<std::size_t, double>> ratios;
    if (update.ranking) {
        ratios.emplace_back(update.ranking->fastest_cell, 1.0);
        ratios.insert(ratios.end(), update.ranking->slower.begin(), update.ranking->slower.end());
    }
    std::vector<std::size_t>& ranked = ranked_[update.input_set];
    const auto set = [&](std::size_t cell, std::optional<double> ratio) {
        if (cell >= slower_.size() || slower_[cell] == ratio) return;
        slower_[cell] = ratio;
        emit dataChanged(index(int(cell), column(Slower)), index(int(cell), column(Slower)));
    };
    std::map<std::size_t, std::optional<double>> next;
    for (std::size_t cell : ranked) next[cell] = std::nullopt;
    ranked.clear();
    for (const auto& [cell, ratio] : ratios) next[cell] = ratio, ranked.push_back(cell);
    for (const auto& [cell, ratio] : next) set(cell, ratio);
}

int StatsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(cells_.size()); }
int StatsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : column(ColumnCount); }

StatsModel::Column StatsModel::fixed(int column) const { return Column(column <= Threads ? column : column - parameters_.count() + 2); }

QVariant StatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* const names[ColumnCount] = {
        "strategy", "block", "threads", "file size", "runs", "median s", "mean s", "± stddev",
        "± 95% CI", "min s", "max s", "user s", "sys s", "MB/s", "CV %", "× fastest", "failed"};
    static const char* const tips[ColumnCount] = {
        nullptr, nullptr, nullptr, nullptr, "successful timed runs", "median elapsed time",
        "mean elapsed time", "sample standard deviation of the elapsed time",
        "half-width of the 95% confidence interval of the mean (Student t)", nullptr, nullptr,
        "median user CPU time of the engine's threads", "median system CPU time of the engine's threads",
        "bytes processed / median elapsed time", "coefficient of variation of the elapsed time",
        "median elapsed time / the fastest cell's on the same input", "runs that were not ok"};
    if (isParameter(section)) return role == Qt::DisplayRole ? QVariant(parameters_.header(section - Block)) : QVariant();
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
    case UserMedian: return s.user.median;
    case SysMedian: return s.sys.median;
    case Throughput: return s.throughput_mbs;
    case Cv: return s.real.cv * 100;
    case Slower: return slower_[std::size_t(row)] ? QVariant(*slower_[std::size_t(row)]) : QVariant();
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
        if (col == FileSize) return size_text(c.file_size);
        if (col == Strategy || col == Runs || col == Failed) return value(index.row(), index.column());
        if (s.real.n == 0)  // a cancel left it unrun: said so once, in the median's place
            return col == Median && s.failed == 0 ? tr("not run") : QStringLiteral("–");
        if (s.real.n == 1 && (col == Stddev || col == Ci95 || col == Cv)) return tr("n/a");  // no spread of one
        const QVariant v = value(index.row(), index.column());
        if (!v.isValid()) return QStringLiteral("–");
        const int decimals = col == Throughput ? 1 : col == Cv ? 1 : col == Slower ? 2 : 4;
        return QString::number(v.toDouble(), 'f', decimals) + (col == Slower ? QStringLiteral("×") : QString());
    }
    case Qt::TextAlignmentRole:
        return col == Strategy ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (s.failed > 0) return trouble_background(true, false);
        if (col == Cv && s.high_variation) return QBrush(QColor(255, 245, 190));
        return {};
    case Qt::ForegroundRole: return s.failed > 0 || (col == Cv && s.high_variation) ? QVariant(QBrush(Qt::black)) : QVariant();
    case Qt::ToolTipRole:
        if (s.failed > 0) return tr("%1 of this cell failed: see the Runs table").arg(runs_text(s.failed));
        if (s.high_variation) return tr("high variation: the coefficient of variation is above %1%").arg(sfp::kHighVariationCv * 100);
        return {};
    default: return {};
    }
}

}  // namespace gui
