#include "sfp/cache_control.hpp"

#include <sys/stat.h>

#include <cerrno>

#include "io/kernel_filesystem.hpp"
#include "io/page_cache.hpp"
#include "io/tree_listing.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

std::string in_memory(const std::string& path, const std::string& fs) {
    return "cannot evict '" + path + "': it is on " + fs +
           ", where a file's pages are the file itself, not a cache of a disk (a cold read is impossible there)";
}

}  // namespace

Eviction evict_from_cache(const std::vector<std::string>& paths) {
    for (const std::string& p : paths) {
        struct stat st {};
        if (::stat(p.c_str(), &st) != 0) fail_errno("cannot evict", p, errno);
        // A FIFO or a device named on its own has no pages to evict: saying "evicted" would lie.
        if (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode))
            fail("cannot evict '" + p + "': it is " + file_kind(st.st_mode) + ", not a regular file or directory");
        if (const char* fs = kernel_pseudo_filesystem(p))  // its files are the kernel's, never in the page cache
            fail("cannot evict '" + p + "': it is on a kernel pseudo-filesystem (" + fs + "), which has no page cache");
        if (const char* fs = memory_filesystem(p)) fail(in_memory(p, fs));
    }
    const std::vector<std::string> files = files_under(paths);
    Eviction e;
    e.files = files.size();
    const page_cache::Eviction done = page_cache::evict(files);
    e.method = done.method;
    e.resident_pct = done.residency_pct;
    if (!done.in_memory.empty())  // a tmpfs mounted inside a tree: the rest evicted, the machine's cache left alone
        fail(in_memory(done.in_memory, done.in_memory_fs) + "; the other files were evicted");
    return e;
}

}  // namespace sfp
