// iterate/prefetch — cluster order, one reader, the next files' reads announced ahead with
// posix_fadvise(WILLNEED): the kernel fetches them while the reader hashes (IOBoost's future work).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <deque>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"

namespace sfp::iterate {
namespace {

// How far ahead of the reader: enough files to keep the device's queue busy, bounded in
// bytes so large files do not push the announced pages out of a small page cache.
constexpr std::size_t kAheadFiles = 64;
constexpr std::uint64_t kAheadBytes = 64ull << 20;

// A file opened and announced, not yet read.
struct Announced {
    int fd = -1;
    int err = 0;  // errno of a failed open
    std::uint64_t bytes = 0;
};

Announced announce(const std::string& path, std::uint64_t scope) {
    Announced a;
    a.fd = open_listed(path);
    if (a.fd < 0) {
        a.err = errno;
        return a;
    }
    struct stat st {};
    if (fstat(a.fd, &st) == 0 && S_ISREG(st.st_mode)) {
        a.bytes = std::min<std::uint64_t>(std::uint64_t(st.st_size), scope);
        posix_fadvise(a.fd, 0, off_t(a.bytes), POSIX_FADV_WILLNEED);  // a hint: failure changes nothing
    }
    return a;
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    Job job = start(spec, ctx);
    const std::vector<std::size_t> order = cluster_or_fs(job.listing, ctx);
    std::vector<HashResult> results(order.size());
    hash_prefetched(job, order, 0, order.size(), results, ctx);
    return outcome_of(job, order, results);
}

}  // namespace

void hash_prefetched(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                     std::vector<HashResult>& results, RunContext& ctx) {
    const auto path = [&](std::size_t k) -> const std::string& { return job.listing.files[order[k]].path; };
    std::deque<Announced> window;
    std::uint64_t window_bytes = 0;
    std::size_t next = begin;  // the next file to announce
    Hasher hasher;
    ProgressMeter meter(ctx);
    const auto close_window = [&] {  // what a cancel or an exception leaves announced
        for (const Announced& a : window)
            if (a.fd >= 0) ::close(a.fd);
    };
    try {
        for (std::size_t k = begin; k < end && !ctx.should_stop(); ++k) {
            while (next < end && window.size() < kAheadFiles && (window.empty() || window_bytes < kAheadBytes)) {
                window.push_back(announce(path(next++), job.scope));
                window_bytes += window.back().bytes;
            }
            const Announced a = window.front();
            window.pop_front();
            window_bytes -= a.bytes;
            if (a.fd < 0) {
                results[k] = open_failure(path(k), a.err);
                continue;
            }
            results[k] = hasher.hash_fd(a.fd, path(k), job.scope, ctx, meter);
            ::close(a.fd);
        }
    } catch (...) {
        close_window();
        throw;
    }
    close_window();
}

const Strategy prefetch_strategy{
    .algorithm = "iterate",
    .name = "prefetch",
    .description = "cluster (or fs) order, one reader; the next files announced ahead with posix_fadvise(WILLNEED)",
    .run = run,
    .finish = finish,
};

}  // namespace sfp::iterate
