#include "sfp/failure.hpp"

#include <cstring>

namespace sfp {

void fail_errno(const std::string& what, const std::string& path, int err) {
    throw Failure(what + " '" + path + "': " + std::strerror(err));
}

void fail(const std::string& message) { throw Failure(message); }

}  // namespace sfp
