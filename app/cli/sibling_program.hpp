#pragma once
// Running one of sfpbench's own programs in this process's place: sfpbench hands a command line it
// does not run itself to sfpbench-full, and sfpbench-full one that draws to sfpbench-draw.
#include <string>

namespace cli {

struct NotRun {
    int error;          // errno of the most telling failure
    std::string tried;  // the paths tried, ", " between them
};

// execv's `name` with `argv` (same process, arguments, streams, exit code), found beside this
// executable (build/bin) or in `from_bindir` relative to its directory (installed: LIBEXECDIR/sfpbench).
// A signal caught before ends the process with 128 + N; one arriving meanwhile stays pending through
// exec, for the program's own handler. Returns only when no path could be run.
NotRun run_instead(const std::string& name, const std::string& from_bindir, char** argv);

}  // namespace cli
