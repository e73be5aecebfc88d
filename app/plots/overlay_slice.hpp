#pragma once
// An imported result set on the Lines plot, sliced as the live run is: the same x axis (in the
// axis's unit: file sizes in MiB), one line per the same dimension, the same fixed values. Or,
// when the set cannot be drawn there, why not ("not comparable here"): another algorithm, no
// value on the x axis, no cell at a fixed value. Pure: the plot, its export and the tests share it.
#include <QString>
#include <vector>

#include "plot_slice.hpp"
#include "report_import.hpp"

namespace plots {

struct OverlayLines {
    std::vector<Series> series;  // points' summary.median is the set's median (or normalised)
    QString why_not;             // "" when drawn; else the reason, for "not comparable here"
};

// `algorithm` and `choice` are the live run's: its algorithm, and how its Lines plot is sliced.
OverlayLines overlay_lines(const core::ResultSet& set, const std::string& algorithm, const SliceChoice& choice);

// "AMD Phenom 9750 Quad-Core 2.40 GHz, c. 2010": the machine's first words and the date.
QString short_name(const core::ResultSet& set);

// A legend name per set that tells them apart: the machine and date, then the file's name when
// two sets share those, then its path.
QStringList distinct_names(const std::vector<core::ResultSet>& sets);

}  // namespace plots
