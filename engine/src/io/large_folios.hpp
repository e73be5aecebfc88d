#pragma once
// How much of a file's cached data sits in large folios (compound pages). Read-ahead fills the
// cache with large folios, write() often leaves small ones, and scanning a mapping of small
// folios costs many more TLB misses: this share explains why mmap is fast on one hot file and
// slow on another.
#include <cstdint>
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
double large_folio_share_sampled(const std::vector<std::string>& paths, std::uint64_t window, unsigned windows);

}  // namespace sfp::page_cache
