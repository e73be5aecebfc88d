#pragma once
// The probe seam for tests of an `auto` strategy (sfp::set_probe_hook): every candidate but the
// named one has its slices cost a second more, far more than any slice takes, so auto picks it.
#include <atomic>
#include <string_view>

namespace testing {

inline std::atomic<const char*> fast_candidate{nullptr};

inline double slow_down(std::string_view candidate) {
    const char* fast = fast_candidate.load();
    return fast && candidate != fast ? 1.0 : 0.0;
}

}  // namespace testing
