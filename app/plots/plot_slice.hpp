#pragma once
// Which cells the Lines plot draws: one dimension on the x axis, one line per value of another,
// and every other dimension that varies fixed at one value or at "best" (the fastest cell at
// each point). Pure (no widgets): the window, its export and `sfpbench-gui --headless` draw the
// same slice. The dimensions derive from the parameter tables: a new sweepable table entry is
// an axis, a line-per and a fixed-at choice (and a --x/--per/--fix word) without code here.
#include <QString>
#include <cstdint>
#include <map>
#include <vector>

#include "cell_metrics.hpp"
#include "sfp/parameter.hpp"

namespace plots {

// A dimension of the matrix: the strategy, the file size, or one of sfp::cell_parameters()
// (block size, threads, then every sweepable parameter of any algorithm, e.g. packing). A small
// value (an index into kDims); the four every experiment has are named. It converts to int for
// QVariant, ordering and switch.
class Dim {
public:
    static const Dim strategy, block_size, threads, file_size;
    constexpr Dim() = default;
    constexpr explicit Dim(int index) : index_(index) {}
    constexpr operator int() const { return index_; }
    const sfp::Parameter* parameter() const;  // nullptr for strategy and file size (and unknown)

private:
    int index_ = 0;
};
inline constexpr Dim Dim::strategy{0};
inline constexpr Dim Dim::block_size{1};
inline constexpr Dim Dim::threads{2};
inline constexpr Dim Dim::file_size{3};

// Every dimension, in this order: strategy, block size, threads, file size, the swept ones.
struct DimList {
    const Dim* begin() const;
    const Dim* end() const;
    std::size_t size() const { return std::size_t(end() - begin()); }
};
inline constexpr DimList kDims{};

// How an axis shows its numbers, from the parameter's type: sizes on a log₂ axis labelled 4K,
// counts spanning decades (packing 1..100000) on a log₁₀ one, other counts one tick per whole
// number, the file size linear in MiB. Strategies, choices and flags are no axis (categories).
enum class AxisScale { categories, file_mib, log2_size, log10, whole };
AxisScale axis_scale(Dim d);

QString dim_name(Dim d);  // "block size"
QString dim_flag(Dim d);  // "block": the word --x, --per and --fix take (a parameter's name, '_' as '-')
// "strategy, block, threads, size, packing" (numeric: without strategy): for help and messages.
QString dim_flags(bool numeric_only = false);
QString axis_title(Dim d);  // "block size (bytes, log₂ scale)": with its unit
bool is_numeric(Dim d);     // only numeric dimensions can be the x axis
bool dim_from_flag(const QString& word, Dim* out);
// The cell's value: a number for numeric dimensions (0 = the cell does not use it; so is every
// value of a dimension that is not numeric).
std::uint64_t dim_number(const sfp::Cell& c, Dim d);
// The cell's value as a key: the strategy or choice name, or the number in decimal; "" = not used.
QString dim_key(const sfp::Cell& c, Dim d);
// A value in words: "64K", "2", "16M", "read", "letters"; "best" reads "fastest".
QString value_text(Dim d, const QString& key);
// A value as a line's name: "read", "64K blocks", "2 threads", "16M file", "packing 1000".
QString value_words(Dim d, const QString& key);

// Fixed at "best": per point, the cell with the highest median throughput (for one input, the
// one with the lowest median elapsed time).
inline const QString kBest = QStringLiteral("best");

struct SliceChoice {
    Dim x = Dim::block_size;
    Dim per = Dim::strategy;
    std::map<Dim, QString> fixed;  // every other varying dimension: a key (as dim_key) or kBest
    bool operator==(const SliceChoice&) const = default;
};

struct SeriesPoint {
    double x = 0;
    sfp::Summary summary;  // n == 0: the cell has not run (or never will): a gap in the line
    std::size_t cell = 0;
};

struct Series {
    QString name;  // legend text
    // The cells do not use the x parameter (mmap has no block size): one value, drawn flat
    // across the axis as two points.
    bool flat = false;
    std::vector<SeriesPoint> points;  // ascending x
};

class PlotSlice {
public:
    PlotSlice() = default;
    explicit PlotSlice(const std::vector<sfp::Cell>& cells);

    const std::vector<sfp::Cell>& cells() const { return cells_; }
    // The values the cells take in a dimension (keys, numbers ascending); unused (0) left out.
    std::vector<QString> values(Dim d) const;
    bool varies(Dim d) const { return values(d).size() > 1; }

    std::vector<Dim> axisChoices() const;                    // numeric dimensions that vary
    std::vector<Dim> perChoices(Dim x) const;                // strategy, then the varying ones except x
    std::vector<Dim> fixedDims(const SliceChoice& c) const;  // varying, neither x nor per
    // The x axis with most values (block size first), one line per strategy, file size fixed
    // at the largest, everything else at "best".
    SliceChoice defaults() const;
    // `wanted` with every part these cells cannot take replaced by its default.
    SliceChoice fitted(SliceChoice wanted) const;
    // Why these cells cannot take `c` ("" when they can): for flags typed by hand.
    QString problem(const SliceChoice& c) const;
    // Why `d` is no choice here: "threads takes one value in this experiment (2)", or unused.
    QString unvaried(Dim d) const;

    std::vector<Series> series(const sfp::ExperimentReport& report, Metric metric, const SliceChoice& c) const;
    // "threads: fastest · file size: 16M": the fixed dimensions, for the plot's title.
    QString caption(const SliceChoice& c) const;

private:
    QString defaultFixed(Dim d) const;

    std::vector<sfp::Cell> cells_;
    std::map<Dim, std::vector<QString>> values_;
};

}  // namespace plots
