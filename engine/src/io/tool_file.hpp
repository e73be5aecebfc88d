#pragma once
// The files the tool keeps in its workspace (the manifest, the limits cache). The workspace
// belongs to the tool but its directory may not (a shared scratch directory, an experiment
// file's "workdir"), so such a file is opened without following a link, must be a regular file
// (a FIFO or device is refused before any read) of this user's, and is read with a bound.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "sfp/datagen.hpp"

namespace sfp {

inline constexpr std::string_view kWorkspaceAdvice = "remove it or choose another workspace";

// The whole file, or nothing when it does not exist. Throws sfp::Failure naming the path and
// why: a symbolic link (with Links::refuse), not a regular file, another user's (with
// Links::refuse: a workspace file), larger than `max_bytes`; then, in parentheses, `advice`: what
// to do, as fits the file (a workspace's is moved; one a variable names is named again).
std::optional<std::string> read_tool_file(const std::string& path, std::size_t max_bytes, Links links,
                                          std::string_view advice = kWorkspaceAdvice);

// Refuses (throws) when `path` is a symbolic link or not a regular file: what the workspace
// check says before the tool writes a file of that name there.
void refuse_link(const std::string& path);

}  // namespace sfp
