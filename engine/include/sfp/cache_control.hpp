#pragma once
// The runner's cold-cache eviction, for scripts: bench/iterate.sh empties the cache of a tree
// before `find | xargs cat` exactly as `run --cache cold` does before a strategy.
#include <string>
#include <vector>

namespace sfp {

struct Eviction {
    std::size_t files = 0;     // regular files evicted
    std::string method;        // "posix_fadvise(DONTNEED)", or with drop_caches (root)
    double resident_pct = -1;  // of their pages still cached after, -1 when the OS will not say
};

// Evicts every regular file under `paths` (a directory stands for its tree, symbolic links
// below it not followed; special files in it skipped). Throws sfp::Failure naming a path that does
// not exist, is itself a special file (a FIFO, a device, a socket), or is on a filesystem whose
// pages are its files (tmpfs, ramfs): those cannot be evicted, and the machine's page cache is
// never dropped for them.
Eviction evict_from_cache(const std::vector<std::string>& paths);

}  // namespace sfp
