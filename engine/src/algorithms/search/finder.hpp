#pragma once
// Finding a fixed pattern in bytes, and the greedy left-to-right walk that makes grep -o's
// non-overlapping matches of the occurrences.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace sfp::search {

// How occurrences are found: glibc's memmem (two-way), or W. Mula's SIMD filter -- two bytes of
// the pattern (its rarest, where Mula takes the first and last) compared at 32 (AVX2) or 16 (SSE2)
// positions at once, each candidate verified with memcmp.
enum class Kernel { memmem, simd };

// Test seam: the SSE2 path even where the CPU has AVX2 (so both are tested here). Set it while no
// run is going.
void use_sse2_for_tests(bool on) noexcept;

class Finder {
public:
    static constexpr std::size_t npos = std::size_t(-1);

    Finder(std::string pattern, Kernel kernel);

    std::size_t length() const noexcept { return pattern_.size(); }

    // The first occurrence that lies within data[0, size) and starts at or after `from`; npos
    // when none.
    std::size_t find(const std::uint8_t* data, std::size_t size, std::size_t from) const noexcept;

private:
    std::string pattern_;
    Kernel kernel_;
    std::pair<std::size_t, std::size_t> rare_;  // the filter's two positions in the pattern
};

// Calls on_match(position) for each non-overlapping match, left to right, that starts in
// [from, starts_before) and lies within data[0, size); on_match returns false to stop. Returns
// where the walk would go on: the end of the last match, or `from` when there was none.
template <class OnMatch>
std::size_t each_match(const Finder& finder, const std::uint8_t* data, std::size_t size, std::size_t from,
                       std::size_t starts_before, OnMatch&& on_match) {
    std::size_t next = from;
    while (next < starts_before) {
        const std::size_t at = finder.find(data, size, next);
        if (at == Finder::npos || at >= starts_before) break;
        next = at + finder.length();
        if (!on_match(at)) break;
    }
    return next;
}

}  // namespace sfp::search
