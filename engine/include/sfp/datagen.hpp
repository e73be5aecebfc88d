#pragma once
// Reproducible test data: random bytes, pairs with known differences, English-like text.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sfp {

inline constexpr std::uint64_t kDefaultFileSize = 640000000;  // the articles' size: not a power of two
inline constexpr std::uint64_t kDefaultSeed = 1;

// "640000000", "64K", "256M", "1G" (powers of two). Throws sfp::Failure naming the text.
std::uint64_t parse_size(std::string_view text);
std::string format_size(std::uint64_t bytes);  // "4K", "1M", "640000000"
std::string byte_count(std::uint64_t bytes);   // "1 byte", "640000000 bytes": for messages

// Whether an output named by a symbolic link is written to the file it names (a user's output)
// or refused (a file in the tool's workspace, whose directory another user may write to).
enum class Links { follow, refuse };

// Each writes `path` atomically (temporary file + rename) and throws sfp::Failure on error.
// The space is checked (the message names what is needed and what is free) and reserved
// before any byte is written. A set `cancel` flag stops the writing: sfp::Failure, no file
// left behind (the target keeps its previous contents). A pair's two names must be two files.
void generate_random(const std::string& path, std::uint64_t size, std::uint64_t seed,
                     const std::atomic<bool>* cancel = nullptr, Links links = Links::follow);
void generate_pair(const std::string& a, const std::string& b, std::uint64_t size,
                   const std::vector<std::uint64_t>& mismatch_offsets, std::uint64_t seed,
                   const std::atomic<bool>* cancel = nullptr, Links links = Links::follow);
// Text with a needle planted: `needle` written over the text at each offset (one that would run
// past the end is moved back to end at the last byte), before the file is renamed into place.
struct Needles {
    std::string needle;
    std::vector<std::uint64_t> at;
};
void generate_text(const std::string& path, std::uint64_t size, std::uint64_t seed,
                   const std::atomic<bool>* cancel = nullptr, Links links = Links::follow, const Needles& needles = {});

// A tree for iterate: `files` random files in nested folders (100 per folder), sizes drawn from
// a size mix ("small", "medium", "large": IOBoost's three sets scaled down 16x). Refuses a DIR
// that exists and is not an empty directory; made beside it and renamed into place whole. The
// same seed gives the same tree.
struct TreeSummary {
    std::uint64_t files = 0, bytes = 0;
};
TreeSummary generate_tree(const std::string& dir, std::uint64_t files, const std::string& size_mix, std::uint64_t seed,
                          const std::atomic<bool>* cancel = nullptr);
std::vector<std::uint64_t> tree_file_sizes(std::uint64_t files, const std::string& size_mix, std::uint64_t seed);
std::vector<std::string> tree_size_mixes();
// How many files of `size_mix` make about `bytes` (at least one): `run --sizes 1G --data tree`.
std::uint64_t tree_files_for(std::uint64_t bytes, const std::string& size_mix);

// The byte generate_random writes at `offset` — lets tests check without reading back.
std::uint8_t random_byte_at(std::uint64_t offset, std::uint64_t seed);

}  // namespace sfp
