#include "algorithms/wordcount/inputs.hpp"

#include "algorithms/wordcount/strategies.hpp"
#include "sfp/failure.hpp"
#include "spec_options.hpp"

namespace sfp::wordcount {
namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string unescaped(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\' || i + 1 == text.size()) {
            out.push_back(text[i]);
            continue;
        }
        const char c = text[++i];
        if (c == 't') out.push_back('\t');
        else if (c == 'n') out.push_back('\n');
        else if (c == 'r') out.push_back('\r');
        else if (c == 'v') out.push_back('\v');
        else if (c == 'f') out.push_back('\f');
        else if (c == 'x' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 && hex_digit(text[i + 2]) >= 0) {
            out.push_back(char(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2])));
            i += 2;
        } else out.push_back(c);  // \\ and anything else: the character itself
    }
    return out;
}

}  // namespace

Separators separators_of(const RunSpec& spec) {
    const std::string extra = unescaped(option_text(spec, "separators", ""));
    if (extra.find('\0') != std::string::npos) fail("option separators: a NUL byte cannot be a separator");
    return Separators(extra);
}

std::uint64_t packing_of(const RunSpec& spec) {
    return std::uint64_t(option_int(spec, "packing", std::int64_t(kDefaultPacking), 1, std::int64_t(kMaxPacking)));
}

void check_options(const RunSpec& spec) {
    separators_of(spec);
    packing_of(spec);
    option_flag(spec, "histogram");
}

Inputs open_inputs(const RunSpec& spec, RunContext& ctx) {
    if (spec.inputs.empty()) fail("wordcount needs at least one input file");
    Inputs in{{}, separators_of(spec), option_flag(spec, "histogram")};
    std::uint64_t total = 0;
    for (const std::string& path : spec.inputs) {
        in.files.push_back(File::open_read(path));
        total += in.files.back().size();
    }
    ctx.set_total(total);
    return in;
}

bool count_file(File& file, const Inputs& in, std::size_t block, Kernel kernel, RunContext& ctx, WordCounts& counts) {
    Tally tally = Tally::at_file_start(in.histogram);
    const bool done = read_blocks(file, block, ctx, [&](const std::uint8_t* p, std::size_t n) {
        kernel == Kernel::simd ? tally.feed_simd(p, n, in.separators) : tally.feed(p, n, in.separators);
    });
    counts = tally.finish();
    return done;
}

Outcome count_one_by_one(const RunSpec& spec, RunContext& ctx, Kernel kernel) {
    return count_each_file(spec, ctx, [&](File& f, const Inputs& in, WordCounts& counts) {
        return count_file(f, in, std::size_t(spec.block_size), kernel, ctx, counts);
    });
}

Support always_supported() { return Support::yes(); }

}  // namespace sfp::wordcount
