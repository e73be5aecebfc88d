#include "algorithms/wordcount/inputs.hpp"

#include <string_view>

#include "algorithms/units.hpp"
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

// The option's text with its escapes decoded; anything not in the grammar is refused, quoted.
std::string unescaped(const std::string& text) {
    static constexpr std::string_view kGrammar = "use \\t \\n \\v \\f \\r \\\\ or \\xHH with two hex digits";
    const auto refuse = [&](std::size_t at, std::size_t length, const char* why) {
        fail("option separators: " + std::string(why) + " '" + text.substr(at, length) + "' in '" + text + "' (" +
             std::string(kGrammar) + ")");
    };
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\') {
            out.push_back(text[i]);
            continue;
        }
        if (i + 1 == text.size()) refuse(i, 1, "a lone backslash");
        const char c = text[++i];
        static constexpr std::string_view kNamed = "tnvfr\\", kBytes = "\t\n\v\f\r\\";
        if (const std::size_t k = kNamed.find(c); k != std::string_view::npos) {
            out.push_back(kBytes[k]);
        } else if (c == 'x') {
            if (i + 2 >= text.size() || hex_digit(text[i + 1]) < 0 || hex_digit(text[i + 2]) < 0)
                refuse(i - 1, 4, "\\x needs two hex digits, not");
            out.push_back(char(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2])));
            i += 2;
        } else {
            refuse(i - 1, 2, "unknown escape");
        }
    }
    return out;
}

}  // namespace

Separators separators_of(const RunSpec& spec) {
    const std::string extra = unescaped(option_text(spec, parameters(), "separators"));
    if (extra.find('\0') != std::string::npos)
        fail("option separators: a NUL byte cannot be a separator (strtok cannot split at it)");
    return Separators(extra);
}

std::uint64_t packing_of(const RunSpec& spec) { return std::uint64_t(option_value(spec, parameters(), "packing")); }

void check_options(const RunSpec& spec) {
    separators_of(spec);
    packing_of(spec);
    option_flag(spec, parameters(), "histogram");
}

Inputs open_inputs(const RunSpec& spec, RunContext& ctx) {
    if (spec.inputs.empty()) fail("wordcount needs at least one input file");
    Inputs in{{}, separators_of(spec), option_flag(spec, parameters(), "histogram")};
    std::uint64_t total = 0;
    for (const std::string& path : spec.inputs) {
        const File f = File::open_read(path);  // closed again at once: see Input
        in.files.push_back({path, f.size(), f.device(), f.inode(), f.modified()});
        total += f.size();
    }
    ctx.set_total(total);
    return in;
}

namespace {

[[noreturn]] void fail_changed(const std::string& path, const std::string& how, const std::string& sizes) {
    fail("'" + path + "' " + how + " while it was being counted (" + sizes +
         "); no count is given for a file that changes");
}

}  // namespace

File open_input(const Inputs& in, std::size_t i) {
    const Input& seen = in.files[i];
    File f = File::open_read(seen.path);
    std::string how;
    if (f.device() != seen.device || f.inode() != seen.inode)
        how = "was replaced by another file";
    else if (f.size() < seen.size)
        how = "shrank";
    else if (f.size() > seen.size)
        how = "grew";
    else if (f.modified().tv_sec != seen.modified.tv_sec || f.modified().tv_nsec != seen.modified.tv_nsec)
        how = "was rewritten";
    if (!how.empty())
        fail_changed(seen.path, how,
                     std::to_string(seen.size) + " bytes when the run began, " + std::to_string(f.size()) + " now");
    return f;
}

void check_counted(const File& f, std::uint64_t counted) {
    std::string how = f.change_since_open();
    if (how.empty() && counted != f.size()) how = "changed";
    if (!how.empty())
        fail_changed(f.path(), how,
                     std::to_string(f.size()) + " bytes when opened, " + std::to_string(f.current_size()) + " now, " +
                         std::to_string(counted) + " counted");
}

void check_sizes(const Inputs& in, const WordCountOutcome& counted) {
    for (std::size_t i = 0; i < in.files.size(); ++i) {
        const std::uint64_t got = i < counted.files.size() ? counted.files[i].bytes : 0;
        if (got != in.files[i].size)
            fail_changed(
                in.files[i].path, "changed",
                std::to_string(in.files[i].size) + " bytes when the run began, " + std::to_string(got) + " counted");
    }
}

bool count_file(File& file, const Inputs& in, std::size_t block, Kernel kernel, RunContext& ctx, WordCounts& counts) {
    Tally tally = Tally::at_file_start(in.histogram);
    const bool done = read_blocks(file, block, ctx, [&](const std::uint8_t* p, std::size_t n) {
        kernel == Kernel::simd ? tally.feed_simd(p, n, in.separators) : tally.feed(p, n, in.separators);
    });
    counts = tally.finish();
    return done;
}

std::optional<WordCountOutcome> count_files(Inputs& in, std::size_t block, Kernel kernel, RunContext& ctx) {
    return count_in_turn(in, [&](File& f, const Inputs& inputs, WordCounts& counts) {
        return count_file(f, inputs, block, kernel, ctx, counts);
    });
}

Outcome count_one_by_one(const RunSpec& spec, RunContext& ctx, Kernel kernel) {
    return count_inputs(spec, ctx,
                        [&](Inputs& in) { return count_files(in, std::size_t(spec.block_size), kernel, ctx); });
}

}  // namespace sfp::wordcount
