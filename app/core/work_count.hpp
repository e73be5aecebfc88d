#pragma once
// How many runs and ranked cells a report's content looked at, for the test that its tables
// take time linear in the report (tests/app/test_report_linear.cpp): a count, not a clock.
// One increment per item looked at; the program itself never reads it.
#include <cstddef>

namespace core {

inline thread_local std::size_t items_looked_at = 0;

}  // namespace core
