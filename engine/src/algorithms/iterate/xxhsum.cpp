// iterate/xxhsum — the baseline: the system `xxhsum -H3` over the listed files, as child
// processes under the same clock (whole files only: xxhsum cannot stop at a scope).
// xxhsum never opens a path itself: each listed file is opened here as every strategy opens it
// (no link followed, no FIFO waited on), checked to be a regular file, and handed over as an
// open descriptor ("/dev/fd/N"); a file whose size or modification time moved while xxhsum
// hashed it is reported as changed, never counted with bytes it did not have.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <string_view>
#include <utility>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/strategies.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"

namespace sfp::iterate {
namespace {

// Files per child: each is an open descriptor in both processes, well under RLIMIT_NOFILE's 1024.
constexpr std::size_t kFilesPerChild = 128;

Support probe() {
    if (find_on_path("xxhsum").empty()) return Support::no("`xxhsum` is not installed (package xxhash)");
    return Support::yes();
}

bool is_hex(std::string_view s) { return s.find_first_not_of("0123456789abcdef") == std::string_view::npos; }

// Reads the line xxhsum printed for `path` at `pos` — "XXH3 (path) = hex" (0.8.1) or
// "hex  path" — and advances pos. False when the line is not there: xxhsum could not read it
// and said so on its standard error instead.
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

// A listed file opened for xxhsum, with what fstat said before it was hashed.
struct Opened {
    int fd = -1;
    struct stat before {};
    Opened() = default;
    Opened(Opened&& o) noexcept : fd(std::exchange(o.fd, -1)), before(o.before) {}
    Opened& operator=(Opened&&) = delete;
    ~Opened() {
        if (fd >= 0) ::close(fd);
    }
};

// Opens the file the listing saw: a file replaced by a link (to /dev/zero, say), a FIFO or a
// directory since is an error result, never handed to xxhsum.
HashResult open_for_child(const std::string& path, Opened& file) {
    file.fd = open_listed(path);
    if (file.fd < 0) return open_failure(path, errno);
    if (fstat(file.fd, &file.before) != 0) return read_failure(path, std::strerror(errno));
    if (!S_ISREG(file.before.st_mode)) return read_failure(path, "no longer a regular file");
    return {true, 0, 0, {}};
}

// What xxhsum's hash of `file` is worth now that it finished: the file's bytes, or "changed".
HashResult settled(const std::string& path, const Opened& file, std::uint64_t hash) {
    struct stat after {};
    if (fstat(file.fd, &after) != 0) return read_failure(path, std::strerror(errno));
    if (after.st_size != file.before.st_size || after.st_mtim.tv_sec != file.before.st_mtim.tv_sec ||
        after.st_mtim.tv_nsec != file.before.st_mtim.tv_nsec)
        return read_failure(path, "changed while xxhsum hashed it");
    return {true, hash, std::uint64_t(after.st_size), {}};
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
        const std::size_t end = std::min(files.size(), first + kFilesPerChild);
        std::vector<Opened> opened(end - first);
        std::vector<HashResult> batch;
        std::vector<std::string> argv = {"xxhsum", "-H3", "--"};
        std::vector<int> inherit;
        for (std::size_t i = first; i < end; ++i) {
            batch.push_back(open_for_child(files[i].path, opened[i - first]));
            if (!batch.back().ok) continue;
            argv.push_back(inherited_path(inherit.size()));
            inherit.push_back(opened[i - first].fd);
        }
        ChildRun child;
        if (!inherit.empty()) {
            child = run_child(argv, ctx, std::numeric_limits<std::size_t>::max(), inherit);
            if (ctx.should_stop()) break;
            if (child.signal || (child.exit_code != 0 && child.exit_code != 1))
                fail("xxhsum failed: " + child.failure());
        }
        std::size_t pos = 0, handed = 0;
        for (std::size_t i = first; i < end; ++i) {
            HashResult& r = batch[i - first];
            if (r.ok) {
                std::uint64_t hash = 0;
                r = take_line(child.out, pos, inherited_path(handed++), hash)
                        ? settled(files[i].path, opened[i - first], hash)
                        : read_failure(files[i].path, "xxhsum could not read it");
                ctx.add_progress(r.bytes);
            }
            order.push_back(i);
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
    .probe = probe,
    .run = run,
    .finish = finish,
    .takes = takes,
};

}  // namespace sfp::iterate
