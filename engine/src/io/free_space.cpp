#include "io/free_space.hpp"

#include <cerrno>

#include "io/kernel_filesystem.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/failure.hpp"

namespace sfp {

StatedSpace stated_space(const struct statfs& fs) noexcept {
    StatedSpace s;
    s.pseudo = kernel_pseudo_filesystem_type(static_cast<unsigned long>(fs.f_type));
    if (!s.pseudo && fs.f_blocks != 0) s.free = std::uint64_t(fs.f_bavail) * std::uint64_t(fs.f_frsize);
    return s;
}

namespace {

// The filesystem holding `path`, or its nearest existing parent when it does not exist yet.
StatedSpace stated_space_at(const std::string& path) {
    std::string at = path.empty() ? "." : path;
    struct statfs fs {};
    while (statfs(at.c_str(), &fs) != 0) {
        if (errno != ENOENT) fail_errno("cannot check the free space of", at, errno);
        const std::size_t slash = at.find_last_of('/', at.size() > 1 ? at.size() - 2 : 0);
        at = slash == std::string::npos ? "." : slash == 0 ? "/" : at.substr(0, slash);
    }
    StatedSpace s = stated_space(fs);
    if (s.pseudo) fail(not_a_place_for_files(path, s.pseudo));
    return s;
}

}  // namespace

std::optional<std::uint64_t> free_bytes(const std::string& path) { return stated_space_at(path).free; }

void require_free_space(const std::string& path, std::uint64_t bytes) {
    const std::optional<std::uint64_t> free = free_bytes(path);
    if (free && bytes > *free)
        fail("cannot write " + byte_count(bytes) + " to '" + path + "': only " + byte_count(*free) +
             (*free == 1 ? " is" : " are") + " free there");
}

}  // namespace sfp
