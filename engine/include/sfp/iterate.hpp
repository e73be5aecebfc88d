#pragma once
// iterate's outcome, its digest text and description, and its lines as `sfpbench iterate` prints them.
#include <cstdint>
#include <string>
#include <vector>

#include "sfp/outcome.hpp"

namespace sfp {

// One file of the tree and the XXH3-64 of its first SCOPE bytes (or all of it).
struct FileHash {
    std::string path;  // bytes, as the directories gave them
    std::uint64_t hash = 0;
    bool operator==(const FileHash&) const = default;
};

struct IterateOutcome {
    std::vector<FileHash> files;       // in processing order; emptied after the digest unless listed
    std::uint64_t file_count = 0;      // files hashed
    std::uint64_t bytes = 0;           // bytes read and hashed
    std::vector<std::string> skipped;  // "path: reason", sorted: unreadable, vanished, not regular
    std::uint64_t digest = 0;          // XXH3-64 of the list lines sorted by path bytes
    bool operator==(const IterateOutcome&) const = default;
};
std::string canonical(const IterateOutcome& outcome);
Description describe(const IterateOutcome& outcome);

// Escapes a path for one line: a newline as \n and a backslash as \\; every other byte as is.
std::string escape_path(const std::string& path);
// "<16 lowercase hex digits>  <escaped path>\n" — for full scope what `xxhsum -H3` computes.
std::string iterate_list_line(const FileHash& file);

}  // namespace sfp
