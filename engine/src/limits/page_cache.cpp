// The page cache's ceilings: the read() copy out of it, scans of a mapped cached file in large
// and in small folios, and write() of a new file into it.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "io/aligned_buffer.hpp"
#include "io/fd.hpp"
#include "io/file.hpp"
#include "io/large_folios.hpp"
#include "io/mapping.hpp"
#include "limits/measurements.hpp"
#include "measure/clock.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/failure.hpp"

namespace sfp::limits {
namespace {

constexpr std::size_t kReadBlock = 256 << 10;   // stays in L2: the copy, not the buffer, is timed
constexpr std::size_t kWriteBlock = 1 << 20;
constexpr std::size_t kSmallWrite = 4096;       // what leaves small folios (as `head -c` does)

// Each thread pread()s its stripe of the file in kReadBlock blocks into its own buffer.
double read_once(const File& file, unsigned threads, std::vector<AlignedBuffer>& buffers, const Bench& bench) {
    return on_threads(threads, [&](unsigned i) {
        const Range r = stripe(file.size(), threads, i, kReadBlock);
        std::uint8_t* buffer = buffers[i].data();
        for (std::uint64_t at = r.begin; at < r.end; at += kReadBlock) {
            bench.check();
            const ssize_t n = ::pread(file.fd(), buffer, std::size_t(std::min<std::uint64_t>(kReadBlock, r.end - at)), off_t(at));
            if (n <= 0) fail_errno("cannot read", file.path(), n < 0 ? errno : EIO);
        }
    });
}

// Map the whole file, sum it in stripes, unmap: all a mapped strategy pays, faults included.
// Each thread unmaps its own stripe, as compare's mmap-mt does: munmap alone would unmap small
// folios on one thread, and that, not the scan, would set the pace.
double scan_once(const File& file, unsigned threads) {
    const Stopwatch clock;
    {
        const Mapping map(file, std::size_t(file.size()));
        map.advise_sequential();
        on_threads(threads, [&](unsigned i) {
            const Range r = stripe(file.size(), threads, i, 2u << 20);
            keep(scan(map.data() + r.begin, r.end - r.begin));
            map.release(r.begin, r.end - r.begin);
        });
    }
    return clock.seconds();
}

Limit mapped_scan(Fixtures& f, LimitId id, const std::string& path, double share, const std::string& state) {
    const File file = File::open_read(path);
    Limit l{.id = id};
    l.points = by_threads(f.bench(), double(file.size()), [&](unsigned threads) { return scan_once(file, threads); });
    l.method = "mmap of a " + size_words(file.size()) + " cached file " + state + " (" + share_words(share) +
               "), summed in one stripe per thread, which unmaps it, faults included; " + threads_words(f.budget().threads);
    return l;
}

}  // namespace

Limit page_cache_read(Fixtures& f) {
    const File file = File::open_read(f.hot_file());
    std::vector<AlignedBuffer> buffers;
    for (unsigned i = 0; i < f.budget().threads.back(); ++i) buffers.emplace_back(kReadBlock, 4096);
    Limit l{.id = LimitId::page_cache_read};
    l.points = by_threads(f.bench(), double(file.size()), [&](unsigned threads) {
        return read_once(file, threads, buffers, f.bench());
    });
    l.method = "pread() of a " + size_words(file.size()) + " cached file (evicted, then read once: " +
               share_words(f.hot_file_share()) + ") in " + size_words(kReadBlock) +
               " blocks, one stripe and buffer per thread; " + threads_words(f.budget().threads);
    return l;
}

Limit mapped_scan_large(Fixtures& f) {
    const std::string& path = f.hot_file();
    return mapped_scan(f, LimitId::mapped_scan_large, path, f.hot_file_share(), "as read back after an eviction");
}

Limit mapped_scan_small(Fixtures& f) {
    const std::string path = f.scratch().path("small-folios");
    require_free_space(f.scratch().dir(), f.budget().small_folio_bytes);
    write_file(f.bench(), path, f.budget().small_folio_bytes, kSmallWrite);
    {
        const File file = File::open_read(path);
        ::fdatasync(file.fd());  // clean pages: no writeback while the scans are timed
    }
    const double share = page_cache::large_folio_share({path});
    Limit l = mapped_scan(f, LimitId::mapped_scan_small, path, share, "as written in " + size_words(kSmallWrite) + " writes");
    ::unlink(path.c_str());
    return l;
}

Limit page_cache_write(Fixtures& f) {
    const std::uint64_t bytes = f.budget().file_bytes;
    const std::string path = f.scratch().path("written");
    require_free_space(f.scratch().dir(), bytes);
    std::vector<AlignedBuffer> buffers;
    for (unsigned i = 0; i < f.budget().threads.back(); ++i) {
        buffers.emplace_back(kWriteBlock, 4096);
        fill(buffers.back().data(), kWriteBlock, 10 + i);
    }
    const Bench bench = f.bench();
    Limit l{.id = LimitId::page_cache_write};
    l.points = by_threads(bench, double(bytes), [&](unsigned threads) {
        const Fd fd(path.c_str(), O_WRONLY | O_CREAT | O_EXCL);
        if (fd.get() < 0) fail_errno("cannot create", path, errno);
        ::unlink(path.c_str());  // open, nameless: its dirty pages go with it when it closes, never to the disk
        // The space reserved first, as cipher reserves its output: appending with delayed
        // allocation was up to 1.9x slower here, and cipher ran at 180 % of such a "ceiling".
        const Stopwatch clock;
        if (const int rc = ::posix_fallocate(fd.get(), 0, off_t(bytes)); rc != 0) fail_errno("cannot reserve", path, rc);
        on_threads(threads, [&](unsigned i) {
            const Range r = stripe(bytes, threads, i, kWriteBlock);
            for (std::uint64_t at = r.begin; at < r.end; at += kWriteBlock) {
                bench.check();
                const std::size_t n = std::size_t(std::min<std::uint64_t>(kWriteBlock, r.end - at));
                if (::pwrite(fd.get(), buffers[i].data(), n, off_t(at)) != ssize_t(n))
                    fail_errno("cannot write", path, errno ? errno : ENOSPC);
            }
        });
        return clock.seconds();
    });
    l.method = "posix_fallocate() of a new " + size_words(bytes) + " file, then pwrite() in " + size_words(kWriteBlock) +
               " blocks, one stripe per thread, no fsync (the file is removed after each); " +
               threads_words(f.budget().threads);
    return l;
}

}  // namespace sfp::limits
