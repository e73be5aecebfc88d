// compare/mmap-mt — compMP proper: mapped files, T threads over round-robin stripes, a shared
// sorted table of the earliest N mismatches and passive early termination. After the scan the
// same threads unmap the pages, each its share: the kernel unmaps small folios 4 KiB at a time,
// a sixth of the run in small folios, which munmap would do on one thread (docs/runner.md). The
// same threads, not new ones: starting two more and waking a CPU for them cost more than the
// unmapping of large folios itself (docs/bench-compare.md).
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>

#include "algorithms/compare/mapped_scan.hpp"
#include "algorithms/compare/range_scans.hpp"
#include "algorithms/compare/strategies.hpp"

namespace sfp::compare {

namespace {

// Every worker's scan done: none unmaps pages another may still scan (which would only fault
// them in again: a released page stays mapped). Waits in slices, so that a run whose threads
// did not all start or all scan (RunContext::should_stop) never waits for ever.
class ScansDone {
public:
    explicit ScansDone(unsigned workers) : left_(workers) {}
    void arrive_and_wait(const RunContext& ctx) {
        std::unique_lock lock(mutex_);
        if (--left_ == 0) {
            lock.unlock();
            all_.notify_all();
            return;
        }
        while (left_ > 0 && !ctx.should_stop()) all_.wait_for(lock, std::chrono::milliseconds(5));
    }

private:
    std::mutex mutex_;
    std::condition_variable all_;
    unsigned left_;
};

}  // namespace

void scan_mapped_range(const InputPair& pair, const Mapping& a, const Mapping& b, Range r, MismatchTable& table,
                       RunContext& ctx) {
    ScansDone scanned(r.threads);
    StripeQueue queue(r.block, r.end - r.begin);
    ctx.run_threads(
        r.threads,
        [&](unsigned worker) {
            std::exception_ptr failed;  // rethrown after the unmapping: the others wait for this worker
            try {
                each_stripe_block(ctx, worker, r, table, queue, [&](std::uint64_t offset, std::size_t n) {
                    scan_mapped(pair, a, b, offset, n, table);
                });
            } catch (...) {
                failed = std::current_exception();
            }
            scanned.arrive_and_wait(ctx);
            const Block share = unmap_share(r, worker);
            a.release(share.offset, share.length);
            b.release(share.offset, share.length);
            if (failed) std::rethrow_exception(failed);
        },
        caller_of(r.deal));
}

Block unmap_share(Range r, unsigned worker) {
    // Whole huge pages each, so no thread splits a huge-page mapping another one is unmapping.
    // The outer ends reach the huge pages around the range: a fault maps its whole fault-around
    // window (at most a 2 MiB page table), into the ranges beside it, which adaptive's probe
    // scans before (already unmapped) or with pread (unmapping nothing); release() stops at the
    // mapping's end.
    constexpr std::uint64_t kHugePage = 2u << 20;
    const std::uint64_t first = r.begin / kHugePage * kHugePage;
    const std::uint64_t last = (r.end + kHugePage - 1) / kHugePage * kHugePage;
    const auto bound = [&](unsigned w) -> std::uint64_t {
        if (w == 0 || w == r.threads) return w == 0 ? first : last;
        return std::max(first, (r.begin + (r.end - r.begin) / r.threads * w) / kHugePage * kHugePage);
    };
    return Block{bound(worker), bound(worker + 1) - bound(worker)};
}

namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return scan_common_part(spec, ctx, [&](InputPair& pair, Range common, MismatchTable& table) {
        const Mapping a(pair.a, std::size_t(pair.common));
        const Mapping b(pair.b, std::size_t(pair.common));
        scan_mapped_range(pair, a, b, common, table, ctx);
    });
}

}  // namespace

const Strategy mmap_mt_strategy{
    .algorithm = "compare",
    .name = "mmap-mt",
    .description = "compMP: mapped files, T threads over round-robin stripes, shared sorted mismatch table",
    .reads = kReadsBlockAndThreads,
    .run = run,
};

}  // namespace sfp::compare
