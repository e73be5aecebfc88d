#pragma once
// Hardware counters of a run (cycles, instructions, dTLB read misses) through perf_event_open:
// opened on the runner thread before the clock starts, with "inherit", so every thread the run
// starts is counted too and nothing is opened or read inside the timed interval.
#include <array>
#include <cstdint>
#include <optional>

namespace sfp {

struct HwCounts {
    std::optional<std::uint64_t> cycles, instructions, dtlb_read_misses;  // none = n/a
};

class HwCounters {
public:
    // Opens the counters this machine allows. Each is tried once per process: where the kernel
    // refuses one (no CPU PMU, as on most VMs; perf_event_paranoid), no system call is made for
    // it again, so an unavailable counter costs nothing.
    HwCounters() noexcept;
    ~HwCounters();
    HwCounters(const HwCounters&) = delete;
    HwCounters& operator=(const HwCounters&) = delete;
    // The counts since construction, of the calling thread and every thread it started (those
    // that ended are included: join them first). Scaled up when the PMU had to multiplex.
    HwCounts read() const noexcept;

private:
    std::array<int, 3> fd_{-1, -1, -1};
};

// A count read while the counter was scheduled `running` ns of the `enabled` ns it was on (the PMU
// multiplexes when more counters are asked than it has): scaled up to the whole time enabled, as
// perf does. `running` must be nonzero. Declared here so tests can check it on hand-made values.
std::uint64_t scaled_count(std::uint64_t value, std::uint64_t enabled, std::uint64_t running) noexcept;

// Test seam: what stands behind the three counters. `software`: the kernel's software events
// (task clock in ns, page faults, context switches), which every Linux counts, so the whole path
// (open, inherit, read) is exercised where there is no PMU; `none`: as if nothing were allowed.
enum class HwSource { hardware, software, none };
void set_hw_source_for_tests(HwSource source) noexcept;

}  // namespace sfp
