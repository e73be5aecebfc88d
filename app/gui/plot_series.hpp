#pragma once
// The lines of the "metric against parameter" plot: one per strategy (and per value of any
// other parameter that varies), one point per value of the chosen axis.
#include <QString>
#include <vector>

#include "cell_metrics.hpp"

namespace gui {

// packing: wordcount pipeline's swept option (SimpleCount's record-packing factor).
enum class Axis { block_size, threads, file_size, packing };
inline constexpr Axis kAxes[] = {Axis::block_size, Axis::threads, Axis::file_size, Axis::packing};
QString axis_title(Axis a);  // "block size (bytes, log₂ scale)": with its unit
QString axis_name(Axis a);   // "block size"

struct SeriesPoint {
    double x = 0;
    sfp::Summary summary;
    std::size_t cell = 0;
};

struct Series {
    QString name;      // legend text
    QString strategy;
    // The strategy does not use the axis parameter (mmap has no block size): one value,
    // drawn flat across the axis as two points.
    bool flat = false;
    std::vector<SeriesPoint> points;  // ascending x
};

std::vector<Series> line_series(const sfp::ExperimentReport& report, Metric metric, Axis axis);

// The axis along which the experiment varies most (block sizes first, as the articles plot).
Axis natural_axis(const std::vector<sfp::Cell>& cells);

}  // namespace gui
