// The checks that would otherwise surface only as failed runs after a long matrix: each
// problem found without running or generating anything, all of them at once.
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "io/file.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/workspace.hpp"

namespace sfp {
namespace {

// Every option must be a parameter of the table (other than block size and threads, which have
// fields of their own) with a value of its type; the algorithm then judges what the table cannot.
void check_options(const Experiment& e, const AlgorithmIo& io, std::vector<Problem>& problems) {
    bool all_good = true;
    for (const auto& [key, value] : e.options) {
        const Parameter* p = find_parameter(e.algorithm, key);
        if (!p || p->used_by != uses_nothing) {
            std::string known;
            for (const Parameter& q : io.parameters)
                if (q.used_by == uses_nothing) known += (known.empty() ? "" : ", ") + std::string(q.name);
            problems.push_back({"options", "unknown " + e.algorithm + " option '" + key + "' (known: " +
                                               (known.empty() ? "none" : known) + ")"});
            all_good = false;
        } else if (const ParsedValue parsed = parse_value(*p, value); !parsed.error.empty()) {
            problems.push_back({"options." + key, "option " + key + ": " + parsed.error});
            all_good = false;
        }
    }
    if (!all_good || !io.check_options) return;
    RunSpec spec;
    spec.algorithm = e.algorithm;
    spec.options = e.options;
    try {
        io.check_options(spec);
    } catch (const Failure& f) {
        problems.push_back({"options", f.what()});
    }
}

// Each given input must be what the algorithm's input kind reads (a file, a directory).
void check_inputs(const Experiment& e, const AlgorithmIo& io, std::vector<Problem>& problems) {
    const InputKind* kind = find_input_kind(io.data_kind);
    for (std::size_t i = 0; i < e.inputs.size(); ++i) {
        try {
            if (io.check_input) io.check_input(e.inputs[i]);
            else if (kind) kind->check(e.inputs[i]);
            else File::open_read(e.inputs[i]);
        } catch (const Failure& f) {
            problems.push_back({"inputs[" + std::to_string(i) + "]", f.what()});
        }
    }
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
    if (e.sizes.empty()) return;
    const std::string kind = e.data_kind.empty() ? std::string(io.data_kind) : e.data_kind;
    if (!find_input_kind(kind)) return;  // check_experiment names an unknown kind
    try {
        const std::uint64_t needed = bytes_to_generate(dir, kind, e.sizes, e.seed);
        const std::uint64_t free = free_bytes(dir);
        if (needed > free)
            problems.push_back({"sizes", "generating the inputs needs " + std::to_string(needed) + " bytes, but only " +
                                             std::to_string(free) + " bytes are free in '" + dir + "'"});
    } catch (const Failure& f) {
        problems.push_back({"workdir", f.what()});
    }
}

}  // namespace

std::vector<Problem> preflight(const Experiment& e) {
    std::vector<Problem> problems;
    const AlgorithmIo* io = algorithm_io(e.algorithm);
    if (!io) return {{"algorithm", "unknown algorithm '" + e.algorithm + "'"}};
    check_options(e, *io, problems);
    check_inputs(e, *io, problems);
    check_workspace(e, *io, problems);
    return problems;
}

}  // namespace sfp
