// The device under the workspace: sequential reads that bypass the page cache (O_DIRECT), with
// one request in flight and with 32, through io_uring. The buffers are huge pages: a request into
// 4 KiB pages is a list of 256 pieces per MiB, and a virtual disk may serve each piece on its own,
// while read-ahead fills large folios, one piece each: a figure taken with 4 KiB pages is no
// ceiling for compare cold (docs/findings.md#limits-device-huge-page-buffers).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "io/fd.hpp"
#include "io/huge_page_buffer.hpp"
#include "io/uring_queue.hpp"
#include "limits/fixtures.hpp"
#include "limits/measurements.hpp"
#include "measure/clock.hpp"
#include "sfp/failure.hpp"

namespace sfp::limits {
namespace {

constexpr std::size_t kRequest = 1 << 20;

// Reads the file front to back keeping `depth` requests in flight; returns the seconds.
double read_direct(int fd, const std::string& path, std::uint64_t size, unsigned depth, const Bench& bench) {
    HugePageBuffer buffers(std::uint64_t(depth) * kRequest);  // see docs/limits.md: huge pages
    std::memset(buffers.data(), 0, buffers.size());           // faulted in before the clock starts
    const Stopwatch clock;
    UringQueue ring(depth);  // declared after the buffers: it waits out its requests before they go
    std::uint64_t next = 0, done = 0;
    const auto submit = [&](std::uint64_t slot) {
        ring.read(fd, buffers.data() + slot * kRequest, std::size_t(std::min<std::uint64_t>(kRequest, size - next)),
                  next, slot);
        next += kRequest;
    };
    for (unsigned i = 0; i < depth && next < size; ++i) submit(i);
    while (ring.in_flight() > 0) {
        const UringQueue::Completion c = ring.next();
        if (c.result <= 0) fail_errno("cannot read (O_DIRECT)", path, c.result < 0 ? -c.result : EIO);
        done += std::uint64_t(c.result);
        bench.check();
        if (next < size) submit(c.tag);
    }
    if (done != size) fail("short O_DIRECT read of " + path);
    return clock.seconds();
}

}  // namespace

Limit device_read(Fixtures& f, unsigned depth) {
    if (const std::string why = UringQueue::unsupported_reason(); !why.empty()) fail("io_uring: " + why);
    const std::string& path = f.device_file();
    const Fd fd(path.c_str(), O_RDONLY | O_DIRECT);
    if (fd.get() < 0) fail_errno("cannot open with O_DIRECT", path, errno);
    const std::uint64_t size = f.budget().device_bytes / 4096 * 4096;
    Limit l{.id = depth == 1 ? LimitId::device_read_qd1 : LimitId::device_read_qd32};
    l.points = {
        {1, repeat(f.bench(), double(size), [&] { return read_direct(fd.get(), path, size, depth, f.bench()); })}};
    l.method = "io_uring reads of a " + size_words(size) + " file with O_DIRECT (past the page cache) in " +
               size_words(kRequest) + " requests, front to back, " + std::to_string(depth) +
               (depth == 1 ? " request" : " requests") + " in flight, into huge pages";
    return l;
}

}  // namespace sfp::limits
