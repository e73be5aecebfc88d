// iterate/xxhsum — the baseline: the system `xxhsum -H3` over the listed files, as child
// processes under the same clock (whole files only: xxhsum cannot stop at a scope).
#include <sys/stat.h>

#include <string_view>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/strategies.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"

namespace sfp::iterate {
namespace {

// Arguments per child, well under the kernel's limit on one exec's arguments (ARG_MAX).
constexpr std::size_t kArgBytes = 128 * 1024;

Support probe() {
    if (find_on_path("xxhsum").empty()) return Support::no("`xxhsum` is not installed (package xxhash)");
    return Support::yes();
}

bool is_hex(std::string_view s) { return s.find_first_not_of("0123456789abcdef") == std::string_view::npos; }

// Reads the line xxhsum printed for `path` at `pos` — "XXH3 (path) = hex" (0.8.1) or
// "hex  path" — and advances pos. False when the line is not there: xxhsum could not read it
// and said so on its standard error instead. Parsing against the known paths in the order
// given keeps names with newlines unambiguous.
bool take_line(const std::string& out, std::size_t& pos, const std::string& path, std::uint64_t& hash) {
    const std::string_view rest = std::string_view(out).substr(pos);
    const std::string bsd = "XXH3 (" + path + ") = ";
    std::string_view hex;
    std::size_t used = 0;
    if (rest.starts_with(bsd) && rest.size() >= bsd.size() + 17) {
        hex = rest.substr(bsd.size(), 16);
        used = bsd.size() + 16;
    } else if (rest.size() >= 18 + path.size() && rest.substr(16, 2) == "  " && rest.substr(18).starts_with(path)) {
        hex = rest.substr(0, 16);
        used = 18 + path.size();
    } else {
        return false;
    }
    if (!is_hex(hex) || rest[used] != '\n') return false;
    hash = std::stoull(std::string(hex), nullptr, 16);
    pos += used + 1;
    return true;
}

std::uint64_t size_of(const std::string& path) {
    struct stat st {};
    return lstat(path.c_str(), &st) == 0 ? std::uint64_t(st.st_size) : 0;
}

constexpr const char* kWholeFilesOnly = "xxhsum hashes whole files only (use scope full)";

// Judged before anything runs: left out of "all strategies", greyed out in the window.
Support takes(const RunSpec& spec) {
    return scope_of(spec) == kWholeFile ? Support::yes() : Support::no(kWholeFilesOnly);
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    if (scope_of(spec) != kWholeFile) throw Unsupported(kWholeFilesOnly);
    Job job = start(spec, ctx);
    const auto& files = job.listing.files;
    std::vector<std::size_t> order;
    std::vector<HashResult> results;
    for (std::size_t first = 0; first < files.size() && !ctx.should_stop();) {
        std::vector<std::string> argv = {"xxhsum", "-H3", "--"};
        std::size_t end = first, arg_bytes = 0;
        for (; end < files.size() && (end == first || arg_bytes + files[end].path.size() < kArgBytes); ++end) {
            argv.push_back(files[end].path);
            arg_bytes += files[end].path.size() + 1;
        }
        const ChildRun child = run_child(argv, ctx);
        if (ctx.should_stop()) break;
        if (child.signal || (child.exit_code != 0 && child.exit_code != 1)) fail("xxhsum failed: " + child.failure());
        std::size_t pos = 0;
        for (std::size_t i = first; i < end; ++i) {
            order.push_back(i);
            HashResult r{true, 0, 0, {}};
            if (take_line(child.out, pos, files[i].path, r.hash)) {
                r.bytes = size_of(files[i].path);  // xxhsum read the whole file
                ctx.add_progress(r.bytes);
            } else {
                r = {false, 0, 0, files[i].path + ": xxhsum could not read it"};
            }
            results.push_back(std::move(r));
        }
        first = end;
    }
    return outcome_of(job, order, results);
}

}  // namespace

const Strategy xxhsum_strategy{
    .algorithm = "iterate",
    .name = "xxhsum",
    .description = "baseline: the system `xxhsum -H3` over the listed files as child processes (scope full only)",
    .uses = uses_nothing,
    .probe = probe,
    .run = run,
    .finish = finish,
    .takes = takes,
};

}  // namespace sfp::iterate
