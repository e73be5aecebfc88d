#pragma once
// The files of a tree: recursive, symbolic links not followed, special files never opened.
// Generic I/O: iterate walks its trees with it, the runner warms, evicts and checks residency
// of a directory input through files_under, the input kinds check a root with check_root.
#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

namespace sfp {

struct ListedFile {
    std::string path;  // bytes, as the directories gave them
    ino_t inode = 0;   // from the directory entry (the `inode` order)
};

struct Listing {
    std::vector<ListedFile> files;     // regular files, in the order the directories gave them
    std::vector<std::string> skipped;  // "path: reason" for what was not listed or cannot be read
};

// Lists the regular files under each root, depth first in getdents order. A root that is not a
// directory is an error (sfp::Failure naming it); below the roots, unreadable directories and
// FIFOs, sockets and devices are skipped and named, and a directory met twice (the same root
// given twice, a root inside another) is listed once, so each path appears once. `stop` is
// polled once per directory.
Listing list_tree(const std::vector<std::string>& roots, const std::function<bool()>& stop);

// Throws sfp::Failure naming `root` when it cannot be listed: missing, not a directory.
void check_root(const std::string& root);

// Every regular file under `paths`, where a path that is a directory stands for its tree and
// any other path for itself — for the runner's warm, evict and residency.
std::vector<std::string> files_under(const std::vector<std::string>& paths);

// A test seam: called on the listing thread each time list_tree lists (files_under and the
// input kinds' sizes list through it), so the window's tests see which thread lists a tree and
// can hold a listing to cancel during it. nullptr (the default) = none. Atomic: set and called
// from different threads.
using TreeListingObserver = void (*)(const std::vector<std::string>& roots);
void set_tree_listing_observer(TreeListingObserver observer) noexcept;

}  // namespace sfp
