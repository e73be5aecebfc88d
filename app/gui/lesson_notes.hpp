#pragma once
// What a lesson says after its runs, from what they measured: when the cold run was no slower
// than the hot one (lesson 3 on a fast or host-cached virtual disk), why -- the device speed the
// cold runs saw and how much of the input the eviction left in memory -- instead of letting
// the class conclude that the article was wrong.
#include <QString>

#include "sfp/report.hpp"

namespace gui {

// Cold runs' median time over hot runs' of the same cells (1.0 = no slower); none when no cell
// has a successful run in both.
std::optional<double> cold_over_hot(const sfp::ExperimentReport& hot, const sfp::ExperimentReport& cold);
// Below this, cold counts as "no slower than hot" here.
inline constexpr double kColdSlowerAt = 1.25;
// The explanation when cold_over_hot is below kColdSlowerAt, else "".
QString cold_note(const sfp::ExperimentReport& hot, const sfp::ExperimentReport& cold);

// Lesson 4 after both cache states ran: each state's median time and share of large folios, the
// ratio, and -- when the two do not differ here (times within kSameStateWithin, folio shares within
// 10 points) -- that this machine shows no difference and why: the kernel gave both the same folios.
QString cache_states_note(const sfp::ExperimentReport& written, const sfp::ExperimentReport& read_back);
inline constexpr double kSameStateWithin = 0.10;

}  // namespace gui
