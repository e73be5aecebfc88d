#pragma once
// How far ahead a loop that streams through memory asks for the cache line it will read next.
// The hardware prefetcher alone can leave a thread that streams beyond the caches at half the speed
// the line asked for 4 KiB ahead gives it (docs/findings.md#stream-prefetch-4-kib-ahead). Where
// the hardware keeps up, it costs one instruction per 64 bytes.
// A prefetch never faults: past the end of a buffer or a mapping it is dropped.
#include <cstddef>

namespace sfp {

inline constexpr std::size_t kPrefetchAhead = 4096;

// The cache line `kPrefetchAhead` bytes past `p`, asked for now.
[[gnu::always_inline]] inline void prefetch_ahead(const void* p) noexcept {
    __builtin_prefetch(static_cast<const char*>(p) + kPrefetchAhead);
}

}  // namespace sfp
