#include "workspace/manifest.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <sstream>
#include <unordered_set>

#include "io/tool_file.hpp"
#include "sfp/failure.hpp"
#include "sfp/workspace.hpp"

namespace sfp::workspace {
namespace {

constexpr char kHeader[] = "# Files sfpbench created here; `sfpbench clean` removes exactly these.\n";
constexpr std::size_t kMaxManifest = 64u << 20;  // 250,000 names of NAME_MAX bytes

bool plain_name(const std::string& name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
           name.find('\0') == std::string::npos && name.front() != '#';
}

}  // namespace

std::vector<std::string> read_manifest(const std::string& workdir) {
    const std::string path = manifest_path(workdir);
    const std::optional<std::string> text = read_tool_file(path, kMaxManifest, Links::refuse);
    std::vector<std::string> names;
    if (!text || text->empty()) return names;
    if (!text->starts_with(kHeader))
        fail("will not use '" + path +
             "': it is not an sfpbench manifest (its first line is not sfpbench's; "
             "sfpbench leaves it alone; move it or choose another workspace)");
    std::unordered_set<std::string> seen;  // linear in the manifest's length
    std::istringstream in(*text);
    std::string line;
    while (std::getline(in, line))
        if (plain_name(line) && seen.insert(line).second) names.push_back(line);
    return names;
}

void add_to_manifest(const std::string& workdir, const std::string& name) {
    const std::vector<std::string> listed = read_manifest(workdir);
    if (std::find(listed.begin(), listed.end(), name) != listed.end()) return;
    const std::string path = manifest_path(workdir);
    // read_manifest refused a link, a FIFO and another user's file; O_NOFOLLOW and the check
    // below keep one swapped in since from being written through.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0 && errno == ELOOP) fail("will not write '" + path + "': it is a symbolic link");
    if (fd < 0) fail_errno("cannot write the workspace manifest", path, errno);
    std::string text;
    struct stat st {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid()) {
        ::close(fd);
        fail("will not write '" + path + "': it is not a regular file of this user's");
    }
    if (st.st_size == 0) text = kHeader;
    text += name + "\n";
    // One append of one short line: concurrent writers cannot interleave within it.
    const ssize_t w = ::write(fd, text.data(), text.size());
    const int err = errno;
    ::close(fd);
    if (w != ssize_t(text.size())) fail_errno("cannot write the workspace manifest", path, w < 0 ? err : ENOSPC);
}

void make_workdir(const std::string& workdir) {
    std::size_t slash = 0;
    do {  // mkdir -p: each prefix ending before a slash, then the whole path
        slash = workdir.find('/', slash + 1);
        const std::string prefix = workdir.substr(0, slash);
        if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
            fail_errno("cannot create the workspace directory", prefix, errno);
    } while (slash != std::string::npos);
    struct stat st {};
    if (::stat(workdir.c_str(), &st) != 0) fail_errno("cannot use the workspace", workdir, errno);
    if (!S_ISDIR(st.st_mode)) fail("cannot use the workspace '" + workdir + "': it is not a directory");
}

std::string scratch_output(const std::string& workdir) {
    const std::string name = "scratch-" + std::to_string(::getpid()) + ".out";
    add_to_manifest(workdir, name);
    return workdir + "/" + name;
}

}  // namespace sfp::workspace
