// iterate/uring — inode order, one thread per CPU each keeping many whole-file reads in flight
// through io_uring of its own, each file hashed as its read completes. prefetch's hints leave the
// queue depth to the kernel's readahead and still read every file with a blocking pread; here the
// reads themselves are queued, so the device always has kDepth requests to reorder and merge.
// A cold read costs the kernel far more CPU than the hash (page cache insertion, the copy): one
// thread was busy for its whole run, so the threads take files from one queue, a ring each.
// Note: work the kernel hands to io_uring's own worker threads is not in user/sys time.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <new>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"
#include "io/uring_queue.hpp"
#include "sfp/run.hpp"

namespace sfp::iterate {
namespace {

// Files in flight (one read each, over all rings), and the most one read asks for: 32 MiB of
// buffers in all.
// 99 % of the small mix's files fit in one read; larger files take several, one after the
// other, hashed in a streaming state. 128 in flight beat 64 on bench/iterate.sh (20,000 files, cold,
// full scope, docs/bench-iterate.md): this virtual disk rewards a deep queue.
constexpr unsigned kDepth = 128;  // the description below says it too
constexpr std::size_t kChunk = 256 * 1024;


// One file being read: its own buffer and, for files longer than one read, its own hash state.
class Slot {
public:
    explicit Slot(std::size_t chunk)
        : buf_(std::make_unique_for_overwrite<std::uint8_t[]>(chunk)), state_(XXH3_createState()), chunk_(chunk) {
        if (!state_) throw std::bad_alloc();
    }
    Slot(Slot&&) noexcept = default;
    ~Slot() { close(); }

    // Opens the file at order position k; false (with `failure` set) when it cannot be read.
    bool open(std::size_t k, const std::string& path, HashResult& failure) {
        fd_ = open_listed(path);
        if (fd_ < 0) {
            failure = open_failure(path, errno);
            return false;
        }
        struct stat st {};
        if (fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
            failure = read_failure(path, S_ISREG(st.st_mode) || st.st_mode == 0 ? std::strerror(errno) : "no longer a regular file");
            close();
            return false;
        }
        k_ = k;
        size_ = std::uint64_t(st.st_size);
        done_ = 0;
        streaming_ = false;
        return true;
    }

    void submit(UringQueue& ring, std::uint64_t scope, std::uint64_t tag) {
        asked_ = std::size_t(std::min<std::uint64_t>(chunk_, scope - done_));
        ring.read(fd_, buf_.get(), asked_, done_, tag);
    }

    // Takes `n` bytes just read; true when the file is done (its end, or the scope).
    // A regular file reads short only at its end, so a short read at or past the size fstat
    // gave ends it without one more read; a short read before it (the file shrank) asks again.
    bool take(std::size_t n, std::uint64_t scope) {
        const bool ends = n == 0 || done_ + n >= scope || (n < asked_ && done_ + n >= size_);
        if (!streaming_ && ends) {  // the whole file in one read: the one-shot hash is faster
            hash_ = XXH3_64bits(buf_.get(), n);
        } else {
            if (!streaming_) XXH3_64bits_reset(state_.get());
            streaming_ = true;
            XXH3_64bits_update(state_.get(), buf_.get(), n);
            if (ends) hash_ = XXH3_64bits_digest(state_.get());
        }
        done_ += n;
        return ends;
    }

    HashResult result() const { return {true, hash_, done_, {}}; }
    std::size_t position() const { return k_; }
    bool busy() const { return fd_ >= 0; }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    struct StateDeleter {
        void operator()(XXH3_state_t* s) const noexcept { XXH3_freeState(s); }
    };
    std::unique_ptr<std::uint8_t[]> buf_;
    std::unique_ptr<XXH3_state_t, StateDeleter> state_;
    std::size_t chunk_;
    int fd_ = -1;
    std::size_t k_ = 0;  // position in the order
    std::uint64_t size_ = 0, done_ = 0, hash_ = 0;
    std::size_t asked_ = 0;
    bool streaming_ = false;
};

// One ring's thread: files taken from `next` until `end`, `depth` in flight.
void ring_loop(const Job& job, const std::vector<std::size_t>& order, std::atomic<std::size_t>& next, std::size_t end,
               unsigned depth, std::vector<HashResult>& results, RunContext& ctx) {
    const auto path = [&](std::size_t k) -> const std::string& { return job.listing.files[order[k]].path; };
    const unsigned n_slots = depth;
    std::vector<Slot> slots;
    slots.reserve(n_slots);
    for (unsigned i = 0; i < n_slots; ++i) slots.emplace_back(kChunk);
    UringQueue ring(n_slots);  // after the slots: destroyed first, it waits out every read into them
    ProgressMeter meter(ctx);
    const auto start_next = [&](unsigned i) {  // slot i takes the next file that opens
        for (std::size_t k; !ctx.should_stop() && (k = next.fetch_add(1, std::memory_order_relaxed)) < end;) {
            if (slots[i].open(k, path(k), results[k])) {
                slots[i].submit(ring, job.scope, i);
                return;
            }
        }
    };
    for (unsigned i = 0; i < n_slots; ++i) start_next(i);
    while (ring.in_flight() > 0) {
        const UringQueue::Completion c = ring.next();
        const unsigned i = unsigned(c.tag);
        Slot& s = slots[i];
        if (c.result == -EINTR || c.result == -EAGAIN) {
            s.submit(ring, job.scope, i);
            continue;
        }
        if (c.result < 0) {
            results[s.position()] = read_failure(path(s.position()), std::strerror(-c.result));
        } else {
            meter.add(std::uint64_t(c.result));
            if (!s.take(std::size_t(c.result), job.scope)) {
                if (!ctx.should_stop()) s.submit(ring, job.scope, i);
                continue;
            }
            results[s.position()] = s.result();
        }
        s.close();
        start_next(i);
    }
}

}  // namespace

Support uring_supported() {
    static const std::string why = UringQueue::unsupported_reason();
    return why.empty() ? Support::yes() : Support::no(why);
}

void hash_uring(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                std::vector<HashResult>& results, RunContext& ctx) {
    const std::size_t files = std::max<std::size_t>(end - begin, 1);
    const unsigned rings = unsigned(std::clamp<std::size_t>(online_cpus(), 1, files));
    const unsigned depth = unsigned(std::clamp<std::size_t>(files / rings, 1, kDepth / rings));
    std::atomic<std::size_t> next{begin};  // each result slot written by the one thread that took it
    ctx.run_threads(rings, [&](unsigned) { ring_loop(job, order, next, end, depth, results, ctx); });
}

namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    Job job = start(spec, ctx);
    // Inode order costs nothing (the directory entries carry the numbers) and ext4 places a file's
    // blocks near its inode; cluster's FIEMAP costs an open and an ioctl per file (0.16 s of
    // 20,000 files hot here) that a deep queue, which the device reorders anyway, does not repay.
    const std::vector<std::size_t> order = order_of(Order::inode, job.listing, job.seed, ctx);
    std::vector<HashResult> results(order.size());
    hash_uring(job, order, 0, order.size(), results, ctx);
    return outcome_of(job, order, results);
}

}  // namespace

const Strategy uring_strategy{
    .algorithm = "iterate",
    .name = "uring",
    .description = "inode order, a thread per CPU keeping 128 files' reads in flight through io_uring rings, hashed as they complete",
    .uses = uses_nothing,
    .probe = uring_supported,
    .run = run,
    .finish = finish,
};

}  // namespace sfp::iterate
