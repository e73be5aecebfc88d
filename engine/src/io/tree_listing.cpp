#include "io/tree_listing.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <set>
#include <utility>

#include "io/kernel_filesystem.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

struct Entry {
    std::string name;
    ino_t inode;
    unsigned char type;  // DT_*
};

// What one directory holds, read at once so that only one descriptor is open at a time,
// however deep the tree.
struct Directory {
    std::string path;
    std::vector<Entry> entries;
    std::size_t next = 0;
};

std::atomic<TreeListingObserver> listing_observer{nullptr};

std::string reason(int err) { return std::strerror(err); }

std::string join(const std::string& dir, const std::string& name) {
    return !dir.empty() && dir.back() == '/' ? dir + name : dir + "/" + name;
}

class Walker {
public:
    explicit Walker(const std::function<bool()>& stop) : stop_(stop) {}

    void walk(const std::string& root) {
        std::vector<Directory> stack;
        enter(root, stack, O_RDONLY);  // a root given as a symbolic link is followed, as find -H does
        while (!stack.empty() && !stop_()) {
            Directory& top = stack.back();
            if (top.next == top.entries.size()) {
                stack.pop_back();
                continue;
            }
            const Entry e = top.entries[top.next++];
            const std::string path = join(top.path, e.name);
            visit(path, e, stack);  // may push: `top` is not used after this
        }
    }

    Listing take() { return std::move(out_); }

private:
    void visit(const std::string& path, const Entry& e, std::vector<Directory>& stack) {
        unsigned char type = e.type;
        if (type == DT_UNKNOWN) {  // some filesystems do not fill d_type
            struct stat st {};
            if (fstatat(AT_FDCWD, path.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                out_.skipped.push_back(path + ": " + reason(errno));
                return;
            }
            type = static_cast<unsigned char>(IFTODT(st.st_mode));
        }
        switch (type) {
            case DT_REG: out_.files.push_back({path, e.inode}); return;
            case DT_DIR: enter(path, stack, O_RDONLY | O_NOFOLLOW); return;
            case DT_LNK: return;  // not followed
            default: out_.skipped.push_back(path + ": " + file_kind(DTTOIF(type)) + ", not opened");
        }
    }

    // Reads a directory's entries and pushes it, unless it was listed already.
    void enter(const std::string& path, std::vector<Directory>& stack, int flags) {
        const int fd = ::open(path.c_str(), flags | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) {
            fail_if_out_of_descriptors(path, errno);
            out_.skipped.push_back(path + ": " + reason(errno));
            return;
        }
        struct stat st {};
        if (fstat(fd, &st) != 0 || !seen_.emplace(st.st_dev, st.st_ino).second) {
            ::close(fd);
            return;
        }
        if (const char* fs = kernel_pseudo_filesystem(fd)) {  // /proc mounted inside the tree
            out_.skipped.push_back(path + ": a kernel pseudo-filesystem (" + std::string(fs) + "), not listed");
            ::close(fd);
            return;
        }
        DIR* dir = fdopendir(fd);
        if (!dir) {
            out_.skipped.push_back(path + ": " + reason(errno));
            ::close(fd);
            return;
        }
        Directory d{path, {}, 0};
        errno = 0;
        while (const dirent* de = readdir(dir)) {
            const char* n = de->d_name;
            if (n[0] == '.' && (n[1] == 0 || (n[1] == '.' && n[2] == 0))) continue;
            d.entries.push_back({n, de->d_ino, de->d_type});
        }
        if (errno != 0) out_.skipped.push_back(path + ": " + reason(errno) + " (listed in part)");
        closedir(dir);
        stack.push_back(std::move(d));
    }

    const std::function<bool()>& stop_;
    Listing out_;
    std::set<std::pair<dev_t, ino_t>> seen_;
};

}  // namespace

void check_root(const std::string& root) {
    struct stat st {};
    if (::stat(root.c_str(), &st) != 0) fail_errno("cannot list", root, errno);
    if (!S_ISDIR(st.st_mode)) fail("cannot list '" + root + "': not a directory");
    // /proc/self/pagemap reads without end, /proc/kcore is the memory: never read such files
    if (const char* fs = kernel_pseudo_filesystem(root))
        fail("cannot list '" + root + "': it is on a kernel pseudo-filesystem (" + fs +
             "), whose files' sizes say nothing about their content; copy them to a regular directory first");
}

void set_tree_listing_observer(TreeListingObserver observer) noexcept { listing_observer.store(observer); }

Listing list_tree(const std::vector<std::string>& roots, const std::function<bool()>& stop) {
    if (const TreeListingObserver observe = listing_observer.load()) observe(roots);
    for (const std::string& root : roots) check_root(root);
    Walker walker(stop);
    for (const std::string& root : roots) walker.walk(root);
    return walker.take();
}

std::vector<std::string> files_under(const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    const std::function<bool()> never = [] { return false; };
    for (const std::string& p : paths) {
        struct stat st {};
        if (::stat(p.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
            out.push_back(p);
            continue;
        }
        for (ListedFile& f : list_tree({p}, never).files) out.push_back(std::move(f.path));
    }
    return out;
}

}  // namespace sfp
