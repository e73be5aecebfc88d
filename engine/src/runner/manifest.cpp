#include "runner/manifest.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

#include "sfp/failure.hpp"
#include "sfp/workspace.hpp"

namespace sfp::runner {
namespace {

bool plain_name(const std::string& name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
           name.find('\0') == std::string::npos && name.front() != '#';
}

}  // namespace

std::vector<std::string> read_manifest(const std::string& workdir) {
    std::vector<std::string> names;
    std::ifstream in(manifest_path(workdir));
    std::string line;
    while (std::getline(in, line))
        if (plain_name(line) && std::find(names.begin(), names.end(), line) == names.end()) names.push_back(line);
    return names;
}

void add_to_manifest(const std::string& workdir, const std::string& name) {
    const std::vector<std::string> listed = read_manifest(workdir);
    if (std::find(listed.begin(), listed.end(), name) != listed.end()) return;
    const std::string path = manifest_path(workdir);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) fail_errno("cannot write the workspace manifest", path, errno);
    std::string text;
    struct stat st {};
    if (fstat(fd, &st) == 0 && st.st_size == 0)
        text = "# Files sfpbench created here; `sfpbench clean` removes exactly these.\n";
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

}  // namespace sfp::runner
