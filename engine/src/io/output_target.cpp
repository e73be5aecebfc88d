#include "io/output_target.hpp"

#include <climits>
#include <cerrno>
#include <cstdlib>
#include <string>

#include "io/kernel_filesystem.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

std::string directory_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

std::string name_of(const std::string& path) { return path.substr(path.rfind('/') + 1); }

// The absolute form of a path whose last component may not exist yet; the path as given where
// that form would be longer than PATH_MAX (a directory deeper than that): from the current
// directory it names the same file, and the temporary beside it is made the same way.
std::string absolute_of_new(const std::string& path) {
    char real[PATH_MAX];
    const std::string dir = directory_of(path);
    if (!realpath(dir.c_str(), real)) {
        if (errno != ENAMETOOLONG) fail_errno("cannot write", path, errno);
        struct stat st {};
        if (stat(dir.c_str(), &st) != 0) fail_errno("cannot write", path, errno);
        if (!S_ISDIR(st.st_mode)) fail_errno("cannot write", path, ENOTDIR);
        return path;
    }
    const std::string base = std::string(real) == "/" ? "" : std::string(real);
    return base + "/" + name_of(path);
}

// Where the resolved output lands on proc, sysfs...: its entries are the kernel's, not files
// (a link through /proc/self/fd to a file elsewhere is judged where it leads).
void refuse_pseudo_filesystem(const std::string& requested, const std::string& resolved) {
    if (const char* fs = kernel_pseudo_filesystem(directory_of(resolved))) fail(not_a_place_for_files(requested, fs));
}

}  // namespace

OutputTarget resolve_output_target(const std::string& requested, Links links) {
    if (requested.empty()) fail("an output path is empty");
    if (name_of(requested).size() > NAME_MAX)
        fail("cannot write '" + requested + "': File name too long (its name is " +
             std::to_string(name_of(requested).size()) + " bytes; a file name may have " + std::to_string(NAME_MAX) +
             ")");
    if (requested.size() >= PATH_MAX)
        fail("cannot write '" + requested + "': File name too long (the path is " + std::to_string(requested.size()) +
             " bytes; a path may have " + std::to_string(PATH_MAX - 1) + ": give it from a nearer directory)");
    OutputTarget t;
    struct stat link {};
    if (lstat(requested.c_str(), &link) != 0) {
        if (errno != ENOENT) fail_errno("cannot check", requested, errno);
        t.path = absolute_of_new(requested);
        refuse_pseudo_filesystem(requested, t.path);
        return t;
    }
    if (links == Links::refuse && S_ISLNK(link.st_mode))
        fail("will not write '" + requested +
             "': it is a symbolic link, and sfpbench never writes through one in "
             "its workspace (remove it, or choose a workspace only you can write to)");
    if (stat(requested.c_str(), &t.st) != 0) {
        if (errno == ENOENT)
            fail("cannot write '" + requested +
                 "': it is a symbolic link to a file that does not exist "
                 "(links are followed; create the file it names, or remove the link)");
        fail_errno("cannot check", requested, errno);
    }
    if (!S_ISREG(t.st.st_mode))
        fail("cannot write '" + requested + "': it is " +
             (S_ISDIR(t.st.st_mode) ? "a directory" : "not a regular file") + " (only regular files are replaced)");
    char real[PATH_MAX];
    if (realpath(requested.c_str(), real))
        t.path = real;
    else if (errno != ENAMETOOLONG)
        fail_errno("cannot resolve", requested, errno);
    else if (S_ISLNK(link.st_mode))  // the file it names has no path to rename over
        fail("cannot write '" + requested +
             "': it is a symbolic link, and the path of the file it names is longer than "
             "PATH_MAX (" +
             std::to_string(PATH_MAX - 1) + " bytes; give that file's own path)");
    else
        t.path = requested;  // deeper than PATH_MAX: as given, from the current directory
    t.exists = true;
    refuse_pseudo_filesystem(requested, t.path);
    return t;
}

bool same_output(const OutputTarget& a, const OutputTarget& b) {
    if (a.path == b.path) return true;
    return a.exists && b.exists && a.st.st_dev == b.st.st_dev && a.st.st_ino == b.st.st_ino;
}

}  // namespace sfp
