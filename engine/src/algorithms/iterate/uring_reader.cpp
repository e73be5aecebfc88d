// The io_uring reader of iterate/uring and iterate/direct (uring.cpp, direct.cpp): inode order,
// one thread per CPU each keeping many whole-file reads in flight through io_uring of its own,
// each file hashed as its read completes. prefetch's
// hints leave the queue depth to the kernel's readahead and still read every file with a blocking
// pread; here the reads themselves are queued, so the device always has kDepth requests to reorder
// and merge. A cold read costs the kernel far more CPU than the hash (page cache insertion, the
// copy): one thread was busy for its whole run, so the threads take files from one queue, a ring
// each. `direct` opens with O_DIRECT: the device writes into the (registered) buffers, no page
// cache, no copy — half the CPU of a cold buffered read here, at the price of reading from the
// device even what is cached (hot, it loses: auto times it against the others).
// Note: work the kernel hands to io_uring's own worker threads is not in user/sys time.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <memory>
#include <new>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"
#include "algorithms/iterate/test_seam.hpp"
#include "io/huge_page_buffer.hpp"
#include "io/uring_queue.hpp"
#include "sfp/run.hpp"

namespace sfp::iterate {

std::function<int(const std::string&, int)> uring_completion_for_tests;

namespace {

// Files in flight (one read each, over all rings), and the most one read asks for: 32 MiB of
// buffers in all.
// 99 % of the small mix's files fit in one read; larger files take several, one after the
// other, hashed in a streaming state. 128 in flight beat 64 on bench/iterate.sh (20,000 files, cold,
// full scope, docs/bench-iterate.md): this virtual disk rewards a deep queue.
constexpr unsigned kDepth = 128;  // the descriptions below say it too
constexpr std::size_t kChunk = 256 * 1024;
// Reads start and end on whole blocks (O_DIRECT needs it; buffered reads lose nothing by it).
constexpr std::size_t kBlock = 4096;

// Opens for O_DIRECT reads where the filesystem has them (tmpfs may not: buffered there).
int open_direct(const std::string& path) noexcept {
    const int fd = open_listed(path, O_DIRECT);
    return fd < 0 && errno == EINVAL ? open_listed(path) : fd;
}

// One file being read: its own kChunk of the ring's buffers and, for files longer than one read,
// its own hash state.
class Slot {
public:
    explicit Slot(std::uint8_t* buffer) : buf_(buffer), state_(XXH3_createState()) {
        if (!state_) throw std::bad_alloc();
    }
    Slot(Slot&&) noexcept = default;
    ~Slot() { close(); }

    // Opens the file at order position k; false (with `failure` set) when it cannot be read.
    bool open(std::size_t k, const std::string& path, bool direct, HashResult& failure) {
        fd_ = direct ? open_direct(path) : open_listed(path);
        if (fd_ < 0) {
            failure = open_failure(path, errno);
            return false;
        }
        struct stat st {};
        if (fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
            failure = read_failure(
                path, S_ISREG(st.st_mode) || st.st_mode == 0 ? std::strerror(errno) : "no longer a regular file");
            close();
            return false;
        }
        k_ = k;
        size_ = std::uint64_t(st.st_size);
        done_ = 0;
        streaming_ = false;
        return true;
    }

    // Asks for the rest of the file (as fstat saw it) and one byte more, so that a read which
    // comes back short shows the end without another read; in whole blocks, one buffer at most.
    void submit(UringQueue& ring, std::uint64_t scope, std::uint64_t tag, bool registered) {
        if (done_ % kBlock != 0) buffered();  // after a short read: O_DIRECT needs aligned offsets
        const std::uint64_t rest = std::min(scope - done_, size_ - std::min(size_, done_) + 1);
        asked_ = std::size_t(std::min<std::uint64_t>(kChunk, (rest + kBlock - 1) / kBlock * kBlock));
        if (registered)
            ring.read_fixed(fd_, buf_, asked_, done_, unsigned(tag), tag);
        else
            ring.read(fd_, buf_, asked_, done_, tag);
    }

    // Reads the rest without O_DIRECT; false when it was not on (nothing to retry).
    bool buffered() {
        const int flags = fcntl(fd_, F_GETFL);
        return flags >= 0 && (flags & O_DIRECT) && fcntl(fd_, F_SETFL, flags & ~O_DIRECT) == 0;
    }

    // Takes `n` bytes just read (those within the scope count); true when the file is done (its
    // end, or the scope). A regular file reads short only at its end, so a short read at or past
    // the size fstat gave ends it without one more read; a short read before it (the file
    // shrank, or the kernel stopped early) asks again.
    bool take(std::size_t n, std::uint64_t scope) {
        const std::size_t used = std::size_t(std::min<std::uint64_t>(n, scope - done_));
        const bool ends = n == 0 || done_ + used >= scope || (n < asked_ && done_ + n >= size_);
        if (!streaming_ && ends) {  // the whole file in one read: the one-shot hash is faster
            hash_ = XXH3_64bits(buf_, used);
        } else {
            if (!streaming_) XXH3_64bits_reset(state_.get());
            streaming_ = true;
            XXH3_64bits_update(state_.get(), buf_, used);
            if (ends) hash_ = XXH3_64bits_digest(state_.get());
        }
        done_ += used;
        return ends;
    }

    HashResult result() const { return {true, hash_, done_, {}}; }
    std::size_t position() const { return k_; }
    std::uint64_t done() const { return done_; }
    iovec buffer() const { return {buf_, kChunk}; }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    struct StateDeleter {
        void operator()(XXH3_state_t* s) const noexcept { XXH3_freeState(s); }
    };
    std::uint8_t* buf_;
    std::unique_ptr<XXH3_state_t, StateDeleter> state_;
    int fd_ = -1;
    std::size_t k_ = 0;  // position in the order
    std::uint64_t size_ = 0, done_ = 0, hash_ = 0;
    std::size_t asked_ = 0;
    bool streaming_ = false;
};

// What every ring's thread shares in one call: the files to read.
struct Files {
    const Job& job;
    const std::vector<std::size_t>& order;
    std::atomic<std::size_t> next;  // each result slot written by the one thread that took it
    std::size_t end;
    std::vector<HashResult>& results;

    const std::string& path(std::size_t k) const { return job.listing.files[order[k]].path; }
};

}  // namespace

// One ring, its slots and their buffers, registered where the kernel lets it. The buffers are
// one mapping in huge pages: into 4 KiB pages every O_DIRECT read is a list of 4 KiB pieces, which
// this VM's virtual disk served slowly: direct read the cold 20,000-file tree in 0.70 s against
// 0.60 s in huge pages (docs/cli-iterate.md).
struct UringReader::Ring {
    HugePageBuffer memory;
    std::vector<Slot> slots;
    UringQueue queue;          // after the slots and their memory: destroyed first, it waits out every read
    std::string unregistered;  // why the buffers are not registered, "" when they are

    explicit Ring(unsigned depth)
        : memory(std::uint64_t(depth) * kChunk), slots(make_slots(depth, memory)), queue(depth) {
        std::vector<iovec> buffers;
        for (const Slot& s : slots) buffers.push_back(s.buffer());
        unregistered = queue.register_buffers(buffers);
    }
    static std::vector<Slot> make_slots(unsigned depth, const HugePageBuffer& memory) {
        std::vector<Slot> out;
        out.reserve(depth);
        for (unsigned i = 0; i < depth; ++i) out.emplace_back(memory.data() + std::size_t(i) * kChunk);
        return out;
    }

    // Files taken from `files.next` until its end, every slot's read in flight. With a timeline,
    // each read completed is a read event from the previous one's end (many are in flight).
    void read(Files& files, bool direct, RunContext& ctx) {
        const std::uint64_t scope = files.job.scope;
        const bool registered = unregistered.empty();
        ProgressMeter meter(ctx);
        ThreadTimeline* const timeline = current_timeline();
        if (timeline) timeline->role = "ring";
        double start = timeline ? timeline->now() : 0;
        // Out of descriptors (open_failure throws): no new file, the reads in flight drained, then thrown.
        std::exception_ptr stopped;
        const auto start_next = [&](unsigned i) {  // slot i takes the next file that opens
            for (std::size_t k; !stopped && !ctx.should_stop() &&
                                (k = files.next.fetch_add(1, std::memory_order_relaxed)) < files.end;) {
                try {
                    if (slots[i].open(k, files.path(k), direct, files.results[k])) {
                        slots[i].submit(queue, scope, i, registered);
                        return;
                    }
                } catch (...) {
                    stopped = std::current_exception();
                }
            }
        };
        for (unsigned i = 0; i < slots.size(); ++i) start_next(i);
        while (queue.in_flight() > 0) {
            UringQueue::Completion c = queue.next();
            const unsigned i = unsigned(c.tag);
            Slot& s = slots[i];
            if (uring_completion_for_tests) c.result = uring_completion_for_tests(files.path(s.position()), c.result);
            // EINVAL: a filesystem that took O_DIRECT at open but not this read's alignment
            if (c.result == -EINTR || c.result == -EAGAIN || (c.result == -EINVAL && s.buffered())) {
                s.submit(queue, scope, i, registered);
                continue;
            }
            if (c.result < 0) {
                files.results[s.position()] = read_failure(files.path(s.position()), std::strerror(-c.result));
            } else {
                const std::uint64_t before = s.done();
                const bool ends = s.take(std::size_t(c.result), scope);
                meter.add(s.done() - before);
                if (timeline) start = timeline->add(EventKind::read, start, s.done() - before, before);
                if (!ends) {
                    if (!ctx.should_stop()) s.submit(queue, scope, i, registered);
                    continue;
                }
                files.results[s.position()] = s.result();
            }
            s.close();
            start_next(i);
        }
        if (stopped) std::rethrow_exception(stopped);
    }
};

Support uring_supported() {
    static const std::string why = UringQueue::unsupported_reason();
    return why.empty() ? Support::yes() : Support::no(why);
}

UringReader::UringReader() : rings_(online_cpus()) {}
UringReader::~UringReader() = default;

unsigned UringReader::rings_for(std::size_t files) const {
    return unsigned(std::clamp<std::size_t>(rings_.size(), 1, std::max<std::size_t>(files, 1)));  // at most one a file
}

// Ring r as a call over `files` files needs it, made by the thread that reads with it, so the
// rings' pages are zeroed on every CPU at once; the first call's files decide its depth.
UringReader::Ring& UringReader::ring(unsigned r, std::size_t files) {
    if (!rings_[r])
        rings_[r] = std::make_unique<Ring>(
            unsigned(std::clamp<std::size_t>(files / rings_for(files), 1, kDepth / rings_.size())));
    return *rings_[r];
}

void UringReader::prepare(std::size_t files, RunContext& ctx) {
    const unsigned rings = rings_for(files);
    if (std::any_of(rings_.begin(), rings_.begin() + rings, [](const std::unique_ptr<Ring>& r) { return !r; }))
        ctx.run_threads(rings, [&](unsigned r) { ring(r, files); });
}

void UringReader::hash(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                       bool direct, std::vector<HashResult>& results, RunContext& ctx) {
    Files shared{job, order, {begin}, end, results};
    ctx.run_threads(rings_for(end - begin), [&](unsigned r) { ring(r, end - begin).read(shared, direct, ctx); });
    for (const std::unique_ptr<Ring>& r : rings_)
        if (r && !r->unregistered.empty() && !noted_) {
            ctx.note("uring: buffers not registered, plain reads (" + r->unregistered + ")");
            noted_ = true;
        }
}

void hash_uring(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end, bool direct,
                std::vector<HashResult>& results, RunContext& ctx) {
    UringReader().hash(job, order, begin, end, direct, results, ctx);
}

// Inode order costs nothing (the directory entries carry the numbers) and ext4 places a file's
// blocks near its inode; cluster's FIEMAP costs an open and an ioctl per file (0.16 s of
// 20,000 files hot here) that a deep queue, which the device reorders anyway, does not repay:
// in disk order with neighbours submitted together the device got half the requests, in the
// same time (docs/cli-iterate.md).
Outcome run_uring(const RunSpec& spec, RunContext& ctx, bool direct) {
    Job job = start(spec, ctx);
    const std::vector<std::size_t> order = order_of(Order::inode, job.listing, job.seed, ctx);
    std::vector<HashResult> results(order.size());
    hash_uring(job, order, 0, order.size(), direct, results, ctx);
    return outcome_of(job, order, results);
}

}  // namespace sfp::iterate
