#pragma once
// Write a file so that readers see either the old target or the complete new one, never a part:
// data goes to a temporary file beside the target and is renamed over it on commit().
// The temporary is ".NAME.sfp-XXXXXX" (NAME shortened when the whole would exceed the
// filesystem's name limit) and holds an flock while this object lives, so a sweep can tell a
// live writer's temporary from one a killed process left behind (sweep_stale_temporaries);
// every new output first sweeps its directory so.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sfp {

class AtomicOutput {
public:
    // Resolves the target (io/output_target.hpp) and creates the temporary; throws on error.
    explicit AtomicOutput(const std::string& requested);
    AtomicOutput(const AtomicOutput&) = delete;
    AtomicOutput& operator=(const AtomicOutput&) = delete;
    ~AtomicOutput();  // without commit(): the temporary file is removed, the target untouched

    int fd() const noexcept { return fd_; }
    const std::string& temp_path() const noexcept { return temp_; }
    const std::string& target() const noexcept { return target_; }  // resolved

    void reserve(std::uint64_t size);                 // posix_fallocate: a full disk fails here
    void write_all(const void* data, std::size_t n);  // throws with the OS reason (e.g. ENOSPC)
    // Closes (after fsync when durable) and renames over the target; every step is checked.
    void commit(bool durable = false);

private:
    std::string target_, temp_;
    int fd_ = -1;
    bool committed_ = false;
};

// posix_fallocate with the path in the error: a full disk or a file-size limit is a clear error
// before any data moves (and never a SIGBUS in a mapped write).
void reserve_space(int fd, std::uint64_t size, const std::string& path);

// Whether `entry` (a name in a directory) is a temporary AtomicOutput makes.
bool is_temporary_name(const std::string& entry);

// Removes the temporaries in `dir` whose writer is gone (no flock held): files, and the
// directories a tree is generated in; returns their paths.
std::vector<std::string> sweep_stale_temporaries(const std::string& dir);

}  // namespace sfp
