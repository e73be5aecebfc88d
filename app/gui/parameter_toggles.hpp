#pragma once
// A swept parameter's row of toggles, built from its table entry (sfp/parameter.hpp) like every
// other control of the form: the toggles are chosen by its type, custom entries are read and
// limited by the table. Block size, threads and packing are rows alike, so a sweepable entry
// added to an algorithm's table gets its row without a line here.
#include <QString>
#include <cstdint>
#include <vector>

#include "sfp/parameter.hpp"

class QWidget;

namespace gui {

class ValueToggles;

// Powers of two for sizes (512 ... 16M, within the limits), 1 ... 2 x `cpus` for a thread count
// (on big machines its powers of two and the CPU count, so the row stays short), decades for
// other numbers (1, 10, ... up to the maximum), every choice of a choice, false and true.
std::vector<std::uint64_t> toggle_values(const sfp::Parameter& p, unsigned cpus);
// The row's label, the experiment file's word: "Block sizes", "Threads", "Packing".
QString row_label(const sfp::Parameter& p);
// The row: toggle_values for this machine, a custom field, named after the parameter.
ValueToggles* parameter_toggles(const sfp::Parameter& p, QWidget* parent);

}  // namespace gui
