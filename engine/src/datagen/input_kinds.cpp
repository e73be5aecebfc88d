// The input kinds: the one table that knows how each kind of input is named, generated and
// prepared. Adding a kind = one entry here (and its generator in datagen/).
#include "sfp/input_kind.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <charconv>

#include "io/tree_listing.hpp"
#include "io/file.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

// The text of an option, or "" when the request does not give it.
std::string option_text(const GenerateRequest& r, std::string_view name) {
    const auto it = r.options.find(std::string(name));
    return it == r.options.end() ? std::string() : it->second;
}

std::int64_t option_value(std::span<const Parameter> options, const GenerateRequest& r, std::string_view name) {
    for (const Parameter& p : options)
        if (p.name == name) {
            const std::string text = option_text(r, name);
            return text.empty() ? p.fallback : parse_value(p, text).value;  // checked before
        }
    return 0;
}

// "0,4096,last": byte offsets (where the pair's second file differs, where a needle is planted);
// `middle` and `last` name size/2 and size-1, the bytes `run` makes differ (the last catches a
// dropped tail block). `option` names the option in an error.
std::vector<std::uint64_t> offsets_of(const std::string& text, std::uint64_t size, std::string_view option) {
    std::vector<std::uint64_t> out;
    std::size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        std::string item = text.substr(start, comma - start);
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        if (item == "middle" || item == "last") {
            if (size > 0) out.push_back(item == "middle" ? size / 2 : size - 1);
        } else if (!item.empty()) {
            std::uint64_t v = 0;
            const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
            if (ec != std::errc() || end != item.data() + item.size())
                fail(std::string(option) + ": '" + item +
                     "' is not a byte offset (a whole number, 'middle' or 'last')");
            out.push_back(v);
        }
        start = comma + 1;
    }
    return out;
}

std::string generate_random_kind(const std::vector<std::string>& paths, const GenerateRequest& r,
                                 const std::atomic<bool>* cancel) {
    generate_random(paths.at(0), r.size, r.seed, cancel, r.links);
    return {};
}

std::string generate_text_kind(const std::vector<std::string>& paths, const GenerateRequest& r,
                               const std::atomic<bool>* cancel) {
    generate_text(paths.at(0), r.size, r.seed, cancel, r.links);
    return {};
}

std::string generate_pair_kind(const std::vector<std::string>& paths, const GenerateRequest& r,
                               const std::atomic<bool>* cancel) {
    generate_pair(paths.at(0), paths.at(1), r.size, offsets_of(option_text(r, "mismatch_at"), r.size, "mismatch_at"),
                  r.seed, cancel, r.links);
    return {};
}

// Eight differences spread over the first 4 KiB (the first block of any run): compare's table of
// eight fills in the first block, and every thread past it drops out at its next check --
// compMP's passive stop (lesson 10). A file under 8 bytes has fewer.
std::string generate_early_pair_kind(const std::vector<std::string>& paths, const GenerateRequest& r,
                                     const std::atomic<bool>* cancel) {
    const std::uint64_t span = std::min<std::uint64_t>(r.size, 4096);
    constexpr std::uint64_t kDifferences = 8;  // compare's default max_mismatches: the table fills
    std::vector<std::uint64_t> at;
    for (std::uint64_t i = 0; i < kDifferences && span > 0; ++i) at.push_back(i * span / kDifferences);
    generate_pair(paths.at(0), paths.at(1), r.size, at, r.seed, cancel, r.links);
    return {};
}

constexpr std::string_view kDefaultNeedle = "sfpbench-needle";

std::string generate_needles_kind(const std::vector<std::string>& paths, const GenerateRequest& r,
                                  const std::atomic<bool>* cancel) {
    std::string needle = option_text(r, "needle");
    if (needle.empty()) needle = kDefaultNeedle;
    if (needle.find('\n') != std::string::npos)
        fail("needle: a newline cannot be in the needle (search matches within lines)");
    const std::vector<std::uint64_t> at = offsets_of(option_text(r, "needle_at"), r.size, "needle_at");
    generate_text(paths.at(0), r.size, r.seed, cancel, r.links, Needles{needle, at});
    return std::to_string(at.size()) + " needles planted";
}

constexpr std::string_view kSizeMixes[] = {"small", "medium", "large"};  // tree.cpp's mixes

std::string generate_tree_kind(const std::vector<std::string>& paths, const GenerateRequest& r,
                               const std::atomic<bool>* cancel);

constexpr std::string_view kPairFiles[] = {"-a.bin", "-b.bin"};
constexpr std::string_view kBinFile[] = {".bin"};
constexpr std::string_view kTextFile[] = {".txt"};
constexpr std::string_view kDirectory[] = {""};

constexpr Parameter kPairOptions[] = {
    {.name = "mismatch_at",
     .type = ParameterType::text,
     .help = "comma-separated 0-based offsets where B differs; 'middle' and 'last' as words (run's pairs: middle,last)",
     .text_fallback = ""},
};
constexpr Parameter kNeedleOptions[] = {
    {.name = "needle",
     .type = ParameterType::text,
     .help = "the bytes planted in the text (no newline): what a search of it finds",
     .text_fallback = kDefaultNeedle},
    {.name = "needle_at",
     .type = ParameterType::text,
     .help = "comma-separated 0-based offsets of the needle; 'middle' and 'last' as words (one running past the end "
             "ends at the last byte; run's texts: 0,middle,last)",
     .text_fallback = ""},
};
constexpr Parameter kTreeOptions[] = {
    {.name = "files",
     .type = ParameterType::count,
     .help = "how many files (0 = as many as make about --size bytes)",
     .fallback = 0,
     .min = 0,
     .max = 100000000},
    {.name = "size_mix",
     .type = ParameterType::choice,
     .help = "file sizes: small (mean 50K), medium (106K) or large (1.2M): IOBoost's sets / 16",
     .fallback = 0,
     .choices = kSizeMixes},
};

// A run must find a difference in the middle and one in the last byte, which catches strategies
// that drop the tail of the final block.
constexpr std::pair<std::string_view, std::string_view> kPairInWorkspace[] = {{"mismatch_at", "middle,last"}};
// A search must find the needle at the first byte, across the middle and at the very end; the
// first match stops an early-stopping searcher at once, the third only at the end.
constexpr std::pair<std::string_view, std::string_view> kNeedlesInWorkspace[] = {{"needle_at", "0,middle,last"}};

const InputKind kKinds[] = {
    {.name = "pair",
     .label = "pair (two files, known differences)",
     .suffixes = kPairFiles,
     .help = "B equals A except the bytes at --mismatch-at",
     .options = kPairOptions,
     .workspace_options = kPairInWorkspace,
     .generate = generate_pair_kind},
    {.name = "early-pair",
     .label = "pair, eight differences in its first 4 KiB",
     .suffixes = kPairFiles,
     .help = "B equals A except eight bytes spread over the first 4 KiB (compare stops early: lesson 10)",
     .generate = generate_early_pair_kind},
    {.name = "random",
     .label = "random bytes",
     .suffixes = kBinFile,
     .help = "random bytes",
     .generate = generate_random_kind},
    {.name = "text",
     .label = "English-like text",
     .suffixes = kTextFile,
     .help = "English-like words, punctuation and lines (for wordcount)",
     .generate = generate_text_kind},
    {.name = "needles",
     .label = "text with a needle at known places",
     .suffixes = kTextFile,
     .help = "English-like text with --needle planted at --needle-at (for search)",
     .options = kNeedleOptions,
     .workspace_options = kNeedlesInWorkspace,
     .generate = generate_needles_kind},
    {.name = "tree",
     .label = "tree (a folder of files; sizes are totals)",
     .suffixes = kDirectory,
     .directory = true,
     .help = "random files in nested folders (for iterate)",
     .options = kTreeOptions,
     .generate = generate_tree_kind},
};

std::string generate_tree_kind(const std::vector<std::string>& paths, const GenerateRequest& r,
                               const std::atomic<bool>* cancel) {
    const std::string mix(kSizeMixes[std::size_t(option_value(kTreeOptions, r, "size_mix"))]);
    const std::int64_t files = option_value(kTreeOptions, r, "files");
    const TreeSummary t =
        generate_tree(paths.at(0), files > 0 ? std::uint64_t(files) : tree_files_for(r.size, mix), mix, r.seed, cancel);
    return std::to_string(t.files) + " files, " + std::to_string(t.bytes) + " bytes";
}

}  // namespace

std::vector<std::string> InputKind::files_of(const std::vector<std::string>& paths) const {
    return directory ? files_under(paths) : paths;
}

std::uint64_t InputKind::size_of(const std::vector<std::string>& paths) const {
    if (paths.empty()) return 0;
    std::uint64_t bytes = 0;
    for (const std::string& file : files_of({paths.front()})) {
        struct stat st {};
        if (::stat(file.c_str(), &st) == 0) bytes += std::uint64_t(st.st_size);  // a missing file fails its runs
    }
    return bytes;
}

void InputKind::check(const std::string& path) const {
    if (directory)
        check_root(path);
    else
        File::open_read(path);
}

std::span<const InputKind> input_kinds() noexcept { return kKinds; }

const InputKind* find_input_kind(std::string_view name) noexcept {
    for (const InputKind& k : kKinds)
        if (k.name == name) return &k;
    return nullptr;
}

const InputKind& input_kind(std::string_view name) {
    if (const InputKind* kind = find_input_kind(name)) return *kind;
    fail("data_kind: unknown kind '" + std::string(name) + "' (" + input_kind_names() + ")");
}

std::string input_kind_names() {
    std::string out;
    const std::size_t n = std::size(kKinds);
    for (std::size_t i = 0; i < n; ++i) out += (i == 0 ? "" : i + 1 == n ? " or " : ", ") + std::string(kKinds[i].name);
    return out;
}

void check_generate_options(const InputKind& kind, const GenerateRequest& request) {
    for (const auto& [name, text] : request.options) {
        const Parameter* p = nullptr;
        for (const Parameter& q : kind.options)
            if (q.name == name) p = &q;
        if (!p) fail(name + ": '" + std::string(kind.name) + "' data has no option '" + name + "'");
        if (p->type == ParameterType::text) continue;  // the generator judges it, before writing
        if (const ParsedValue v = parse_value(*p, text); !v.error.empty()) fail(name + ": " + v.error);
    }
}

}  // namespace sfp
