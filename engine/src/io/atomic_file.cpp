#include "sfp/atomic_file.hpp"

#include <sys/statvfs.h>

#include <cerrno>

#include "io/atomic_output.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp {

void write_file_atomically(const std::string& path, std::string_view data, Links links) {
    AtomicOutput out(path, links);
    out.write_all(data.data(), data.size());
    out.commit(/*durable=*/true);
}

void probe_writable(const std::string& path) { AtomicOutput probe(path); }

std::uint64_t free_bytes(const std::string& path) {
    std::string at = path.empty() ? "." : path;
    struct statvfs fs {};
    while (statvfs(at.c_str(), &fs) != 0) {
        if (errno != ENOENT) fail_errno("cannot check the free space of", at, errno);
        const std::size_t slash = at.find_last_of('/', at.size() > 1 ? at.size() - 2 : 0);
        at = slash == std::string::npos ? "." : slash == 0 ? "/" : at.substr(0, slash);
    }
    return std::uint64_t(fs.f_bavail) * fs.f_frsize;
}

void require_free_space(const std::string& path, std::uint64_t bytes) {
    const std::uint64_t free = free_bytes(path);
    if (bytes > free)
        fail("cannot write " + byte_count(bytes) + " to '" + path + "': only " + byte_count(free) +
             (free == 1 ? " is" : " are") + " free there");
}

}  // namespace sfp
