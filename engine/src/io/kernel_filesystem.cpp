#include "io/kernel_filesystem.hpp"

#include <linux/magic.h>
#include <sys/vfs.h>

namespace sfp {

const char* kernel_pseudo_filesystem_type(unsigned long type) {
    switch (type) {
        case PROC_SUPER_MAGIC: return "proc";
        case SYSFS_MAGIC: return "sysfs";
        case DEBUGFS_MAGIC: return "debugfs";
        case TRACEFS_MAGIC: return "tracefs";
        case SECURITYFS_MAGIC: return "securityfs";
        case CGROUP_SUPER_MAGIC:
        case CGROUP2_SUPER_MAGIC: return "cgroup";
        case BPF_FS_MAGIC: return "bpf";
        case EFIVARFS_MAGIC: return "efivarfs";
        case PSTOREFS_MAGIC: return "pstore";
        default: return nullptr;
    }
}

namespace {

const char* memory_filesystem_type(unsigned long type) {
    switch (type) {
        case TMPFS_MAGIC: return "tmpfs";
        case RAMFS_MAGIC: return "ramfs";
        case HUGETLBFS_MAGIC: return "hugetlbfs";
        default: return nullptr;
    }
}

}  // namespace

const char* memory_filesystem(int fd) {
    struct statfs fs {};
    return fstatfs(fd, &fs) == 0 ? memory_filesystem_type(static_cast<unsigned long>(fs.f_type)) : nullptr;
}

const char* memory_filesystem(const std::string& path) {
    struct statfs fs {};
    return statfs(path.c_str(), &fs) == 0 ? memory_filesystem_type(static_cast<unsigned long>(fs.f_type)) : nullptr;
}

std::string not_a_place_for_files(const std::string& path, const char* fs) {
    return "cannot write '" + path + "': it is on " + fs +
           ", a kernel pseudo-filesystem, not a filesystem that holds files";
}

const char* kernel_pseudo_filesystem(int fd) {
    struct statfs fs {};
    return fstatfs(fd, &fs) == 0 ? kernel_pseudo_filesystem_type(static_cast<unsigned long>(fs.f_type)) : nullptr;
}

const char* kernel_pseudo_filesystem(const std::string& path) {
    struct statfs fs {};
    return statfs(path.c_str(), &fs) == 0 ? kernel_pseudo_filesystem_type(static_cast<unsigned long>(fs.f_type))
                                          : nullptr;
}

}  // namespace sfp
