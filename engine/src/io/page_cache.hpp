#pragma once
// Page-cache control for hot and cold runs, and residency (how much of a file is in memory).
#include <atomic>
#include <string>
#include <vector>

namespace sfp::page_cache {

// Percent of the files' pages resident in the page cache, or -1 when the OS will not say:
// mincore tells the truth only to the file's owner or someone who may write it (for others
// the kernel claims every page is resident), and a missing or empty file has no answer.
double residency_pct(const std::vector<std::string>& paths);

// Evicts the files: fdatasync (dirty pages cannot be dropped), then posix_fadvise(DONTNEED).
// Where pages remain (or residency can't be read) and /proc/sys/vm/drop_caches is writable
// (root), drops the clean page cache system-wide too -- never for files on tmpfs or ramfs,
// whose pages are their storage and stay whatever is dropped. Never throws. Eviction checks
// itself by counting what is left, so it returns that count: a cold run's residency needs no
// second read.
struct Eviction {
    std::string method;                   // kFadviseMethod or kDropCachesMethod
    double residency_pct = -1;            // of the files just after, as residency_pct() says it
    std::string in_memory, in_memory_fs;  // the first file on tmpfs, ramfs..., and that filesystem's name; or ""
};
Eviction evict(const std::vector<std::string>& paths);
// The same, stopping between files once `cancel` is set (then residency -1: not counted).
Eviction evict(const std::vector<std::string>& paths, const std::atomic<bool>& cancel);

// Reads the files once, so the next run finds them cached. Stops early when `cancel` is set.
void warm(const std::vector<std::string>& paths, const std::atomic<bool>& cancel);

// The state of a file just read from disk, the same on every machine and after any history:
// evicted, then read once sequentially with read(), so read-ahead fills the cache (with large
// folios where the filesystem supports them). Returns the eviction method used.
std::string settle_as_read(const std::vector<std::string>& paths, const std::atomic<bool>& cancel);

inline constexpr const char* kFadviseMethod = "posix_fadvise(DONTNEED)";
inline constexpr const char* kDropCachesMethod = "posix_fadvise(DONTNEED) + /proc/sys/vm/drop_caches";

}  // namespace sfp::page_cache
