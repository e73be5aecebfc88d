// Small files from the device: open + read + close of every file of a generated tree (the size
// mix iterate's default data has), evicted from the page cache before each repetition.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>

#include "io/fd.hpp"
#include "limits/measurements.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp::limits {
namespace {

constexpr unsigned kThreads = 32;  // enough requests in flight to keep a device busy
constexpr const char* kMix = "small";
constexpr std::size_t kBuffer = 1 << 20;

std::vector<std::string> files_under(const std::string& dir) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file()) out.push_back(e.path().string());
    return out;
}

// Only the files' data leaves the cache (their inodes stay), as `run --cache cold` leaves a tree.
// Dirty pages cannot be dropped: written out first (the file's data only, no device flush; a
// no-op once they are clean), not with syncfs, which would wait for everyone's writes.
void evict(const std::vector<std::string>& files) {
    for (const std::string& path : files) {
        const Fd fd(path.c_str(), O_RDONLY);
        if (fd.get() < 0) fail_errno("cannot open", path, errno);
        ::sync_file_range(fd.get(), 0, 0, SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
        ::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_DONTNEED);
    }
}

double read_all(const std::vector<std::string>& files, const Bench& bench) {
    std::atomic<std::size_t> next{0};
    return on_threads(kThreads, [&](unsigned) {
        std::vector<char> buffer(kBuffer);
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < files.size();) {
            bench.check();
            const int fd = ::open(files[i].c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0) fail_errno("cannot open", files[i], errno);
            ssize_t n;
            while ((n = ::read(fd, buffer.data(), buffer.size())) > 0) {}
            const int err = errno;
            ::close(fd);
            if (n < 0) fail_errno("cannot read", files[i], err);
        }
    });
}

}  // namespace

Limit small_files_cold(Fixtures& f) {
    const std::string dir = f.scratch().path("tree");
    const std::uint64_t expected = f.budget().small_files * 50 * 1024 * 3 / 2;  // the mix's mean, with room
    require_free_space(f.scratch().dir(), expected);
    const TreeSummary tree = generate_tree(dir, f.budget().small_files, kMix, 1, &f.bench().cancel);
    f.bench().check();
    const std::vector<std::string> files = files_under(dir);
    Limit l{.id = LimitId::small_files_cold};
    l.points = {{kThreads, repeat(f.bench(), double(tree.bytes), [&] {
                     evict(files);
                     return read_all(files, f.bench());
                 })}};
    l.bytes_per_file = files.empty() ? 0 : double(tree.bytes) / double(files.size());
    l.method = "open + read + close of " + std::to_string(files.size()) + " files (iterate's '" + kMix +
               "' mix, mean " + size_words(std::uint64_t(l.bytes_per_file)) + ", " + size_words(tree.bytes) +
               " in all) by " + std::to_string(kThreads) + " threads, their data evicted before each repetition";
    return l;
}

}  // namespace sfp::limits
