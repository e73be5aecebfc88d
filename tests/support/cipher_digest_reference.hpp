#pragma once
// cipher's output digest as docs/cli-cipher.md defines it, written out plainly from the whole
// output (the engine takes it block by block as it writes, in output_digest.cpp): every 4 KiB
// piece from the start (the last one shorter), XXH3-64 seeded with its number, summed.
#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace testing {

inline std::uint64_t reference_cipher_digest(std::string_view out) {
    constexpr std::size_t kGranule = 4096;
    std::uint64_t sum = 0;
    for (std::size_t start = 0, number = 0; start < out.size(); start += kGranule, ++number)
        sum += XXH3_64bits_withSeed(out.data() + start, std::min(kGranule, out.size() - start), number);
    return sum;
}

}  // namespace testing
