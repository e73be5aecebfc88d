#pragma once
// What each algorithm computes. Runs of different strategies on the same input must agree.
#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace sfp {

struct Mismatch {
    std::uint64_t offset;  // 0-based byte offset
    std::uint8_t a, b;     // the bytes of the first and second file
    bool operator==(const Mismatch&) const = default;
};

struct CompareOutcome {
    std::vector<Mismatch> mismatches;  // the first N, in file order
    std::uint64_t size_a = 0, size_b = 0;
    bool identical() const noexcept { return mismatches.empty() && size_a == size_b; }
    bool operator==(const CompareOutcome&) const = default;
};

struct CipherOutcome {
    std::uint64_t output_bytes = 0;
    std::uint64_t output_hash = 0;  // XXH64 of the output file
    bool operator==(const CipherOutcome&) const = default;
};

// wordcount: what `wc` counts, plus SimpleCount's word-length histogram.
inline constexpr std::size_t kLongestCountedWord = 31;  // histogram[31] counts words of 31 or more bytes

struct WordCounts {
    std::uint64_t lines = 0, words = 0, bytes = 0;
    std::array<std::uint64_t, kLongestCountedWord + 1> histogram{};  // [length]; [0] stays 0
    WordCounts& operator+=(const WordCounts& o) noexcept;
    bool operator==(const WordCounts&) const = default;
};

struct WordCountOutcome {
    std::vector<WordCounts> files;  // one per input, in argument order
    WordCounts total() const noexcept;
    bool operator==(const WordCountOutcome&) const = default;
};

// iterate: one file of the tree and the XXH3-64 of its first SCOPE bytes (or all of it).
struct FileHash {
    std::string path;  // bytes, as the directories gave them
    std::uint64_t hash = 0;
    bool operator==(const FileHash&) const = default;
};

struct IterateOutcome {
    std::vector<FileHash> files;       // in processing order; emptied after the digest unless listed
    std::uint64_t file_count = 0;      // files hashed
    std::uint64_t bytes = 0;           // bytes read and hashed
    std::vector<std::string> skipped;  // "path: reason", sorted: unreadable, vanished, not regular
    std::uint64_t digest = 0;          // XXH3-64 of the list lines sorted by path bytes
    bool operator==(const IterateOutcome&) const = default;
};

// Algorithms without a result yet (and runs that failed) carry monostate.
using Outcome = std::variant<std::monostate, CompareOutcome, CipherOutcome, WordCountOutcome, IterateOutcome>;

// Canonical 16-hex-digit digest of an outcome (XXH64 of a canonical serialisation).
std::string digest_of(const Outcome& outcome);

}  // namespace sfp
