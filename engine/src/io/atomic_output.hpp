#pragma once
// Write a file so that readers see either the old target or the complete new one, never a part:
// data goes to a temporary file beside the target and is renamed over it on commit().
// The temporary is ".NAME.sfp-XXXXXX-TTTTTTTT" (T: a tag of its inode; NAME shortened when the whole would exceed the
// filesystem's name limit) and holds an flock while this object lives, so a sweep can tell a
// live writer's temporary from one a killed process left behind (sweep_stale_temporaries);
// every new output first sweeps its directory so. It is made nameless (O_TMPFILE), locked, and
// linked under its tagged name, so it never has a name a sweep would not take; where the
// filesystem has no O_TMPFILE it is made, locked and renamed to that name.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sfp/datagen.hpp"

namespace sfp {

class AtomicOutput {
public:
    // Resolves the target (io/output_target.hpp) and creates the temporary; throws on error.
    explicit AtomicOutput(const std::string& requested, Links links = Links::follow);
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

// A directory made beside `target` under a temporary's name (".NAME.sfp-XXXXXX-TTTTTTTT"), locked
// (flock) while this object lives and removed with all it holds when it dies (unless renamed
// away first): a generated tree's, a limits measurement's scratch. One a killed process left
// is swept like any temporary. Made (mkdtemp), locked, then tagged: a kill in the microseconds
// between leaves an untagged empty directory (directories have no O_TMPFILE).
class TemporaryDirectory {
public:
    explicit TemporaryDirectory(const std::string& target);  // throws sfp::Failure naming target
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
    ~TemporaryDirectory();
    const std::string& path() const noexcept { return path_; }

private:
    std::string path_;
    int lock_ = -1;
};

// Test seam: called once a new temporary file has its first name in the directory (tagged
// where O_TMPFILE made it, untagged on the fallback), so a test can kill the writer there.
extern void (*temporary_named_seam_for_tests)();

// posix_fallocate with the path in the error: a full disk or a file-size limit is a clear error
// before any data moves (and never a SIGBUS in a mapped write).
void reserve_space(int fd, std::uint64_t size, const std::string& path);

// The mkstemp/mkdtemp pattern of a temporary beside `target`: ".NAME.sfp-XXXXXX".
std::string temporary_pattern(const std::string& target);

// Renames the temporary just made at `made` (open as `fd`, locked) to the name that marks it as
// the tool's: "-" and 8 hex digits of a hash of its name and inode appended. Returns the new path.
// A user's file that merely looks like a temporary does not carry its own inode's tag.
std::string mark_temporary(const std::string& made, int fd);

// The tag mark_temporary appends (FNV-1a 64 of the unmarked name, then the inode's 8 bytes
// little-endian; the low 32 bits in lowercase hex).
std::string temporary_tag(const std::string& unmarked_name, std::uint64_t inode);

// Whether `entry` (a name in a directory) has the shape of a temporary AtomicOutput makes.
bool is_temporary_name(const std::string& entry);

// Removes the temporaries in `dir` whose writer is gone (no flock held) and whose tag matches
// their inode: files, and the directories a tree is generated in; returns their paths.
std::vector<std::string> sweep_stale_temporaries(const std::string& dir);

}  // namespace sfp
