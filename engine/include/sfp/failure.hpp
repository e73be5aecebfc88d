#pragma once
// The one exception type the engine throws for expected failures (bad input, I/O errors).
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

}  // namespace sfp
