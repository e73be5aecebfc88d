// Small files: open + read + close of every file of a tree of the size mix iterate's generated
// trees have, evicted from the page cache before each repetition (cold), or cached, in passes
// over windows of the tree (hot: what a tree pays per file that no single file's read pays).
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>

#include "io/fd.hpp"
#include "io/page_cache.hpp"
#include "limits/measurements.hpp"
#include "limits/passes.hpp"
#include "sfp/failure.hpp"

namespace sfp::limits {
namespace {

constexpr unsigned kColdThreads = 32;  // enough requests in flight to keep a device busy
constexpr std::size_t kBuffer = 1 << 20;
constexpr std::size_t kHotBuffer = 256 << 10;  // stays in L2: the copy, not the buffer, is timed

// Only the files' data leaves the cache (their inodes stay), as `run --cache cold` leaves a tree.
// Dirty pages cannot be dropped: written out first (the file's data only, no device flush; a
// no-op once they are clean), not with syncfs, which would wait for everyone's writes.
void evict(const std::vector<std::string>& files) {
    for (const std::string& path : files) {
        const Fd fd(path.c_str(), O_RDONLY);
        if (fd.get() < 0) fail_errno("cannot open", path, errno);
        ::sync_file_range(fd.get(), 0, 0,
                          SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
        ::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_DONTNEED);
    }
}

// open + read to the end + close. A read shorter than asked ends it: at the end of a regular
// file, where a reader looping to a read of 0 pays one call more (the least work is the ceiling).
void read_file(const std::string& path, std::vector<char>& buffer) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail_errno("cannot open", path, errno);
    ssize_t n;
    while ((n = ::read(fd, buffer.data(), buffer.size())) == ssize_t(buffer.size())) {}
    const int err = errno;
    ::close(fd);
    if (n < 0) fail_errno("cannot read", path, err);
}

double read_all(const std::vector<std::string>& files, const Bench& bench) {
    std::atomic<std::size_t> next{0};
    return on_threads(kColdThreads, [&](unsigned) {
        std::vector<char> buffer(kBuffer);
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < files.size();) {
            bench.check();
            read_file(files[i], buffer);
        }
    });
}

std::string tree_words(const Fixtures::Tree& tree) {
    const double mean = tree.files.empty() ? 0 : double(tree.bytes) / double(tree.files.size());
    return std::to_string(tree.files.size()) + " files (iterate's '" + tree.mix + "' mix, mean " +
           size_words(std::uint64_t(mean)) + ", " + size_words(tree.bytes) + " in all)";
}

}  // namespace

Limit small_files_cold(Fixtures& f) {
    const Fixtures::Tree& tree = f.small_tree();
    Limit l{.id = LimitId::small_files_cold};
    l.points = {{kColdThreads, repeat(f.bench(), double(tree.bytes), [&] {
                     evict(tree.files);
                     return read_all(tree.files, f.bench());
                 })}};
    l.bytes_per_file = tree.files.empty() ? 0 : double(tree.bytes) / double(tree.files.size());
    l.method = "open + read + close of " + tree_words(tree) + " by " + std::to_string(kColdThreads) +
               " threads, their data evicted before each repetition";
    return l;
}

Limit small_files_hot(Fixtures& f) {
    const Fixtures::Tree& tree = f.small_tree();
    page_cache::settle_as_read(tree.files, f.bench().cancel);  // as `run --cache hot` prepares a tree
    f.bench().check();
    std::vector<std::vector<char>> buffers(f.budget().threads.back(), std::vector<char>(kHotBuffer));
    Limit l{.id = LimitId::small_files_hot};
    l.points = passes_by_threads(f.bench(), [&](unsigned threads, unsigned k) {
        const FileRange w = file_window(f.budget(), tree.sizes, threads, k);
        return timed_pass(w.bytes, threads, [&](unsigned i) {
            const Range r = stripe(w.end - w.begin, threads, i, 1);
            for (std::size_t j = w.begin + r.begin; j < w.begin + r.end; ++j) read_file(tree.files[j], buffers[i]);
        });
    });
    l.bytes_per_file = tree.files.empty() ? 0 : double(tree.bytes) / double(tree.files.size());
    l.method =
        "open + read + close of the cached files of " + tree_words(tree) +
        ", evicted and read once as `run --cache hot` leaves a tree, each thread its share of a window of files " +
        passes_words(f.budget()) + "; " + threads_words(f.budget().threads);
    return l;
}

}  // namespace sfp::limits
