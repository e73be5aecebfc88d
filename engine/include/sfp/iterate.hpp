#pragma once
// iterate's outcome as `sfpbench iterate` prints it, shared by the front ends and the digest.
#include <string>

#include "sfp/outcome.hpp"

namespace sfp {

// Escapes a path for one line: a newline as \n and a backslash as \\; every other byte as is.
std::string escape_path(const std::string& path);
// "<16 lowercase hex digits>  <escaped path>\n" — for full scope what `xxhsum -H3` computes.
std::string iterate_list_line(const FileHash& file);
std::string hex16(std::uint64_t value);

}  // namespace sfp
