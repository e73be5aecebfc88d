#pragma once
// What a filesystem's statfs says of the room left for files. Some state no size at all
// (f_blocks 0): ramfs grows until memory runs out, and kernel pseudo-filesystems (proc, sysfs)
// hold no files of ours; neither is "full".
#include <sys/vfs.h>

#include <cstdint>
#include <optional>

namespace sfp {

struct StatedSpace {
    std::optional<std::uint64_t> free;  // bytes an unprivileged writer may add; nullopt: no size stated
    const char* pseudo = nullptr;       // a kernel pseudo-filesystem's name ("proc"): no place to write
};

StatedSpace stated_space(const struct statfs& fs) noexcept;

}  // namespace sfp
