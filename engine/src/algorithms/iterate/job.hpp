#pragma once
// What every iterate strategy shares: options, the listing (timed apart), the outcome.
#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/iterate/file_hash.hpp"
#include "io/tree_listing.hpp"
#include "sfp/iterate.hpp"
#include "sfp/run_context.hpp"
#include "sfp/strategy.hpp"

namespace sfp::iterate {

struct Job {
    Listing listing;
    std::uint64_t scope = 0;  // bytes from each file's start, or kWholeFile
    std::uint64_t seed = 0;   // the `random` order
};

inline constexpr std::uint64_t kDefaultScope = 64 * 1024;

// The option scope: "64K" (default), any size, or "full" (kWholeFile).
std::uint64_t scope_of(const RunSpec& spec);

// Throws sfp::Failure naming a bad option value (scope, seed): the runner's preflight.
void check_options(const RunSpec& spec);

// Reads the options (scope, seed), then lists the inputs; the listing's time goes to
// ctx.set_list_seconds.
Job start(const RunSpec& spec, RunContext& ctx);

// The outcome of hashing the listed files in `order`: results[k] is the file order[k].
IterateOutcome outcome_of(Job& job, const std::vector<std::size_t>& order, std::vector<HashResult>& results);

// Hashes the files one after the other in `order` on the calling thread.
IterateOutcome hash_in_order(Job& job, const std::vector<std::size_t>& order, RunContext& ctx);

// Hashes the files order[begin, end) into results[begin, end) (sized order.size() by the caller),
// `threads` threads each taking the next file: many reads in flight (parallel.cpp).
void hash_parallel(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                   unsigned threads, std::vector<HashResult>& results, RunContext& ctx);

// The same with one reader that opens the next files ahead and announces their reads to the
// kernel (posix_fadvise WILLNEED) while it hashes (prefetch.cpp).
void hash_prefetched(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                     std::vector<HashResult>& results, RunContext& ctx);

// The same with a thread per CPU keeping many files' reads in flight through io_uring, with
// O_DIRECT reads when `direct` (uring_reader.cpp); only where uring_supported() says so.
void hash_uring(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end, bool direct,
                std::vector<HashResult>& results, RunContext& ctx);
Support uring_supported();
// A whole run of uring (buffered) or direct: the files in inode order through hash_uring.
Outcome run_uring(const RunSpec& spec, RunContext& ctx, bool direct);

// The same, keeping its rings, slots and registered buffers from one call to the next: auto
// times slices of uring and direct with one reader, and a slice of a few hundred files should
// not pay their setup.
class UringReader {
public:
    UringReader();
    ~UringReader();
    // Makes the rings a call over `files` files reads with (a few files, a few slots), where no
    // call has yet: their buffers' huge pages are zeroed and pinned here, so auto can do it
    // before it times a slice. hash() does it itself when not done.
    void prepare(std::size_t files, RunContext& ctx);
    // hash_uring's work with this reader's rings.
    void hash(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end, bool direct,
              std::vector<HashResult>& results, RunContext& ctx);

private:
    struct Ring;
    unsigned rings_for(std::size_t files) const;
    Ring& ring(unsigned r, std::size_t files);
    bool noted_ = false;
    std::vector<std::unique_ptr<Ring>> rings_;  // one per CPU, each made on a thread of its own (ring())
};

// The untimed end of every iterate run (Strategy::finish): the digest over the sorted lines,
// skipped entries sorted; the per-file lines are kept only with the option list.
void finish(const RunSpec& spec, Outcome& outcome);

}  // namespace sfp::iterate
