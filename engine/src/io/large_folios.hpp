#pragma once
// How much of a file's cached data sits in large folios (compound pages). Read-ahead fills the
// cache with large folios, write() often leaves small ones, and scanning a mapping of small
// folios costs many more TLB misses: this share explains why mmap is fast on one hot file and
// slow on another.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sfp::page_cache {

// Share, from 0 to 1, of the files' resident pages that belong to a large folio; -1 when it
// cannot be known: nothing is cached, or the kernel does not show page frames and their flags
// (/proc/self/pagemap gives frame numbers and /proc/kpageflags is readable only with
// CAP_SYS_ADMIN). Only pages mincore reports resident are looked at, so no data is read in.
double large_folio_share(const std::vector<std::string>& paths);

// The same estimated from `windows` windows of `window` bytes spread evenly over each file (the
// first at its start, each on a 2 MiB boundary): cheap enough for a run to look before it reads.
// With `min_folio`, only pages in folios of at least that many bytes count as large (a window at
// least that long sees such a folio whole); 0: any folio of two pages or more.
double large_folio_share_sampled(const std::vector<std::string>& paths, std::uint64_t window, unsigned windows,
                                 std::uint64_t min_folio = 0);

// Of the pages whose kpageflags are `flags` (consecutive frames), how many sit in a folio of at
// least `min_pages` pages: a folio is a head (or a page alone) and the tails after it; tails at
// the start belong to a folio begun before, one page longer than seen at least.
std::uint64_t pages_in_folios_of(std::span<const std::uint64_t> flags, std::uint64_t min_pages);

}  // namespace sfp::page_cache
