#include "io/uring_queue.hpp"

#include <sys/uio.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "sfp/failure.hpp"

namespace sfp {

std::string UringQueue::unsupported_reason() {
    io_uring ring{};
    if (const int rc = io_uring_queue_init(2, &ring, 0); rc < 0)
        return std::string("io_uring_queue_init: ") + std::strerror(-rc);
    std::string why;
    const std::unique_ptr<io_uring_probe, void (*)(io_uring_probe*)> probe(io_uring_get_probe_ring(&ring),
                                                                           io_uring_free_probe);
    if (!probe)
        why = "the kernel cannot list its io_uring operations (io_uring_get_probe)";
    else if (!io_uring_opcode_supported(probe.get(), IORING_OP_READ) ||
             !io_uring_opcode_supported(probe.get(), IORING_OP_WRITE))
        why = "the kernel's io_uring lacks READ/WRITE (Linux 5.6 or later needed)";
    io_uring_queue_exit(&ring);
    return why;
}

UringQueue::UringQueue(unsigned entries) {
    if (const int rc = io_uring_queue_init(entries, &ring_, 0); rc < 0) fail_errno("cannot set up", "io_uring", -rc);
}

UringQueue::~UringQueue() {
    // Requests may still be writing into buffers the caller is about to free: wait them out.
    if (io_uring_sq_ready(&ring_) > 0) io_uring_submit(&ring_);
    while (in_flight_ > 0) {
        io_uring_cqe* cqe = nullptr;
        const int rc = io_uring_wait_cqe(&ring_, &cqe);
        if (rc == -EINTR) continue;
        if (rc < 0) break;  // the ring is broken; nothing more will complete
        io_uring_cqe_seen(&ring_, cqe);
        --in_flight_;
    }
    io_uring_queue_exit(&ring_);
}

io_uring_sqe* UringQueue::slot() {
    io_uring_sqe* sqe = io_uring_get_sqe(&ring_);
    if (!sqe) {  // queue full: hand what is queued to the kernel and try again
        io_uring_submit(&ring_);
        sqe = io_uring_get_sqe(&ring_);
    }
    if (!sqe) fail("io_uring submission queue is full");
    return sqe;
}

void UringQueue::read(int fd, void* buf, std::size_t n, std::uint64_t offset, std::uint64_t tag) {
    io_uring_sqe* sqe = slot();
    io_uring_prep_read(sqe, fd, buf, unsigned(n), offset);
    io_uring_sqe_set_data64(sqe, tag);
    ++in_flight_;
}

void UringQueue::write(int fd, const void* buf, std::size_t n, std::uint64_t offset, std::uint64_t tag) {
    io_uring_sqe* sqe = slot();
    io_uring_prep_write(sqe, fd, buf, unsigned(n), offset);
    io_uring_sqe_set_data64(sqe, tag);
    ++in_flight_;
}

std::string UringQueue::register_buffers(std::span<const iovec> buffers) {
    const int rc = io_uring_register_buffers(&ring_, buffers.data(), unsigned(buffers.size()));
    return rc < 0 ? std::string("io_uring_register_buffers: ") + std::strerror(-rc) : std::string();
}

void UringQueue::read_fixed(int fd, void* buf, std::size_t n, std::uint64_t offset, unsigned index, std::uint64_t tag) {
    io_uring_sqe* sqe = slot();
    io_uring_prep_read_fixed(sqe, fd, buf, unsigned(n), offset, int(index));
    io_uring_sqe_set_data64(sqe, tag);
    ++in_flight_;
}

UringQueue::Completion UringQueue::next() {
    if (in_flight_ == 0) fail("io_uring: waiting with nothing in flight");
    io_uring_cqe* cqe = nullptr;
    for (;;) {
        const int rc = io_uring_submit_and_wait(&ring_, 1);
        if (rc == -EINTR) continue;
        if (rc < 0) fail_errno("cannot submit to", "io_uring", -rc);
        const int peek = io_uring_peek_cqe(&ring_, &cqe);
        if (peek == 0 && cqe) break;
        if (peek != -EAGAIN) fail_errno("cannot wait on", "io_uring", -peek);
    }
    const Completion c{io_uring_cqe_get_data64(cqe), cqe->res};
    io_uring_cqe_seen(&ring_, cqe);
    --in_flight_;
    return c;
}

}  // namespace sfp
