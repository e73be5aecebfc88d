#include "io/atomic_output.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "io/output_target.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

constexpr char kMarker[] = ".sfp-";
constexpr std::size_t kRandom = 6;  // mkostemp's XXXXXX

std::string directory_of(const std::string& target) {
    const std::size_t slash = target.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : target.substr(0, slash);
}

std::string temporary_pattern(const std::string& target) {
    const std::size_t slash = target.rfind('/');
    const std::string dir = target.substr(0, slash + 1);
    std::string base = target.substr(slash + 1);
    const std::size_t room = NAME_MAX - 1 - (sizeof kMarker - 1) - kRandom;  // "." NAME ".sfp-" XXXXXX
    if (base.size() > room) base.resize(room);
    return dir + "." + base + kMarker + std::string(kRandom, 'X');
}

}  // namespace

AtomicOutput::AtomicOutput(const std::string& requested) : target_(resolve_output_target(requested).path) {
    sweep_stale_temporaries(directory_of(target_));  // what a killed writer left beside it
    const std::string pattern = temporary_pattern(target_);
    for (;;) {
        std::vector<char> buf(pattern.begin(), pattern.end());
        buf.push_back('\0');
        fd_ = mkostemp(buf.data(), O_CLOEXEC);
        if (fd_ < 0) fail_errno("cannot write", requested, errno);  // the temporary beside it could not be made
        temp_ = buf.data();
        // Locked from now on, so a sweep knows we live. A sweep that found it before the lock
        // (it looked unowned) has removed it by the time we get the lock: then make another.
        while (flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
        }
        struct stat st {};
        if (fstat(fd_, &st) == 0 && st.st_nlink > 0) break;
        ::close(fd_);
    }
    fchmod(fd_, 0644);
}

AtomicOutput::~AtomicOutput() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temp_.c_str());
}

void reserve_space(int fd, std::uint64_t size, const std::string& path) {
    if (size == 0) return;
    const int rc = posix_fallocate(fd, 0, off_t(size));  // the error is the return value, not errno
    if (rc != 0) fail("cannot reserve " + byte_count(size) + " for '" + path + "': " + std::strerror(rc));
}

void AtomicOutput::reserve(std::uint64_t size) { reserve_space(fd_, size, target_); }

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

void AtomicOutput::commit(bool durable) {
    if (durable && fsync(fd_) != 0) fail_errno("cannot write", target_, errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail_errno("cannot write", target_, errno);
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail_errno("cannot replace", target_, errno);
    committed_ = true;
}

bool is_temporary_name(const std::string& entry) {
    const std::size_t marker = entry.rfind(kMarker);
    return entry.size() > 1 && entry[0] == '.' && marker != std::string::npos && marker > 0 &&
           entry.size() == marker + (sizeof kMarker - 1) + kRandom;
}

std::vector<std::string> sweep_stale_temporaries(const std::string& dir) {
    std::vector<std::string> stale;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const dirent* entry = ::readdir(d))
            if (is_temporary_name(entry->d_name)) stale.push_back(dir + "/" + entry->d_name);
        ::closedir(d);
    }
    std::vector<std::string> removed;
    for (const std::string& path : stale) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st {};
        // A lock we can take means its writer is gone; a live writer holds it.
        if (fstat(fd, &st) == 0 && (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) && flock(fd, LOCK_EX | LOCK_NB) == 0) {
            std::error_code ec;
            if (S_ISDIR(st.st_mode) ? std::filesystem::remove_all(path, ec) > 0 : ::unlink(path.c_str()) == 0)
                removed.push_back(path);
        }
        ::close(fd);
    }
    return removed;
}

}  // namespace sfp
