#pragma once
// The workspace manifest: the names (never paths) of every file the tool created there.
#include <string>
#include <vector>

namespace sfp::workspace {

// Names listed in the manifest; entries that are not plain file names are ignored, so a
// damaged manifest can never point outside the workspace. Missing manifest = empty list.
std::vector<std::string> read_manifest(const std::string& workdir);

// Adds `name` unless listed (before the file is made, so a crash leaves nothing untracked).
void add_to_manifest(const std::string& workdir, const std::string& name);

// Creates the workspace directory (and its parents). Throws sfp::Failure with the OS reason.
void make_workdir(const std::string& workdir);

// This process's scratch output file for algorithms that write (listed in the manifest).
std::string scratch_output(const std::string& workdir);

}  // namespace sfp::workspace
