#pragma once
// The digest that proves a cipher run right, taken in the pass that produces the output, while
// each block is still in the CPU's cache — never by reading the output again. So that every
// strategy, block size, thread count and order of blocks gives the same digest for the same
// output, it is defined on the output alone:
//   the output is cut into granules of kGranule bytes (the last one shorter when the size is not
//   a multiple); granule i hashes to XXH3_64bits_withSeed(its bytes, seed i); the digest is the
//   sum of those hashes mod 2^64 (0 for an empty output).
// Seeding by the index keeps a granule's place in the digest; the sum makes the order blocks are
// added in irrelevant. A block that covers only part of a granule (blocks not a multiple of it,
// or not starting on one) leaves its piece here until the granule's other pieces arrive.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace sfp {
class File;
}

namespace sfp::cipher {

class OutputDigest {
public:
    static constexpr std::size_t kGranule = 4096;

    // `enabled` false: add() does nothing at all (a one-run command without --digest).
    OutputDigest(std::uint64_t output_size, bool enabled) : size_(output_size), enabled_(enabled) {}
    bool enabled() const noexcept { return enabled_; }

    // The output bytes [offset, offset + n), just produced at `data`. Thread-safe, in any order;
    // every byte of the output is added exactly once.
    void add(std::uint64_t offset, const std::uint8_t* data, std::size_t n);

    // The digest, once every byte was added. Throws std::logic_error when bytes are missing or
    // were added twice (a strategy that skipped a block): a wrong digest is never returned.
    std::uint64_t value() const;

    static std::uint64_t granule_hash(std::uint64_t index, const std::uint8_t* data, std::size_t n) noexcept;

    // How many granules were hashed in this process: the seam that lets a test see that a run
    // without a digest hashed nothing.
    static std::uint64_t granules_hashed() noexcept;

private:
    std::uint64_t granule_length(std::uint64_t index) const noexcept;
    void add_piece(std::uint64_t offset, const std::uint8_t* data, std::size_t n);

    struct Partial {
        std::vector<std::uint8_t> bytes;
        std::size_t filled = 0;
    };
    std::uint64_t size_;
    bool enabled_;
    std::atomic<std::uint64_t> sum_{0}, added_{0};
    std::mutex mutex_;  // guards partial_
    std::unordered_map<std::uint64_t, Partial> partial_;
};

// The digest of a file already written (its size when opened), read back: for the strategies whose
// copy happens in the kernel (cp, copy-range), where no byte passes through our hands.
std::uint64_t digest_of_file(File& file);

}  // namespace sfp::cipher
