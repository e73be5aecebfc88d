#include "algorithms/cipher/block_io.hpp"

#include <algorithm>

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "io/read_loop.hpp"
#include "sfp/failure.hpp"

namespace sfp::cipher {

std::size_t read_at_least(int fd, std::uint8_t* buf, std::size_t capacity, std::size_t need, Position pos,
                          std::uint64_t offset, const std::string& path) {
    return sfp::read_at_least(need, path, [&](std::size_t got) {
        return pos == Position::sequential ? ::read(fd, buf + got, capacity - got)
                                           : ::pread(fd, buf + got, capacity - got, off_t(offset + got));
    });
}

void write_all(int fd, const std::uint8_t* data, std::size_t n, Position pos, std::uint64_t offset,
               const std::string& path) {
    while (n > 0) {
        const ssize_t w = pos == Position::sequential ? ::write(fd, data, n) : ::pwrite(fd, data, n, off_t(offset));
        if (w < 0) {
            if (errno == EINTR) continue;
            fail_errno("cannot write", path, errno);
        }
        data += w;
        offset += std::uint64_t(w);
        n -= std::size_t(w);
    }
}

namespace {
std::size_t output_bytes(const CipherJob& job, std::size_t block) {
    return job.kernel().expansion() == 1 ? 0 : block * job.kernel().expansion();  // in place when 1
}
}  // namespace

WorkerBuffers::WorkerBuffers(const CipherJob& job, std::size_t block, unsigned workers)
    : block_(block), out_(output_bytes(job, block)),
      stride_((block + out_ + kDirectAlignment - 1) / kDirectAlignment * kDirectAlignment),
      heap_(job.options().direct ? 0 : stride_ * std::max(workers, 1u), kDirectAlignment) {
    if (job.options().direct) {
        huge_ = std::make_unique<HugePageBuffer>(std::uint64_t(stride_) * std::max(workers, 1u));
        data_ = huge_->data();
    } else {
        data_ = heap_.data();
    }
}

BlockBuffers WorkerBuffers::of(unsigned worker) const noexcept {
    std::uint8_t* in = data_ + std::size_t(worker) * stride_;
    return {in, out_ ? in + block_ : in};
}

std::size_t transform_buffered(const CipherJob& job, const BlockBuffers& buffers, std::size_t n) {
    job.kernel()(buffers.in(), buffers.out(), n);
    const std::size_t out_n = n * job.kernel().expansion();
    const std::size_t out_io = job.io_length(out_n);
    if (out_io != out_n) std::memset(buffers.out() + out_n, 0, out_io - out_n);  // direct I/O: pad the tail
    return out_io;
}

void transform_block(const CipherJob& job, const BlockBuffers& buffers, Block blk, Position pos) {
    const std::size_t n = std::size_t(blk.length);
    const File& in = job.input();
    if (read_at_least(in.fd(), buffers.in(), job.io_length(n), n, pos, blk.offset, in.path()) < n)
        job.fail_input_shrank();
    const std::size_t out_io = transform_buffered(job, buffers, n);
    const std::uint64_t out_offset = blk.offset * job.kernel().expansion();
    job.digest_output(out_offset, buffers.out(), n * job.kernel().expansion());
    write_all(job.out_fd(), buffers.out(), out_io, pos, out_offset, job.output().target());
}

}  // namespace sfp::cipher
