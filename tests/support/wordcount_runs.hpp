#pragma once
// What the wordcount engine tests share: their texts and the spec of one run.
#include <QString>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/types.hpp"
#include "support/temp_files.hpp"
#include "support/wordcount_reference.hpp"
#include "support/option_text.hpp"

namespace testing {

inline Bytes text_of(const std::string& s) { return Bytes(s.begin(), s.end()); }

inline QString qtext(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// Words of 1..40 bytes (letters, high bytes and NULs unless `letters_only`) and runs of every separator.
inline Bytes mixed_text(std::size_t size, std::uint32_t seed, bool letters_only = false) {
    return words_text(size, seed, 40, [&](std::uint8_t r) {
        return letters_only  ? std::uint8_t('a' + r % 26)
               : r % 17 == 0 ? std::uint8_t(0)
               : r % 13 == 0 ? std::uint8_t(0x80 | r)
                             : std::uint8_t('a' + r % 26);
    });
}

inline sfp::RunSpec spec_of(const std::string& strategy, std::vector<std::string> inputs, std::uint64_t block,
                            unsigned threads, std::uint64_t packing, bool histogram = true) {
    sfp::RunSpec spec;
    spec.algorithm = "wordcount";
    spec.strategy = strategy;
    spec.inputs = std::move(inputs);
    spec.block_size = block;
    spec.threads = threads;
    testing::set_option_number(spec, "packing", std::int64_t(packing));
    testing::set_option(spec, "histogram", histogram ? "true" : "false");
    return spec;
}

}  // namespace testing
