#pragma once
// Where a write to a user-named path really lands, decided once for every writer (generated
// data, cipher output, exports): a symbolic link is followed to the file it names; a link that
// points nowhere, a directory, a device or FIFO, and a name longer than the filesystem allows
// are refused with the path and the reason.
#include <sys/stat.h>

#include <string>

#include "sfp/datagen.hpp"

namespace sfp {

struct OutputTarget {
    std::string path;  // symlinks resolved: a rename replaces the file, never the link
    bool exists = false;
    struct stat st {};  // valid when exists
};

// With Links::refuse a symbolic link is refused instead of followed (a file in the workspace).
OutputTarget resolve_output_target(const std::string& requested, Links links = Links::follow);  // throws sfp::Failure

// True when two requested outputs would be the same file (same path after resolution, or
// the same device and inode): `generate pair pp ./pp` must not write one file twice.
bool same_output(const OutputTarget& a, const OutputTarget& b);

}  // namespace sfp
