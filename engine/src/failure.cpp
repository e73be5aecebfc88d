#include "sfp/failure.hpp"

#include <sys/resource.h>
#include <sys/stat.h>

#include <cerrno>

#include <cstring>

namespace sfp {

void fail_errno(const std::string& what, const std::string& path, int err) {
    throw Failure(what + " '" + path + "': " + std::strerror(err));
}

void fail(const std::string& message) { throw Failure(message); }

void fail_if_out_of_descriptors(const std::string& path, int err) {
    if (err != EMFILE && err != ENFILE) return;
    rlimit nofile{};
    getrlimit(RLIMIT_NOFILE, &nofile);
    throw Failure("cannot open '" + path + "': " + std::strerror(err) + " (the limit on open files, `ulimit -n`, is " +
                  std::to_string(nofile.rlim_cur) + "; raise it: this strategy keeps files open side by side)");
}

const char* file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

}  // namespace sfp
