#include "io/large_folios.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>

#include "io/fd.hpp"

namespace sfp::page_cache {
namespace {

constexpr std::uint64_t kPresent = 1ull << 63;        // pagemap: page present in RAM
constexpr std::uint64_t kPfnMask = (1ull << 55) - 1;  // pagemap: bits 0-54, 0 unless CAP_SYS_ADMIN
constexpr std::uint64_t kTail = 1ull << 16;           // kpageflags: COMPOUND_TAIL

struct Tally {
    std::uint64_t large = 0, pages = 0;
    std::uint64_t min_pages = 2;  // a page counts as large in a folio of at least this many
    bool known = true;
};

bool pread_all(int fd, void* buf, std::size_t n, off_t at) { return ::pread(fd, buf, n, at) == ssize_t(n); }

// Whether `frames` consecutive frames can hold a folio of min_pages pages, or the rest of one
// begun before them (one page longer, at least).
bool may_hold_folio(std::uint64_t frames, std::uint64_t min_pages) { return frames + 1 >= min_pages; }

// Flags of pages pfn[first..last) when their frames are consecutive: one read per run of a folio.
// A folio's frames are consecutive, so a run too short to hold one of min_pages is counted
// without a read: small folios scattered over memory cost no read each.
void count_frames(int kpageflags, const std::vector<std::uint64_t>& pfns, Tally& t) {
    std::vector<std::uint64_t> flags;
    for (std::size_t i = 0; i < pfns.size() && t.known;) {
        std::size_t j = i + 1;
        while (j < pfns.size() && pfns[j] == pfns[j - 1] + 1) ++j;
        if (!may_hold_folio(j - i, t.min_pages)) {
            t.pages += j - i;
            i = j;
            continue;
        }
        flags.resize(j - i);
        if (!pread_all(kpageflags, flags.data(), flags.size() * 8, off_t(pfns[i] * 8))) {
            t.known = false;
            return;
        }
        t.large += pages_in_folios_of(flags, t.min_pages);
        t.pages += flags.size();
        i = j;
    }
}

// One window of a file: map it, fault in only the resident pages (MADV_POPULATE_READ returns an
// error instead of raising SIGBUS, and MADV_RANDOM keeps read-ahead from bringing in others),
// then look up their frames and the frames' flags.
void count_window(int fd, std::uint64_t offset, std::size_t len, int pagemap, int kpageflags, Tally& t) {
    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
    void* map = ::mmap(nullptr, len, PROT_READ, MAP_SHARED, fd, off_t(offset));
    if (map == MAP_FAILED) {
        t.known = false;
        return;
    }
    auto* base = static_cast<unsigned char*>(map);
    const std::size_t n = (len + page - 1) / page;
    std::vector<unsigned char> resident(n);
    std::vector<std::uint64_t> entries(n);
    std::vector<std::uint64_t> pfns;
    t.known = ::madvise(map, len, MADV_RANDOM) == 0 && ::mincore(map, len, resident.data()) == 0;
    for (std::size_t i = 0; i < n && t.known;) {
        if (!(resident[i] & 1)) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < n && (resident[j] & 1)) ++j;
        // A page evicted meanwhile is read back in here; rare, and it changes one page.
        if (::madvise(base + i * page, (j - i) * page, MADV_POPULATE_READ) != 0) t.known = false;
        i = j;
    }
    const off_t at = off_t(reinterpret_cast<std::uintptr_t>(base) / page * 8);
    if (t.known && !pread_all(pagemap, entries.data(), n * 8, at)) t.known = false;
    for (std::size_t i = 0; i < n && t.known; ++i) {
        if (!(resident[i] & 1) || !(entries[i] & kPresent)) continue;
        const std::uint64_t pfn = entries[i] & kPfnMask;
        if (pfn == 0) t.known = false;  // frame numbers hidden: not allowed to see them
        pfns.push_back(pfn);
    }
    ::munmap(map, len);
    if (t.known) count_frames(kpageflags, pfns, t);
}

// Over `windows` windows of `window` bytes each spread over every file, 2 MiB-aligned (whole
// huge folios); windows == 0: every byte, in windows of `window`.
double share_over(const std::vector<std::string>& paths, std::uint64_t window, unsigned windows,
                  std::uint64_t min_folio) {
    const Fd pagemap("/proc/self/pagemap", O_RDONLY | O_NONBLOCK);
    const Fd kpageflags("/proc/kpageflags", O_RDONLY | O_NONBLOCK);
    if (pagemap.get() < 0 || kpageflags.get() < 0) return -1;
    constexpr std::uint64_t kAlign = 2u << 20;
    Tally t;
    t.min_pages = std::max<std::uint64_t>(min_folio / std::uint64_t(sysconf(_SC_PAGESIZE)), 2);
    for (const std::string& path : paths) {
        const Fd file(path.c_str(), O_RDONLY | O_NONBLOCK);
        struct stat st {};
        if (file.get() < 0 || fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode)) return -1;
        const std::uint64_t size = std::uint64_t(st.st_size);
        const auto look = [&](std::uint64_t off) {
            if (off < size && t.known)
                count_window(file.get(), off, std::size_t(std::min(window, size - off)), pagemap.get(),
                             kpageflags.get(), t);
        };
        if (windows == 0)
            for (std::uint64_t off = 0; off < size && t.known; off += window) look(off);
        else
            for (unsigned i = 0; i < windows; ++i) look(size / windows * i / kAlign * kAlign);
    }
    if (!t.known || t.pages == 0) return -1;
    return double(t.large) / double(t.pages);
}

}  // namespace

std::uint64_t pages_in_folios_of(std::span<const std::uint64_t> flags, std::uint64_t min_pages) {
    std::uint64_t large = 0;
    for (std::size_t i = 0; i < flags.size();) {
        // A folio: its head (or a single page), then its tails. Tails first: the rest of a folio
        // begun before these frames, at least one page longer than seen.
        const bool begun_before = (flags[i] & kTail) != 0;
        std::size_t j = i + 1;
        while (j < flags.size() && (flags[j] & kTail)) ++j;
        if (begun_before ? may_hold_folio(j - i, min_pages) : j - i >= min_pages) large += j - i;
        i = j;
    }
    return large;
}

double large_folio_share(const std::vector<std::string>& paths) {
    return share_over(paths, 1ull << 30, 0, 0);  // 1 GiB windows bound the vectors for huge files
}

double large_folio_share_sampled(const std::vector<std::string>& paths, std::uint64_t window, unsigned windows,
                                 std::uint64_t min_folio) {
    return share_over(paths, window, std::max(windows, 1u), min_folio);
}

}  // namespace sfp::page_cache
