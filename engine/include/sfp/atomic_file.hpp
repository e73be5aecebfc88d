#pragma once
// Whole files written all-or-nothing, for every front end's exports and specs: the previous
// file stays intact unless the new one was written, flushed and renamed into place completely.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sfp/datagen.hpp"

namespace sfp {

// Writes `data` to a temporary beside `path`, fsyncs, renames over `path` (a symbolic link is
// followed; a link to nothing, a directory or a special file is refused). Throws sfp::Failure
// naming the path and the OS reason (ENOSPC, EFBIG, ...); the temporary is then gone.
// Links::refuse: a link is refused instead (a file in the workspace).
void write_file_atomically(const std::string& path, std::string_view data, Links links = Links::follow);

// Checks up front that `path` could be written: resolves it and creates (then removes) a
// temporary beside it. Throws sfp::Failure like write_file_atomically.
void probe_writable(const std::string& path);

// Bytes free for an unprivileged writer on the filesystem holding `path` (a file or directory;
// a path that does not exist yet is looked up through its nearest existing parent); nullopt
// where the filesystem states no size (ramfs: it grows). Throws sfp::Failure for a kernel
// pseudo-filesystem (proc, sysfs, ...): no place to write files, whatever room it reports.
std::optional<std::uint64_t> free_bytes(const std::string& path);

// Throws sfp::Failure ("cannot write 1099511627776 bytes to 'DIR': only 81234567168 bytes are
// free") unless `bytes` fit in what free_bytes(path) reports (a size not stated passes).
void require_free_space(const std::string& path, std::uint64_t bytes);

}  // namespace sfp
