#include "io/page_cache.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <memory>

#include "io/kernel_filesystem.hpp"

namespace sfp::page_cache {
namespace {

// A plain fd closer: these helpers report trouble by their results, never by throwing.
struct Fd {
    int fd;
    explicit Fd(const std::string& path) : fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)) {}
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
};

bool regular_file(int fd, std::uint64_t& size, dev_t* device = nullptr) {
    struct stat st {};
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    size = std::uint64_t(st.st_size);
    if (device) *device = st.st_dev;
    return true;
}

// The memory filesystem (tmpfs, ramfs) a file is on, or nullptr; asked once per device in a row,
// as a tree's files share a few.
class MemoryFilesystems {
public:
    const char* of(int fd, dev_t device) {
        if (!asked_ || device != device_) {
            name_ = memory_filesystem(fd);
            device_ = device;
            asked_ = true;
        }
        return name_;
    }

private:
    bool asked_ = false;
    dev_t device_{};
    const char* name_ = nullptr;
};

// The kernel's rule (mm/mincore.c, can_do_mincore): owner, or permission to write.
bool mincore_tells_truth(const std::string& path, int fd) {
    struct stat st {};
    if (fstat(fd, &st) != 0) return false;
    return geteuid() == 0 || st.st_uid == geteuid() || ::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) == 0;
}

// Counts resident pages window by window, so a huge file needs only a small vector.
bool count_resident(int fd, std::uint64_t size, std::uint64_t& resident, std::uint64_t& total) {
    const std::uint64_t page = std::uint64_t(sysconf(_SC_PAGESIZE));
    constexpr std::uint64_t kWindow = 1ull << 30;
    std::vector<unsigned char> vec;
    for (std::uint64_t off = 0; off < size; off += kWindow) {
        const std::size_t len = std::size_t(std::min(kWindow, size - off));
        void* map = ::mmap(nullptr, len, PROT_READ, MAP_SHARED, fd, off_t(off));
        if (map == MAP_FAILED) return false;
        vec.resize((len + page - 1) / page);
        const bool ok = ::mincore(map, len, vec.data()) == 0;
        ::munmap(map, len);
        if (!ok) return false;
        for (unsigned char v : vec) resident += v & 1;
        total += vec.size();
    }
    return true;
}

bool drop_all_caches() {
    const int fd = ::open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::write(fd, "1", 1) == 1;  // 1 = clean page cache only
    ::close(fd);
    return ok;
}

struct Count {
    bool known = true;  // false once some file's residency can't be read
    std::uint64_t resident = 0, pages = 0;
    // The same of the files that have a page cache to evict from (not on tmpfs, ramfs: there
    // the pages are the files): only they may call for dropping the machine's caches.
    bool evictable_known = true;
    std::uint64_t evictable_resident = 0, evictable_pages = 0;
    std::string in_memory, in_memory_fs;  // the first file whose pages are its storage, its filesystem
};

const std::atomic<bool> kNeverCancelled{false};

Count count(const std::vector<std::string>& paths, const std::atomic<bool>& cancel = kNeverCancelled) {
    Count c;
    MemoryFilesystems memory;
    const std::uint64_t page = std::uint64_t(sysconf(_SC_PAGESIZE));
    for (const std::string& path : paths) {
        if (cancel.load(std::memory_order_relaxed)) {
            Count stopped;
            stopped.known = stopped.evictable_known = false;
            return stopped;
        }
        const Fd file(path);
        std::uint64_t size = 0;
        dev_t device{};
        if (!regular_file(file.fd, size, &device)) {
            c.known = c.evictable_known = false;
            continue;
        }
        std::uint64_t resident = 0, pages = 0;
        bool known = true;
        if (!mincore_tells_truth(path, file.fd) || !count_resident(file.fd, size, resident, pages)) {
            known = false;
            pages = (size + page - 1) / page;
        }
        c.known &= known;
        c.resident += resident;
        c.pages += pages;
        if (const char* fs = memory.of(file.fd, device)) {
            if (c.in_memory.empty()) c.in_memory = path, c.in_memory_fs = fs;
            continue;
        }
        c.evictable_known &= known;
        c.evictable_resident += resident;
        c.evictable_pages += pages;
    }
    return c;
}

double pct(const Count& c) {
    if (!c.known || c.pages == 0) return -1;
    return 100.0 * double(c.resident) / double(c.pages);
}

}  // namespace

double residency_pct(const std::vector<std::string>& paths) { return pct(count(paths)); }

Eviction evict(const std::vector<std::string>& paths) { return evict(paths, kNeverCancelled); }

Eviction evict(const std::vector<std::string>& paths, const std::atomic<bool>& cancel) {
    for (const std::string& path : paths) {
        if (cancel.load(std::memory_order_relaxed))
            return {kFadviseMethod, -1, {}, {}};  // a 100,000-file tree takes seconds
        const Fd file(path);
        std::uint64_t size = 0;
        if (!regular_file(file.fd, size)) continue;  // the run itself will report the problem
        ::fdatasync(file.fd);
        ::posix_fadvise(file.fd, 0, 0, POSIX_FADV_DONTNEED);
    }
    // Dropping every cache on the machine is a big hammer: only when the polite way fell short
    // (pages left, or no way to tell) of files that have a page cache, and we are allowed to
    // (root). A file on tmpfs keeps its pages whatever is dropped: never a reason to drop.
    const Count left = count(paths, cancel);
    if (cancel.load(std::memory_order_relaxed)) return {kFadviseMethod, -1, {}, {}};
    if (left.evictable_pages > 0 && (!left.evictable_known || left.evictable_resident > 0) && drop_all_caches())
        return {kDropCachesMethod, residency_pct(paths), left.in_memory, left.in_memory_fs};
    return {kFadviseMethod, pct(left), left.in_memory, left.in_memory_fs};
}

void warm(const std::vector<std::string>& paths, const std::atomic<bool>& cancel) {
    constexpr std::size_t kChunk = 1u << 20;
    const auto buf = std::make_unique_for_overwrite<char[]>(kChunk);
    for (const std::string& path : paths) {
        const Fd file(path);
        std::uint64_t size = 0;
        if (!regular_file(file.fd, size)) continue;
        ::posix_fadvise(file.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
        while (!cancel.load(std::memory_order_relaxed)) {
            const ssize_t n = ::read(file.fd, buf.get(), kChunk);
            if (n > 0) continue;
            if (n < 0 && errno == EINTR) continue;
            break;
        }
    }
}

std::string settle_as_read(const std::vector<std::string>& paths, const std::atomic<bool>& cancel) {
    std::string method = evict(paths, cancel).method;
    warm(paths, cancel);
    return method;
}

}  // namespace sfp::page_cache
