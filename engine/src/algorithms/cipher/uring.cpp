// cipher/uring — cciOV/cciEX on Linux: one thread keeps T blocks in flight through io_uring
// (T = the threads parameter, as the article's stripe count). Each slot cycles read ->
// transform -> write -> next block; completions arrive in any order and are matched by slot.
// Note: work the kernel hands to io_uring's own worker threads is not in user/sys time.
#include <vector>

#include "algorithms/cipher/block_io.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "io/uring_queue.hpp"
#include "sfp/failure.hpp"

namespace sfp::cipher {
namespace {

Support probe() {
    static const std::string why = UringQueue::unsupported_reason();
    return why.empty() ? Support::yes() : Support::no(why);
}

struct Slot {
    BlockBuffers buffers;
    Block blk{0, 0};
    std::size_t done = 0;  // bytes of the current read or write completed so far
    bool writing = false;
};

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::buffers);
    const File& in = job.input();
    const std::string& out_path = job.output().target();
    const unsigned x = job.kernel().expansion();
    const WorkerBuffers buffers(job, std::size_t(spec.block_size), spec.threads);
    std::vector<Slot> slots;
    slots.reserve(spec.threads);
    for (unsigned i = 0; i < spec.threads; ++i) slots.push_back(Slot{buffers.of(i)});
    UringQueue ring(spec.threads);  // after the slots: destroyed first, it waits out every request
    ProgressMeter meter(ctx);

    std::uint64_t next = 0;
    auto read_more = [&](unsigned i) {  // (re)submits the unread rest of slot i's block
        Slot& s = slots[i];
        const std::size_t n = std::size_t(s.blk.length);
        ring.read(in.fd(), s.buffers.in() + s.done, job.io_length(n) - s.done, s.blk.offset + s.done, i);
    };
    auto write_more = [&](unsigned i) {
        Slot& s = slots[i];
        const std::size_t n = job.io_length(std::size_t(s.blk.length) * x);
        ring.write(job.out_fd(), s.buffers.out() + s.done, n - s.done, s.blk.offset * x + s.done, i);
    };
    auto start_block = [&](unsigned i) {
        if (next >= job.input_size() || ctx.should_stop()) return;
        slots[i].blk = Block{next, std::min(spec.block_size, job.input_size() - next)};
        slots[i].done = 0;
        slots[i].writing = false;
        next += slots[i].blk.length;
        read_more(i);
    };

    // With a timeline, each block read and each written is an event from the previous one's end.
    ThreadTimeline* const timeline = current_timeline();
    double start = timeline ? timeline->now() : 0;
    for (unsigned i = 0; i < spec.threads; ++i) start_block(i);
    while (ring.in_flight() > 0) {
        const UringQueue::Completion c = ring.next();
        const unsigned i = unsigned(c.tag);
        Slot& s = slots[i];
        if (c.result < 0)
            fail_errno(s.writing ? "cannot write" : "cannot read", s.writing ? out_path : in.path(), -c.result);
        const std::size_t n = std::size_t(s.blk.length);
        if (!s.writing) {
            if (c.result == 0) job.fail_input_shrank();  // the file ended before this block did
            s.done += std::size_t(c.result);
            if (s.done < n) {
                // O_DIRECT can only go on from an aligned offset; an unaligned short read means
                // the file ended early, i.e. it shrank.
                if (job.options().direct && s.done % kDirectAlignment != 0) job.fail_input_shrank();
                read_more(i);
                continue;
            }
            if (timeline) start = timeline->add(EventKind::read, start, n, s.blk.offset);
            if (ctx.should_stop()) continue;  // let the slot go idle; the loop drains the rest
            transform_buffered(job, s.buffers, n);
            job.digest_output(s.blk.offset * x, s.buffers.out(), n * x);
            s.writing = true;
            s.done = 0;
            write_more(i);
        } else {
            if (c.result == 0) fail("cannot write '" + out_path + "': the write made no progress");
            s.done += std::size_t(c.result);
            if (s.done < job.io_length(n * x)) {
                write_more(i);
                continue;
            }
            meter.add(n);
            if (timeline) start = timeline->add(EventKind::write, start, n * x, s.blk.offset * x);
            start_block(i);
        }
    }
    return job.complete(ctx);
}

}  // namespace

const Strategy uring_strategy{
    .algorithm = "cipher",
    .name = "uring",
    .description = "cciOV/cciEX: io_uring, one thread keeping T blocks in flight (T = threads)",
    .reads = kReadsBlockAndThreads,
    .probe = probe,
    .run = run,
    .check = check_options_for<Access::buffers>,
};

}  // namespace sfp::cipher
