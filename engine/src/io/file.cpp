#include "io/file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include "io/kernel_filesystem.hpp"
#include "io/read_loop.hpp"
#include "sfp/failure.hpp"

namespace sfp {
File::File(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

File File::open_read(const std::string& path, int extra_flags) {
    // O_NONBLOCK so that opening a FIFO cannot hang; cleared again below for regular files.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | extra_flags);
    if (fd < 0) fail_errno("cannot open", path, errno);
    File f(fd, path);
    struct stat st {};
    if (fstat(fd, &st) != 0) fail_errno("cannot stat", path, errno);
    if (!S_ISREG(st.st_mode)) fail("cannot read '" + path + "': it is " + file_kind(st.st_mode));
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) fail_errno("cannot set flags on", path, errno);
    if (st.st_size == 0) {
        char probe = 0;
        const ssize_t got = ::pread(fd, &probe, 1, 0);
        if (got > 0)
            fail("cannot read '" + path +
                 "': its size is reported as 0 but it has content (a kernel "
                 "pseudo-file such as /proc or /sys); copy it to a regular file first");
    }
    if (const char* fs = kernel_pseudo_filesystem(fd))
        fail("cannot read '" + path + "': it is a kernel pseudo-file (" + fs +
             "), whose reported size says nothing about its content; copy it to a regular file first");
    f.size_ = std::uint64_t(st.st_size);
    f.modified_ = st.st_mtim;
    f.dev_ = st.st_dev;
    f.ino_ = st.st_ino;
    return f;
}

File::File(File&& o) noexcept
    : fd_(std::exchange(o.fd_, -1)), path_(std::move(o.path_)), size_(o.size_), modified_(o.modified_), dev_(o.dev_),
      ino_(o.ino_) {}

File& File::operator=(File&& o) noexcept {
    if (this != &o) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(o.fd_, -1);
        path_ = std::move(o.path_);
        size_ = o.size_;
        modified_ = o.modified_;
        dev_ = o.dev_;
        ino_ = o.ino_;
    }
    return *this;
}

File::~File() {
    if (fd_ >= 0) ::close(fd_);
}

std::uint64_t File::current_size() const {
    struct stat st {};
    if (fstat(fd_, &st) != 0) fail_errno("cannot stat", path_, errno);
    return std::uint64_t(st.st_size);
}

std::string File::change_since_open() const {
    struct stat st {};
    if (fstat(fd_, &st) != 0) fail_errno("cannot stat", path_, errno);
    if (std::uint64_t(st.st_size) < size_) return "shrank";
    if (std::uint64_t(st.st_size) > size_) return "grew";
    if (st.st_mtim.tv_sec != modified_.tv_sec || st.st_mtim.tv_nsec != modified_.tv_nsec) return "was rewritten";
    return {};
}

std::size_t File::read_full(void* buf, std::size_t n) {
    char* const dst = static_cast<char*>(buf);
    return read_at_least(n, path_, [&](std::size_t got) { return ::read(fd_, dst + got, n - got); });
}

std::size_t File::pread_full(void* buf, std::size_t n, std::uint64_t offset) {
    char* const dst = static_cast<char*>(buf);
    return read_at_least(n, path_,
                         [&](std::size_t got) { return ::pread(fd_, dst + got, n - got, off_t(offset + got)); });
}

bool same_file(const File& a, const File& b) noexcept { return a.device() == b.device() && a.inode() == b.inode(); }

}  // namespace sfp
