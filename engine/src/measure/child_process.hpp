#pragma once
// Baselines such as cmp and cp run as child processes under the same clock as the engine.
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace sfp {

class RunContext;

struct ChildRun {
    int exit_code = -1;    // when it exited normally
    int signal = 0;        // when a signal ended it
    bool cut_off = false;  // we closed its output after max_lines, as `| head` would
    std::string out, err;

    // Why it failed, for an error message: its last stderr text, the signal, or the exit status.
    std::string failure() const;
};

// Full path of `program` on $PATH (a name with a '/' as it is), or "" when it is not installed.
std::string find_on_path(const std::string& program);

// Runs argv[0] (looked up on $PATH) with stdin from /dev/null. Keeps at most max_lines lines of
// its standard output and then closes the pipe (the child gets SIGPIPE, as under `| head`).
// Polls the run's cancel flag and kills the child's process group (its own) when set. What the child spent (its exact
// CPU time, rusage, storage I/O) is added to ctx. Throws sfp::Failure when it cannot be started. `inherit`: open
// descriptors the child gets as 3, 4, ... (name them inherited_path(i)), so it reads the very files we opened and
// checked, not whatever a path names by the time it looks.
ChildRun run_child(const std::vector<std::string>& argv, RunContext& ctx,
                   std::size_t max_lines = std::numeric_limits<std::size_t>::max(),
                   const std::vector<int>& inherit = {});

// "/dev/fd/N": the path under which the child opens inherit[i] again (the same open file).
std::string inherited_path(std::size_t i);

}  // namespace sfp
