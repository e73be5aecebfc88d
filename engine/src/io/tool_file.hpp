#pragma once
// The files the tool keeps in its workspace (the manifest, the limits cache). The workspace
// belongs to the tool but its directory may not (a shared scratch directory, an experiment
// file's "workdir"), so such a file is opened without following a link, must be a regular file
// (a FIFO or device is refused before any read) of this user's, and is read with a bound.
#include <cstddef>
#include <optional>
#include <string>

#include "sfp/datagen.hpp"

namespace sfp {

// The whole file, or nothing when it does not exist. Throws sfp::Failure naming the path and
// why: a symbolic link (with Links::refuse), not a regular file, another user's (with
// Links::refuse: a workspace file), larger than `max_bytes`.
std::optional<std::string> read_tool_file(const std::string& path, std::size_t max_bytes, Links links);

// Refuses (throws) when `path` is a symbolic link or not a regular file: what the workspace
// check says before the tool writes a file of that name there.
void refuse_link(const std::string& path);

}  // namespace sfp
