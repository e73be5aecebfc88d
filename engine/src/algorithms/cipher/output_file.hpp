#pragma once
// Where a cipher run writes, and the safety rules around it (issue 5, section 3):
//  - an output that is the input (same path, a symlink or a hard link: same device and inode)
//    is refused unless in_place; with in_place the input is still never written: the result
//    goes to a temporary file that replaces the input's name on success (like `sed -i`);
//  - a target that exists must be a regular file (never a device, FIFO or directory);
//  - a new output is a temporary file beside the target, renamed over it only by commit();
//    until then the previous target is untouched, and the destructor removes the temporary;
//  - output_exists writes into the existing target's own blocks (no new file: the article's
//    assumption). That cannot keep the old contents, so an uncommitted target is emptied
//    (truncated to 0 bytes) rather than left half written;
//  - the space is reserved up front (posix_fallocate): a full disk or a file-size limit is a
//    clear error before any data moves, never a SIGBUS in a mapped write.
#include <cstdint>
#include <optional>
#include <string>

#include "io/atomic_output.hpp"

namespace sfp {
class File;
}

namespace sfp::cipher {

struct OutputPolicy {
    bool in_place = false;
    bool output_exists = false;
    bool reserve = true;  // posix_fallocate the full size (not for `cp`, which writes its own way)
};

class OutputFile {
public:
    // Resolves and checks the target, then creates the temporary file (or opens the existing
    // target) with `size` bytes reserved. Throws sfp::Failure with the path and OS reason.
    OutputFile(const std::string& requested, const File& input, std::uint64_t size, const OutputPolicy& policy);
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile();

    int fd() const noexcept;
    const std::string& target() const noexcept { return target_; }  // for messages
    const std::string& write_path() const noexcept;                 // the file being written (temporary or target)

    // Optionally fsync, then make the output the target: rename the temporary over it (and,
    // with flush, fsync the directory so the rename is durable too).
    void commit(bool flush);

private:
    void abandon_existing() noexcept;

    std::string target_;
    std::optional<AtomicOutput> fresh_;  // new-file mode
    int existing_fd_ = -1;               // output_exists mode
    bool committed_ = false;
};

}  // namespace sfp::cipher
