// iterate/uring and iterate/direct — inode order, one thread per CPU each keeping many whole-file
// reads in flight through io_uring of its own, each file hashed as its read completes. prefetch's
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
#include <memory>
#include <new>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"
#include "algorithms/iterate/test_seam.hpp"
#include "io/aligned_buffer.hpp"
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

// Flags of a file opened through the ring: open_listed's and O_DIRECT, without O_CLOEXEC, which
// a direct descriptor refuses (EINVAL) and does not need: it is not in the process's table.
constexpr int kRingOpen = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_DIRECT;
constexpr std::uint64_t kSizeUnknown = UINT64_MAX;
constexpr std::uint64_t kOpenTag = std::uint64_t(1) << 32;  // or'ed into a slot's tag: its open's completion

// One file being read: its own buffer and, for files longer than one read, its own hash state.
// Opened with system calls (open, fstat; `fd_`), or through the ring into the direct descriptor
// of the slot's own index (`in_ring_`): the open and the first read go in one submission, no
// system call per file, and the size is not known before reading.
class Slot {
public:
    explicit Slot(std::size_t chunk) : buf_(chunk, kBlock), state_(XXH3_createState()) {
        if (!state_) throw std::bad_alloc();
    }
    Slot(Slot&&) noexcept = default;
    ~Slot() { close(); }

    // Opens the file at order position k with system calls; false (with `failure` set) when it
    // cannot be read.
    bool open(std::size_t k, const std::string& path, bool direct, HashResult& failure) {
        start(k);
        return reopen(path, direct, failure);
    }

    // Queues the open of the file at order position k into direct descriptor `index` and its first
    // read, linked: two completions (open_done, take) make the step.
    void open_in_ring(std::size_t k, const std::string& path, UringQueue& ring, std::uint64_t scope, unsigned index) {
        start(k);
        in_ring_ = true;
        size_ = kSizeUnknown;
        ring.open_direct(path.c_str(), kRingOpen, index, index | kOpenTag);
        pending_ = 1;
        open_result_ = 0;
        submit(ring, scope, index, true);
    }

    // Opens the path again with system calls and goes on from where the reads stopped: the way
    // out of the ring for what only open, fstat and fcntl can tell or do (O_DIRECT refused, a read
    // that would block — a FIFO put in the file's place — or an empty first read).
    bool reopen(const std::string& path, bool direct, HashResult& failure) {
        close();
        in_ring_ = false;
        open_result_ = 0;
        fd_ = direct ? open_direct(path) : open_listed(path);
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
        size_ = std::uint64_t(st.st_size);
        return true;
    }

    // Asks for the rest of the file (as fstat saw it) and one byte more, so that a read which
    // comes back short shows the end without another read; in whole blocks, one buffer at most.
    // A file opened in the ring, its size unknown, asks for a whole buffer.
    void submit(UringQueue& ring, std::uint64_t scope, std::uint64_t tag, bool registered) {
        if (done_ % kBlock != 0) buffered();  // after a short read: O_DIRECT needs aligned offsets
        std::uint64_t rest = scope - done_;
        if (size_ != kSizeUnknown) rest = std::min(rest, size_ - std::min(size_, done_) + 1);
        rest = std::min<std::uint64_t>(rest, buf_.size());  // the buffer is whole blocks
        asked_ = std::size_t((rest + kBlock - 1) / kBlock * kBlock);
        ++pending_;
        if (in_ring_) ring.read_fixed_file(unsigned(tag), buf_.data(), asked_, done_, unsigned(tag), tag);
        else if (registered) ring.read_fixed(fd_, buf_.data(), asked_, done_, unsigned(tag), tag);
        else ring.read(fd_, buf_.data(), asked_, done_, tag);
    }

    // Takes one completion of the step; true when it was the step's last (the read's result is
    // then read_result()).
    bool arrived(const UringQueue::Completion& c) {
        ((c.tag & kOpenTag) ? open_result_ : read_result_) = c.result;
        return --pending_ == 0;
    }
    int open_result() const { return open_result_; }
    int read_result() const { return read_result_; }
    bool in_ring() const { return in_ring_; }

    // Reads the rest without O_DIRECT; false when it was not on (nothing to retry).
    bool buffered() {
        const int flags = fcntl(fd_, F_GETFL);
        return flags >= 0 && (flags & O_DIRECT) && fcntl(fd_, F_SETFL, flags & ~O_DIRECT) == 0;
    }

    // Takes `n` bytes just read (those within the scope count); true when the file is done (its
    // end, or the scope). A regular file reads short only at its end, so a short read at or past
    // the size fstat gave ends it without one more read; a short read before it (the file
    // shrank, or the kernel stopped early) asks again. Without the size (opened in the ring), an
    // O_DIRECT read that ends inside a block ends the file — the device transfers whole blocks,
    // only the end of the file cuts one — and one that ends on a block boundary asks again.
    bool take(std::size_t n, std::uint64_t scope) {
        const std::size_t used = std::size_t(std::min<std::uint64_t>(n, scope - done_));
        const bool at_end = size_ == kSizeUnknown ? n % kBlock != 0 : done_ + n >= size_;
        const bool ends = n == 0 || done_ + used >= scope || (n < asked_ && at_end);
        if (!streaming_ && ends) {  // the whole file in one read: the one-shot hash is faster
            hash_ = XXH3_64bits(buf_.data(), used);
        } else {
            if (!streaming_) XXH3_64bits_reset(state_.get());
            streaming_ = true;
            XXH3_64bits_update(state_.get(), buf_.data(), used);
            if (ends) hash_ = XXH3_64bits_digest(state_.get());
        }
        done_ += used;
        return ends;
    }

    HashResult result() const { return {true, hash_, done_, {}}; }
    std::size_t position() const { return k_; }
    std::uint64_t done() const { return done_; }
    iovec buffer() const { return {buf_.data(), buf_.size()}; }
    // A descriptor of the ring is closed by the next open into it (or with the ring).
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    void start(std::size_t k) {
        k_ = k;
        done_ = 0;
        streaming_ = false;
        in_ring_ = false;
        pending_ = 0;
    }

    struct StateDeleter {
        void operator()(XXH3_state_t* s) const noexcept { XXH3_freeState(s); }
    };
    AlignedBuffer buf_;
    std::unique_ptr<XXH3_state_t, StateDeleter> state_;
    int fd_ = -1;
    bool in_ring_ = false;
    unsigned pending_ = 0;  // completions the step still waits for
    int open_result_ = 0, read_result_ = 0;
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

// One ring, its slots and their buffers, registered where the kernel lets it; for O_DIRECT reads
// a table of direct descriptors too, one per slot, so files open and close in the ring.
struct UringReader::Ring {
    std::vector<Slot> slots;
    UringQueue queue;  // after the slots: destroyed first, it waits out every read into them
    std::string unregistered;  // why the buffers are not registered, "" when they are
    std::string no_ring_open;  // why files are opened with system calls, "" when in the ring
    std::uint64_t opened_in_ring = 0, left_ring = 0;  // files opened in the ring, of them reopened with system calls

    Ring(unsigned depth, bool direct) : slots(make_slots(depth)), queue(2 * depth) {  // an open and a read each
        std::vector<iovec> buffers;
        for (const Slot& s : slots) buffers.push_back(s.buffer());
        unregistered = queue.register_buffers(buffers);
        no_ring_open = !direct ? "buffered" : !unregistered.empty() ? unregistered : queue.register_files(depth);
    }
    static std::vector<Slot> make_slots(unsigned depth) {
        std::vector<Slot> out;
        out.reserve(depth);
        for (unsigned i = 0; i < depth; ++i) out.emplace_back(kChunk);
        return out;
    }

    // Files taken from `files.next` until its end, every slot's read in flight.
    void read(Files& files, bool direct, RunContext& ctx) {
        const std::uint64_t scope = files.job.scope;
        const bool registered = unregistered.empty(), in_ring = no_ring_open.empty();
        ProgressMeter meter(ctx);
        const auto start_next = [&](unsigned i) {  // slot i takes the next file that opens
            for (std::size_t k; !ctx.should_stop() && (k = files.next.fetch_add(1, std::memory_order_relaxed)) < files.end;) {
                if (in_ring) {
                    ++opened_in_ring;
                    slots[i].open_in_ring(k, files.path(k), queue, scope, i);
                    return;
                }
                if (slots[i].open(k, files.path(k), direct, files.results[k])) {
                    slots[i].submit(queue, scope, i, registered);
                    return;
                }
            }
        };
        // Leaves the ring for system calls (Slot::reopen), O_DIRECT or not; false when the file
        // cannot be read (its result set).
        const auto reopen = [&](Slot& s, bool o_direct) {
            ++left_ring;
            return s.reopen(files.path(s.position()), o_direct, files.results[s.position()]);
        };
        for (unsigned i = 0; i < slots.size(); ++i) start_next(i);
        UringQueue::Completion c{};
        while (queue.in_flight() > 0) {
            if (!queue.ready(c)) c = queue.next();  // a system call only when none is there yet
            const unsigned i = unsigned(c.tag & ~kOpenTag);
            Slot& s = slots[i];
            if (!s.arrived(c)) continue;
            const std::string& path = files.path(s.position());
            int result = s.read_result();
            if (uring_completion_for_tests && s.open_result() >= 0) result = uring_completion_for_tests(path, result);
            bool go_on = false;
            if (s.open_result() < 0) {  // the read was cancelled with it
                // EINVAL: the filesystem refuses O_DIRECT; EAGAIN: the open would block
                if (s.open_result() == -EINVAL || s.open_result() == -EAGAIN) go_on = reopen(s, s.open_result() != -EINVAL);
                else files.results[s.position()] = open_failure(path, -s.open_result());
            } else if (s.in_ring() && (result == -EAGAIN || result == -EINTR || result == -EINVAL || (result == 0 && s.done() == 0))) {
                go_on = reopen(s, result != -EINVAL);  // fstat tells a FIFO put in the file's place, fcntl drops O_DIRECT
            } else if (result == -EINTR || result == -EAGAIN || (result == -EINVAL && s.buffered())) {
                go_on = true;  // EINVAL: a filesystem that took O_DIRECT at open but not this read's alignment
            } else if (result < 0) {
                files.results[s.position()] = read_failure(path, std::strerror(-result));
            } else {
                const std::uint64_t before = s.done();
                const bool ends = s.take(std::size_t(result), scope);
                meter.add(s.done() - before);
                if (ends) files.results[s.position()] = s.result();
                go_on = !ends && !ctx.should_stop();
            }
            if (go_on) {
                s.submit(queue, scope, i, registered);
                continue;
            }
            s.close();
            start_next(i);
        }
    }
};

Support uring_supported() {
    static const std::string why = UringQueue::unsupported_reason();
    return why.empty() ? Support::yes() : Support::no(why);
}

UringReader::UringReader(bool direct) : direct_(direct), rings_(online_cpus()) {}
UringReader::~UringReader() = default;

void UringReader::hash(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                       std::vector<HashResult>& results, RunContext& ctx) {
    const std::size_t files = std::max<std::size_t>(end - begin, 1);
    const unsigned rings = unsigned(std::clamp<std::size_t>(rings_.size(), 1, files));
    Files shared{job, order, {begin}, end, results};
    ctx.run_threads(rings, [&](unsigned r) {
        if (!rings_[r])  // the first call's files decide the depth: a few files, a few slots
            rings_[r] = std::make_unique<Ring>(unsigned(std::clamp<std::size_t>(files / rings, 1, kDepth / rings_.size())), direct_);
        rings_[r]->read(shared, direct_, ctx);
    });
    for (const std::unique_ptr<Ring>& r : rings_)
        if (r && !noted_ && (!r->unregistered.empty() || (direct_ && !r->no_ring_open.empty()))) {
            ctx.note(r->unregistered.empty() ? "direct: files opened with system calls (" + r->no_ring_open + ")"
                                             : "uring: buffers not registered, plain reads (" + r->unregistered + ")");
            noted_ = true;
        }
}

void hash_uring(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                bool direct, std::vector<HashResult>& results, RunContext& ctx) {
    UringReader reader(direct);
    reader.hash(job, order, begin, end, results, ctx);
    if (direct) ctx.note(reader.ring_opens());
}

std::string UringReader::ring_opens() const {
    std::uint64_t opened = 0, left = 0;
    for (const std::unique_ptr<Ring>& r : rings_)
        if (r) opened += r->opened_in_ring, left += r->left_ring;
    return "direct: " + std::to_string(opened) + " files opened in the ring, " + std::to_string(left) +
           " of them again with system calls (O_DIRECT refused, a read that would block, an empty first read)";
}

namespace {

// Inode order costs nothing (the directory entries carry the numbers) and ext4 places a file's
// blocks near its inode; cluster's FIEMAP costs an open and an ioctl per file (0.16 s of
// 20,000 files hot here) that a deep queue, which the device reorders anyway, does not repay.
Outcome run(const RunSpec& spec, RunContext& ctx, bool direct) {
    Job job = start(spec, ctx);
    const std::vector<std::size_t> order = order_of(Order::inode, job.listing, job.seed, ctx);
    std::vector<HashResult> results(order.size());
    hash_uring(job, order, 0, order.size(), direct, results, ctx);
    return outcome_of(job, order, results);
}

Outcome run_buffered(const RunSpec& spec, RunContext& ctx) { return run(spec, ctx, false); }
Outcome run_direct(const RunSpec& spec, RunContext& ctx) { return run(spec, ctx, true); }

}  // namespace

const Strategy uring_strategy{
    .algorithm = "iterate",
    .name = "uring",
    .description = "inode order, a thread per CPU keeping 128 files' reads in flight through io_uring rings, hashed as they complete",
    .uses = uses_nothing,
    .probe = uring_supported,
    .run = run_buffered,
    .finish = finish,
};

const Strategy direct_strategy{
    .algorithm = "iterate",
    .name = "direct",
    .description = "uring with O_DIRECT reads into registered buffers: no page cache, no copy; reads the device even when cached",
    .uses = uses_nothing,
    .probe = uring_supported,
    .run = run_direct,
    .finish = finish,
};

}  // namespace sfp::iterate
