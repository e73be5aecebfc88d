#pragma once
// Kernel pseudo-filesystems (proc, sysfs, ...): their files' sizes say nothing about their
// content (a sysfs attribute reads as 4096 bytes and holds a few), some read without end
// (/proc/self/pagemap), none is in the page cache. Every reader refuses them before a read.
#include <string>

namespace sfp {

// The pseudo-filesystem's name ("proc", "sysfs", ...) that a descriptor or path is on, or nullptr.
const char* kernel_pseudo_filesystem(int fd);
const char* kernel_pseudo_filesystem(const std::string& path);
// The same for a statfs f_type.
const char* kernel_pseudo_filesystem_type(unsigned long f_type);
// Filesystems whose pages are their files' storage (tmpfs and shmem, ramfs, hugetlbfs): their
// files cannot be evicted from the page cache, so a cold read there is impossible. The name
// ("tmpfs", ...) a descriptor or path is on, or nullptr.
const char* memory_filesystem(int fd);
const char* memory_filesystem(const std::string& path);
// Why nothing is written to `path` on the pseudo-filesystem `fs`: its entries are the kernel's, not files.
std::string not_a_place_for_files(const std::string& path, const char* fs);

}  // namespace sfp
