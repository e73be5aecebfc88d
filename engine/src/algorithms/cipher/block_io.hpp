#pragma once
// Buffered-I/O building blocks shared by stream, threads and pool: transfers that retry short
// counts and EINTR, and one block read-transform-write.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "algorithms/cipher/job.hpp"
#include "algorithms/stripes.hpp"
#include "io/aligned_buffer.hpp"
#include "io/huge_page_buffer.hpp"

namespace sfp::cipher {

// Where a transfer happens: at the file position (read/write, as cci does) or at the block's
// own offset (pread/pwrite, so threads need no shared position).
enum class Position { sequential, at_offset };

// Reads until at least `need` bytes (at most `capacity`) are in buf or the file ends; returns
// the count. Direct I/O asks for the whole aligned capacity and gets the tail in one go.
std::size_t read_at_least(int fd, std::uint8_t* buf, std::size_t capacity, std::size_t need, Position pos,
                          std::uint64_t offset, const std::string& path);
void write_all(int fd, const std::uint8_t* data, std::size_t n, Position pos, std::uint64_t offset,
               const std::string& path);

// One worker's buffers for blocks of `block` input bytes: a view into WorkerBuffers. The
// transform runs in place in the input buffer when the output is the same size; widen gets a
// second, twice as large buffer.
class BlockBuffers {
public:
    BlockBuffers(std::uint8_t* in, std::uint8_t* out) : in_(in), out_(out) {}
    std::uint8_t* in() const noexcept { return in_; }
    std::uint8_t* out() const noexcept { return out_; }

private:
    std::uint8_t *in_, *out_;
};

// Every worker's buffers in one allocation, each worker's on whole 4 KiB pages of its own (no
// false sharing, O_DIRECT's alignment). With direct I/O the allocation is in huge pages: the
// device moves the data straight to and from it, and into 4 KiB pages every transfer is a list of
// 4 KiB pieces, which this VM's virtual disk served far slower (docs/cli-cipher.md). One
// allocation for all, so huge pages cost at most 2 MiB more however many workers there are.
class WorkerBuffers {
public:
    WorkerBuffers(const CipherJob& job, std::size_t block, unsigned workers);
    BlockBuffers of(unsigned worker) const noexcept;

private:
    std::size_t block_, out_, stride_;
    AlignedBuffer heap_;
    std::unique_ptr<HugePageBuffer> huge_;
    std::uint8_t* data_ = nullptr;
};

// Transforms the n input bytes in buffers.in() into buffers.out(); returns how many bytes to
// write (with direct I/O, the output padded with zeros to a whole alignment).
std::size_t transform_buffered(const CipherJob& job, const BlockBuffers& buffers, std::size_t n);

// Reads input block `blk`, transforms it and writes it at its output offset.
void transform_block(const CipherJob& job, const BlockBuffers& buffers, Block blk, Position pos);

}  // namespace sfp::cipher
