#include "io/atomic_output.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
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

void (*temporary_named_seam_for_tests)() = [] {};

namespace {

constexpr char kMarker[] = ".sfp-";
constexpr std::size_t kRandom = 6;  // mkostemp's XXXXXX
constexpr std::size_t kTag = 8;     // hex digits of temporary_tag

std::string directory_of(const std::string& target) {
    const std::size_t slash = target.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : target.substr(0, slash);
}

}  // namespace

namespace {

void lock(int fd) {
    while (flock(fd, LOCK_EX) != 0 && errno == EINTR) {}
}

// Six random letters and digits for a temporary's name (mkostemp's XXXXXX), from the kernel.
std::string random_letters() {
    static constexpr char kLetters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    unsigned char bytes[kRandom];
    if (getentropy(bytes, sizeof bytes) != 0)
        fail_errno("cannot draw a random name for a temporary", "getentropy", errno);
    std::string out;
    for (unsigned char b : bytes) out.push_back(kLetters[b % (sizeof kLetters - 1)]);
    return out;
}

// The temporary made with no name (O_TMPFILE), locked, and given its tagged name in one step
// (linkat): no instant where a kill leaves a file no sweep takes. Returns the descriptor and sets
// `path`, or -1 (errno set) where the filesystem has no O_TMPFILE.
int make_tagged_unnamed(const std::string& target, std::string& path) {
    const int fd = ::open(directory_of(target).c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    lock(fd);
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        errno = err;
        return -1;
    }
    const std::string self = "/proc/self/fd/" + std::to_string(fd);
    std::string pattern = temporary_pattern(target);
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string made = pattern.replace(pattern.size() - kRandom, kRandom, random_letters());
        const std::string marked = made + "-" + temporary_tag(made.substr(made.rfind('/') + 1), st.st_ino);
        if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, marked.c_str(), AT_SYMLINK_FOLLOW) == 0) {
            path = marked;
            return fd;
        }
        if (errno != EEXIST) break;
    }
    const int err = errno;
    ::close(fd);
    errno = err;
    return -1;
}

}  // namespace

AtomicOutput::AtomicOutput(const std::string& requested, Links links)
    : target_(resolve_output_target(requested, links).path) {
    sweep_stale_temporaries(directory_of(target_));  // what a killed writer left beside it
    fd_ = make_tagged_unnamed(target_, temp_);
    if (fd_ >= 0) {
        temporary_named_seam_for_tests();
        fchmod(fd_, 0644);  // as the fallback's, whatever the umask
        return;
    }
    // No O_TMPFILE here (or /proc not mounted for linkat): made under a plain name, locked, then
    // tagged -- a kill in the microseconds between leaves an untagged file no sweep takes.
    std::string made = temporary_pattern(target_);
    fd_ = mkostemp(made.data(), O_CLOEXEC);
    if (fd_ < 0) fail_errno("cannot write", requested, errno);  // the temporary beside it could not be made
    temporary_named_seam_for_tests();
    // Locked, then named as the tool's: a sweep never sees it unlocked under a name it would take.
    lock(fd_);
    try {
        temp_ = mark_temporary(made, fd_);
    } catch (...) {
        ::close(fd_);
        ::unlink(made.c_str());
        throw;
    }
    fchmod(fd_, 0644);
}

AtomicOutput::~AtomicOutput() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temp_.c_str());
}

TemporaryDirectory::TemporaryDirectory(const std::string& target) {
    std::string made = temporary_pattern(target);
    if (!::mkdtemp(made.data())) fail_errno("cannot create a directory beside", target, errno);
    lock_ = ::open(made.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (lock_ < 0) {
        const int err = errno;
        ::rmdir(made.c_str());
        fail_errno("cannot create a directory beside", target, err);
    }
    lock(lock_);
    try {  // locked before it is named as the tool's, so no sweep takes it meanwhile
        path_ = mark_temporary(made, lock_);
    } catch (...) {
        ::rmdir(made.c_str());
        ::close(lock_);
        throw;
    }
}

TemporaryDirectory::~TemporaryDirectory() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);  // nothing once it was renamed into place
    ::close(lock_);
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

std::string temporary_pattern(const std::string& target) {
    const std::size_t slash = target.rfind('/');
    const std::string dir = target.substr(0, slash + 1);
    std::string base = target.substr(slash + 1);
    // "." NAME ".sfp-" XXXXXX "-" TTTTTTTT
    const std::size_t room = NAME_MAX - 1 - (sizeof kMarker - 1) - kRandom - 1 - kTag;
    if (base.size() > room) base.resize(room);
    return dir + "." + base + kMarker + std::string(kRandom, 'X');
}

std::string temporary_tag(const std::string& unmarked_name, std::uint64_t inode) {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a, 64 bits
    auto add = [&h](unsigned char c) { h = (h ^ c) * 0x100000001b3ull; };
    for (char c : unmarked_name) add((unsigned char)c);
    for (int i = 0; i < 8; ++i) add((unsigned char)(inode >> (8 * i)));
    char tag[kTag + 1];
    std::snprintf(tag, sizeof tag, "%08llx", (unsigned long long)(h & 0xffffffffu));
    return tag;
}

std::string mark_temporary(const std::string& made, int fd) {
    struct stat st {};
    if (fstat(fd, &st) != 0) fail_errno("cannot write", made, errno);
    const std::string marked = made + "-" + temporary_tag(made.substr(made.rfind('/') + 1), st.st_ino);
    // RENAME_NOREPLACE: never over a file of that name; a filesystem without it gets a plain rename.
    int rc = renameat2(AT_FDCWD, made.c_str(), AT_FDCWD, marked.c_str(), RENAME_NOREPLACE);
    if (rc != 0 && errno == EINVAL) rc = std::rename(made.c_str(), marked.c_str());
    if (rc != 0) fail_errno("cannot write", made, errno);
    return marked;
}

bool is_temporary_name(const std::string& entry) {
    const std::size_t marker = entry.rfind(kMarker);
    const std::size_t dash = entry.size() - kTag - 1;
    return entry.size() > 1 && entry[0] == '.' && marker != std::string::npos && marker > 0 &&
           entry.size() == marker + (sizeof kMarker - 1) + kRandom + 1 + kTag && entry[dash] == '-' &&
           std::all_of(entry.begin() + std::ptrdiff_t(dash) + 1, entry.end(),
                       [](char c) { return std::isdigit((unsigned char)c) || (c >= 'a' && c <= 'f'); });
}

bool is_own_temporary(const std::string& entry, const struct stat& st) {
    const std::size_t dash = entry.size() - kTag - 1;
    return is_temporary_name(entry) && entry.substr(dash + 1) == temporary_tag(entry.substr(0, dash), st.st_ino);
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
        // Only the tool's own (its name tagged with its inode), and only when its writer is gone.
        if (fstat(fd, &st) == 0 && (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) &&
            is_own_temporary(path.substr(path.rfind('/') + 1), st) && flock(fd, LOCK_EX | LOCK_NB) == 0) {
            std::error_code ec;
            if (S_ISDIR(st.st_mode) ? std::filesystem::remove_all(path, ec) > 0 : ::unlink(path.c_str()) == 0)
                removed.push_back(path);
        }
        ::close(fd);
    }
    return removed;
}

}  // namespace sfp
