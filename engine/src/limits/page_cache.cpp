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
#include "limits/passes.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/failure.hpp"

namespace sfp::limits {
namespace {

constexpr std::size_t kReadBlock = 256 << 10;  // stays in L2: the copy, not the buffer, is timed
constexpr std::size_t kWriteBlock = 1 << 20;
constexpr std::size_t kSmallWrite = 4096;  // what leaves small folios (as `head -c` does)

// Each thread pread()s its stripe of the window in kReadBlock blocks into its own buffer.
Pass read_once(const File& file, Range w, unsigned threads, std::vector<AlignedBuffer>& buffers) {
    return timed_pass(double(w.end - w.begin), threads, [&](unsigned i) {
        const Range r = stripe(w.end - w.begin, threads, i, kReadBlock);
        std::uint8_t* buffer = buffers[i].data();
        for (std::uint64_t at = w.begin + r.begin; at < w.begin + r.end; at += kReadBlock) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(kReadBlock, w.begin + r.end - at));
            const ssize_t got = ::pread(file.fd(), buffer, n, off_t(at));
            if (got <= 0) fail_errno("cannot read", file.path(), got < 0 ? errno : EIO);
        }
    });
}

// Each thread maps its stripe of the window, sums it and unmaps it: all a mapped strategy pays,
// faults included. Each on its own, as compare's mmap-mt releases its own stripe: one munmap of
// small folios on one thread would set the pace.
Pass scan_once(const File& file, Range w, unsigned threads) {
    return timed_pass(double(w.end - w.begin), threads, [&](unsigned i) {
        const Range r = stripe(w.end - w.begin, threads, i, 2u << 20);
        if (r.end == r.begin) return;
        const Mapping map(file.fd(), file.path(), w.begin + r.begin, std::size_t(r.end - r.begin),
                          Mapping::Access::read);
        map.advise_sequential();
        keep(scan(map.data(), r.end - r.begin));
    });
}

Limit mapped_scan(Fixtures& f, LimitId id, const std::string& path, double share, const std::string& state) {
    const File file = File::open_read(path);
    Limit l{.id = id};
    l.points = passes_by_threads(f.bench(), [&](unsigned threads, unsigned k) {
        return scan_once(file, pass_window(f.budget(), file.size(), threads, k, 2u << 20), threads);
    });
    l.method = "mmap of a " + size_words(file.size()) + " cached file " + state + " (" + share_words(share) +
               "), each thread mapping, summing and unmapping its stripe, faults included, " +
               passes_words(f.budget()) + "; " + threads_words(f.budget().threads);
    return l;
}

}  // namespace

Limit page_cache_read(Fixtures& f) {
    const File file = File::open_read(f.hot_file());
    std::vector<AlignedBuffer> buffers;
    for (unsigned i = 0; i < f.budget().threads.back(); ++i) buffers.emplace_back(kReadBlock, 4096);
    Limit l{.id = LimitId::page_cache_read};
    l.points = passes_by_threads(f.bench(), [&](unsigned threads, unsigned k) {
        return read_once(file, pass_window(f.budget(), file.size(), threads, k, kReadBlock), threads, buffers);
    });
    l.method = "pread() of a " + size_words(file.size()) +
               " cached file (evicted, then read once: " + share_words(f.hot_file_share()) + ") in " +
               size_words(kReadBlock) + " blocks, one stripe and buffer per thread, " + passes_words(f.budget()) +
               "; " + threads_words(f.budget().threads);
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
    Limit l =
        mapped_scan(f, LimitId::mapped_scan_small, path, share, "as written in " + size_words(kSmallWrite) + " writes");
    ::unlink(path.c_str());
    return l;
}

namespace {

// One pass: a new file of the window's size, its space reserved and written by the threads, each
// its stripe; removed after (its dirty pages go with it, never to the disk).
Pass write_once(const std::string& path, std::uint64_t bytes, unsigned threads,
                const std::vector<AlignedBuffer>& buffers) {
    const Fd fd(path.c_str(), O_WRONLY | O_CREAT | O_EXCL);
    if (fd.get() < 0) fail_errno("cannot create", path, errno);
    ::unlink(path.c_str());  // open, nameless: its dirty pages go when it closes
    return timed_pass(double(bytes), threads, [&](unsigned i) {
        const Range r = stripe(bytes, threads, i, kWriteBlock);
        if (r.end == r.begin) return;
        // The space reserved first, as cipher reserves its output: appending with delayed
        // allocation is slower, no ceiling for cipher (docs/findings.md#limits-page-cache-write-space-reserved-first).
        if (const int rc = ::posix_fallocate(fd.get(), off_t(r.begin), off_t(r.end - r.begin)); rc != 0)
            fail_errno("cannot reserve", path, rc);
        for (std::uint64_t at = r.begin; at < r.end; at += kWriteBlock) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(kWriteBlock, r.end - at));
            if (::pwrite(fd.get(), buffers[i].data(), n, off_t(at)) != ssize_t(n))
                fail_errno("cannot write", path, errno ? errno : ENOSPC);
        }
    });
}

}  // namespace

Limit page_cache_write(Fixtures& f) {
    const std::string path = f.scratch().path("written");
    std::vector<AlignedBuffer> buffers;
    for (unsigned i = 0; i < f.budget().threads.back(); ++i) {
        buffers.emplace_back(kWriteBlock, 4096);
        fill(buffers.back().data(), kWriteBlock, 10 + i);
    }
    require_free_space(f.scratch().dir(), f.budget().file_bytes);
    Limit l{.id = LimitId::page_cache_write};
    l.points = passes_by_threads(f.bench(), [&](unsigned threads, unsigned k) {
        const Range w = pass_window(f.budget(), f.budget().file_bytes, threads, k, kWriteBlock);
        return write_once(path, w.end - w.begin, threads, buffers);
    });
    l.method = "a new file, each thread posix_fallocate() and pwrite() of its stripe in " + size_words(kWriteBlock) +
               " blocks, no fsync (the file is removed after each pass), " + passes_words(f.budget()) + "; " +
               threads_words(f.budget().threads);
    return l;
}

}  // namespace sfp::limits
