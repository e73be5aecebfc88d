#include "sfp/failure.hpp"

#include <sys/stat.h>

#include <cstring>

namespace sfp {

void fail_errno(const std::string& what, const std::string& path, int err) {
    throw Failure(what + " '" + path + "': " + std::strerror(err));
}

void fail(const std::string& message) { throw Failure(message); }

const char* file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

}  // namespace sfp
