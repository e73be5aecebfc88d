#pragma once
// A small io_uring submission/completion queue (liburing) for positioned reads and writes.
// The destructor waits for every request still in flight, so buffers declared before the
// queue outlive every operation on them.
#include <liburing.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

struct iovec;

namespace sfp {

class UringQueue {
public:
    // "" when io_uring with READ and WRITE works here, otherwise the reason it does not.
    static std::string unsupported_reason();

    explicit UringQueue(unsigned entries);  // throws sfp::Failure with the kernel's reason
    UringQueue(const UringQueue&) = delete;
    UringQueue& operator=(const UringQueue&) = delete;
    ~UringQueue();

    // Queue a request; `tag` comes back with its completion. At most `entries` may be queued
    // or in flight at once.
    void read(int fd, void* buf, std::size_t n, std::uint64_t offset, std::uint64_t tag);
    void write(int fd, const void* buf, std::size_t n, std::uint64_t offset, std::uint64_t tag);

    // Pins `buffers` in the kernel once (io_uring_register_buffers), so a read into buffer `index`
    // (read_fixed) skips mapping the user pages on every request. "" on success, else the
    // kernel's reason (a memlock limit, say); the caller then uses read().
    std::string register_buffers(std::span<const iovec> buffers);
    void read_fixed(int fd, void* buf, std::size_t n, std::uint64_t offset, unsigned index, std::uint64_t tag);

    struct Completion {
        std::uint64_t tag;
        int result;  // bytes transferred, or -errno
    };
    // Submits what is queued and waits for one completion. Throws sfp::Failure on ring errors.
    Completion next();

    unsigned in_flight() const noexcept { return in_flight_; }

private:
    io_uring_sqe* slot();
    io_uring ring_{};
    unsigned in_flight_ = 0;  // queued or submitted, not yet completed
};

}  // namespace sfp
