#pragma once
// A file descriptor closed when it goes out of scope, for code that needs only open and close
// (io/file.hpp's File checks and describes a file to be read; this does neither).
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

namespace sfp {

class Fd {
public:
    // ::open(path, flags | O_CLOEXEC, mode); get() is negative when it failed (errno says why).
    Fd(const char* path, int flags, mode_t mode = 0600) : fd_(::open(path, flags | O_CLOEXEC, mode)) {}
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const noexcept { return fd_; }

private:
    int fd_;
};

}  // namespace sfp
