// The checks that would otherwise surface only as failed runs after a long matrix: each
// problem found without running or generating anything, all of them at once.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <set>

#include "io/file.hpp"
#include "io/kernel_filesystem.hpp"
#include "runner/plan.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/plan.hpp"
#include "sfp/registry.hpp"
#include "sfp/workspace.hpp"

namespace sfp {
namespace {

// Options a strategy refuses (cipher's direct with a mapped strategy), judged per planned cell
// as its runs would get them: one problem per distinct refusal, however many cells share it.
void check_strategy_options(const runner::Plan& plan, std::vector<Problem>& problems) {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < plan.cells.size(); ++i) {
        const Strategy& s = *plan.strategy_of[i];
        if (!s.check) continue;
        try {
            s.check(runner::spec_of_cell(plan, plan.cells[i]));
        } catch (const Failure& f) {
            if (seen.insert(f.what()).second) problems.push_back({"options", f.what()});
        }
    }
}

// Each given input must be what the algorithm's input kind reads (a file, a directory).
void check_inputs(const Experiment& e, const AlgorithmIo& io, std::vector<Problem>& problems) {
    const InputKind* kind = find_input_kind(io.data_kind);
    for (std::size_t i = 0; i < e.inputs.size(); ++i) {
        try {
            if (io.check_input)
                io.check_input(e.inputs[i]);
            else if (kind)
                kind->check(e.inputs[i]);
            else
                File::open_read(e.inputs[i]);
        } catch (const Failure& f) {
            problems.push_back({"inputs[" + std::to_string(i) + "]", f.what()});
        }
    }
}

// `path`, or the nearest of its parents that exists.
std::string nearest_existing(std::string path) {
    struct stat st {};
    while (stat(path.c_str(), &st) != 0) {
        const std::size_t slash = path.rfind('/');
        path = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    }
    return path;
}

// The workspace must be a directory or creatable as one; generated data must fit in it.
void check_workspace(const Experiment& e, const AlgorithmIo& io, std::vector<Problem>& problems) {
    if (e.sizes.empty() && !io.writes_output) return;
    const std::string dir = e.workdir.empty() ? default_workdir() : e.workdir;
    struct stat st {};
    if (stat(dir.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            problems.push_back({"workdir", "'" + dir + "' is not a directory"});
            return;
        }
    } else if (errno != ENOENT) {
        problems.push_back({"workdir", "cannot use '" + dir + "': " + std::strerror(errno)});
        return;
    }
    // Written into (or made inside its nearest existing parent): a read-only one is refused
    // now, not run by run.
    const std::string at = nearest_existing(dir);
    if (faccessat(AT_FDCWD, at.c_str(), W_OK | X_OK, AT_EACCESS) != 0) {
        problems.push_back({"workdir", "cannot write in '" + at + "': " + std::strerror(errno)});
        return;
    }
    if (e.sizes.empty()) return;
    const std::string kind = e.data_kind.empty() ? std::string(io.data_kind) : e.data_kind;
    if (!find_input_kind(kind)) return;  // not reached: check_experiment refuses an unknown kind
    try {
        const std::uint64_t needed = bytes_to_generate(dir, kind, e.sizes, e.seed);
        const std::optional<std::uint64_t> free = free_bytes(dir);  // none stated (ramfs): it grows
        if (free && needed > *free)
            problems.push_back({"sizes", "generating the inputs needs " + byte_count(needed) + ", but only " +
                                             byte_count(*free) + (*free == 1 ? " is" : " are") + " free in '" + dir +
                                             "'"});
    } catch (const Failure& f) {
        problems.push_back({"workdir", f.what()});
    }
}

// A cold run evicts its inputs first; on tmpfs or ramfs the pages are the files themselves and
// stay, so every run would read them hot while the report says cold: refused, naming the path.
void check_cold_cache(const Experiment& e, std::vector<Problem>& problems) {
    if (e.cache != CacheMode::cold) return;
    const auto refuse_on_memory = [&](const std::string& field, const std::string& path, const std::string& what) {
        if (const char* fs = memory_filesystem(path))
            problems.push_back({field, "--cache cold cannot evict " + what + " '" + path + "': it is on " + fs +
                                           ", where the pages are the files themselves (use --cache hot, or a disk)"});
    };
    for (std::size_t i = 0; i < e.inputs.size(); ++i)
        refuse_on_memory("inputs[" + std::to_string(i) + "]", e.inputs[i], "the input");
    if (!e.sizes.empty())
        refuse_on_memory("workdir", nearest_existing(e.workdir.empty() ? default_workdir() : e.workdir),
                         "the inputs generated in");
}

}  // namespace

// sfp::plan's problems, without resolving the matrix unless a strategy judges its options per
// cell: resolving lists given input trees, and the window asks at every change of its form.
std::vector<Problem> preflight(const Experiment& e) {
    std::vector<Problem> problems = check_experiment(e);
    if (!algorithm_io(e.algorithm)) return problems;  // nothing more can be judged
    const auto judges = [&](const Strategy& s) { return s.algorithm == e.algorithm && s.check; };
    std::optional<runner::Plan> plan;
    if (problems.empty() && std::ranges::any_of(strategies(), judges)) {
        try {
            plan = runner::resolve(e, strategies());
        } catch (const Failure&) {
            // the given inputs' sizes could not be listed: check_files names them
        }
    }
    runner::check_files(e, plan ? &*plan : nullptr, problems);
    return problems;
}

namespace runner {

void check_files(const Experiment& e, const Plan* plan, std::vector<Problem>& problems) {
    const AlgorithmIo* io = algorithm_io(e.algorithm);
    if (!io) return;  // nothing more can be judged
    if (plan) check_strategy_options(*plan, problems);
    check_inputs(e, *io, problems);
    check_workspace(e, *io, problems);
    check_cold_cache(e, problems);
}

}  // namespace runner

}  // namespace sfp
