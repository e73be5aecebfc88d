#pragma once
// One timed run of an experiment and its verdict. Qt-free.
#include <cstddef>
#include <optional>
#include <string_view>

#include "sfp/types.hpp"

namespace sfp {

// A timed run's verdict: its strategy's own status, or mismatch when its outcome disagrees with
// the other strategies' on the same input (runner/agreement.cpp). Text only at the edges.
enum class RunStatus { ok, cancelled, error, unsupported, mismatch };
const char* to_string(RunStatus s) noexcept;  // "ok", "cancelled", "error", "unsupported", "MISMATCH"
std::optional<RunStatus> run_status_from(std::string_view text) noexcept;  // to_string's inverse
RunStatus run_status(Status s) noexcept;  // a run's own status, before the agreement check

// One timed run, with everything needed to judge it.
struct RunRecord {
    std::size_t cell = 0;     // index into ExperimentReport::cells
    unsigned repetition = 0;  // 1-based
    RunResult result;
    double residency_pct = -1;      // page-cache residency of the inputs just before (-1 = n/a)
    double large_folio_share = -1;  // of the inputs' cached pages, in large folios, 0..1 (-1 = unknown)
    RunStatus status = RunStatus::ok;
};

}  // namespace sfp
