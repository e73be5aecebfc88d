#pragma once
// RAII file descriptor with the checks every strategy needs and errors that name the path.
#include <sys/types.h>

#include <ctime>

#include <cstddef>
#include <cstdint>
#include <string>

namespace sfp {

class File {
public:
    // Opens a regular file for reading. Directories, FIFOs, devices and sockets are refused
    // with a clear message (and a FIFO never blocks the open), and so is a file that reports
    // size 0 but has content (a kernel pseudo-file such as /proc/version): reading it by its
    // size would silently see nothing.
    static File open_read(const std::string& path, int extra_flags = 0);

    File() = default;
    File(File&& o) noexcept;
    File& operator=(File&& o) noexcept;
    File(const File&) = delete;
    File& operator=(const File&) = delete;
    ~File();

    int fd() const noexcept { return fd_; }
    const std::string& path() const noexcept { return path_; }
    std::uint64_t size() const noexcept { return size_; }  // when opened
    std::uint64_t current_size() const;                    // now (fstat): did it change?
    // How the file changed since it was opened: "" when its size and modification time are
    // as they were, else "shrank", "grew" or "was rewritten" (same size, new modification time).
    std::string change_since_open() const;
    const timespec& modified() const noexcept { return modified_; }  // when opened
    dev_t device() const noexcept { return dev_; }
    ino_t inode() const noexcept { return ino_; }

    // Reads until `n` bytes or end of file; returns the count. Retries EINTR; throws on error.
    std::size_t read_full(void* buf, std::size_t n);
    std::size_t pread_full(void* buf, std::size_t n, std::uint64_t offset);

private:
    File(int fd, std::string path);
    int fd_ = -1;
    std::string path_;
    std::uint64_t size_ = 0;
    timespec modified_{};
    dev_t dev_ = 0;
    ino_t ino_ = 0;
};

// True when both name the same file (same device and inode), e.g. a path given twice.
bool same_file(const File& a, const File& b) noexcept;

}  // namespace sfp
