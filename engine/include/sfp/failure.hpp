#pragma once
// The one exception type the engine throws for expected failures (bad input, I/O errors).
#include <sys/types.h>

#include <stdexcept>
#include <string>

namespace sfp {

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The strategy cannot run on this input here (say, no FIEMAP on tmpfs): the run is
// `unsupported` with this reason, not an error.
struct Unsupported : Failure {
    using Failure::Failure;
};

// "what 'path': strerror(err)" — the shape of every I/O error message.
[[noreturn]] void fail_errno(const std::string& what, const std::string& path, int err);
[[noreturn]] void fail(const std::string& message);

// Throws when `err` is the process's or the system's descriptor limit (EMFILE, ENFILE): that is
// no property of the file, so a file is never skipped for it; the message names the limit.
void fail_if_out_of_descriptors(const std::string& path, int err);

// Why a thread or child process could not start when the answer was EAGAIN: the limit on
// processes and threads (ulimit -u, a cgroup's pids.max), named so the user can act on it.
inline constexpr const char* kProcessLimitReached =
    "the limit on processes and threads is reached (ulimit -u, or the cgroup's pids.max)";

// What a file of this st_mode is when it is not a regular one, for messages: "a directory",
// "a FIFO", "a character device", "a block device", "a socket", else "not a regular file".
const char* file_kind(mode_t mode);

}  // namespace sfp
