#include "io/atomic_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <vector>

#include "sfp/failure.hpp"

namespace sfp {

AtomicOutput::AtomicOutput(std::string target) : target_(std::move(target)) {
    const std::size_t slash = target_.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : target_.substr(0, slash + 1);
    const std::string base = slash == std::string::npos ? target_ : target_.substr(slash + 1);
    std::string pattern = (slash == std::string::npos ? "" : dir) + "." + base + ".sfp-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    fd_ = mkostemp(buf.data(), O_CLOEXEC);
    if (fd_ < 0) fail_errno("cannot create a file in", dir, errno);
    temp_ = buf.data();
    fchmod(fd_, 0644);
}

AtomicOutput::~AtomicOutput() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temp_.c_str());
}

void AtomicOutput::write_all(const void* data, std::size_t n) {
    const char* p = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t w = ::write(fd_, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            fail_errno("cannot write", target_, errno);
        }
        p += w;
        n -= std::size_t(w);
    }
}

void AtomicOutput::commit() {
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail_errno("cannot write", target_, errno);
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail_errno("cannot replace", target_, errno);
    committed_ = true;
}

}  // namespace sfp
