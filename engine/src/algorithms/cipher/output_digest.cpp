#include "algorithms/cipher/output_digest.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "io/file.hpp"
#include "sfp/failure.hpp"

namespace sfp::cipher {
namespace {
std::atomic<std::uint64_t> hashed_count{0};
}

std::uint64_t OutputDigest::granule_hash(std::uint64_t index, const std::uint8_t* data, std::size_t n) noexcept {
    return XXH3_64bits_withSeed(data, n, index);
}

std::uint64_t OutputDigest::granules_hashed() noexcept { return hashed_count.load(std::memory_order_relaxed); }

std::uint64_t OutputDigest::granule_length(std::uint64_t index) const noexcept {
    return std::min<std::uint64_t>(kGranule, size_ - index * kGranule);
}

void OutputDigest::add(std::uint64_t offset, const std::uint8_t* data, std::size_t n) {
    if (!enabled_ || n == 0) return;
    added_.fetch_add(n, std::memory_order_relaxed);
    const std::uint64_t end = offset + n;
    std::uint64_t pos = offset, sum = 0, whole = 0;
    while (pos < end) {
        const std::uint64_t index = pos / kGranule;
        const std::uint64_t granule_end = index * kGranule + granule_length(index);
        const std::uint64_t piece_end = std::min(end, granule_end);
        const std::uint8_t* at = data + (pos - offset);
        if (pos == index * kGranule && piece_end == granule_end) {
            sum += granule_hash(index, at, std::size_t(piece_end - pos));  // a whole granule: the usual case
            ++whole;
        } else
            add_piece(pos, at, std::size_t(piece_end - pos));
        pos = piece_end;
    }
    sum_.fetch_add(sum, std::memory_order_relaxed);
    hashed_count.fetch_add(whole, std::memory_order_relaxed);  // once a block: threads share this line
}

void OutputDigest::add_piece(std::uint64_t offset, const std::uint8_t* data, std::size_t n) {
    const std::uint64_t index = offset / kGranule;
    const std::size_t length = std::size_t(granule_length(index));
    // Copied before locking: `data` may be a mapping that faults (SIGBUS, mapped.cpp's guard
    // jumps out), which must never happen with the lock held.
    std::uint8_t piece[kGranule];
    std::memcpy(piece, data, n);
    const std::lock_guard lock(mutex_);
    Partial& p = partial_[index];
    if (p.bytes.empty()) p.bytes.resize(length);
    std::memcpy(p.bytes.data() + (offset - index * kGranule), piece, n);
    p.filled += n;
    if (p.filled < length) return;
    sum_.fetch_add(granule_hash(index, p.bytes.data(), length), std::memory_order_relaxed);
    hashed_count.fetch_add(1, std::memory_order_relaxed);
    partial_.erase(index);
}

std::uint64_t OutputDigest::value() const {
    const std::uint64_t added = added_.load(std::memory_order_relaxed);
    if (added != size_ || !partial_.empty())
        throw std::logic_error("the output digest covers " + std::to_string(added) + " bytes of " +
                               std::to_string(size_) + ": a block was skipped or added twice");
    return sum_.load(std::memory_order_relaxed);
}

std::uint64_t digest_of_file(File& file) {
    OutputDigest digest(file.size(), true);
    constexpr std::size_t kChunk = 256 * OutputDigest::kGranule;  // whole granules
    const auto buf = std::make_unique_for_overwrite<std::uint8_t[]>(kChunk);
    for (std::uint64_t offset = 0; offset < file.size();) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(kChunk, file.size() - offset));
        if (file.read_full(buf.get(), want) < want) fail("the output '" + file.path() + "' shrank while it was hashed");
        digest.add(offset, buf.get(), want);
        offset += want;
    }
    return digest.value();
}

}  // namespace sfp::cipher
