// What a report needs to be read later: which machine, kernel, filesystem, tool version.
#include <limits.h>
#include <stdlib.h>
#include <sys/statfs.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "measure/machine.hpp"
#include "sfp/machine_info.hpp"
#include "sfp/run.hpp"

#ifndef SFP_TOOL_VERSION
#define SFP_TOOL_VERSION "unknown"
#endif

namespace sfp {
namespace {

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) != 0) continue;
        const std::size_t colon = line.find(':');
        if (colon != std::string::npos && colon + 2 <= line.size()) return line.substr(colon + 2);
    }
    utsname u{};
    return uname(&u) == 0 ? u.machine : "unknown";
}

std::string kernel() {
    utsname u{};
    return uname(&u) == 0 ? std::string(u.sysname) + " " + u.release : "unknown";
}

std::string host() {
    char name[HOST_NAME_MAX + 1] = {};
    return gethostname(name, sizeof name - 1) == 0 ? name : "unknown";
}

// /proc/self/mounts escapes blanks in mount points as octal (\040).
std::string unescape(const std::string& s) {
    auto octal = [](char c) { return c >= '0' && c <= '7'; };
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size() && octal(s[i + 1]) && octal(s[i + 2]) && octal(s[i + 3])) {
            out += char((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}

// The canonical path of `path`, or of its nearest existing ancestor (a workspace not made yet).
std::string existing_ancestor(std::string path) {
    char resolved[PATH_MAX];
    for (;;) {
        if (realpath(path.c_str(), resolved)) return resolved;
        if (path == "/" || path == ".") return "";
        const std::size_t slash = path.find_last_of('/');
        path = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    }
}

struct Mount {
    std::string type = "unknown", device = "unknown";  // "ext4", "/dev/vda"
};

// The mount with the longest mount point containing the path.
Mount mount_of(const std::string& path) {
    Mount best;
    const std::string real = existing_ancestor(path);
    if (real.empty()) return best;
    std::ifstream in("/proc/self/mounts");
    std::string line;
    std::size_t best_len = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string device, mount_point, type;
        if (!(fields >> device >> mount_point >> type)) continue;
        mount_point = unescape(mount_point);
        const bool contains = mount_point == "/" || real == mount_point || real.rfind(mount_point + "/", 0) == 0;
        if (contains && mount_point.size() >= best_len) {
            best_len = mount_point.size();
            best = {type, unescape(device)};
        }
    }
    return best;
}

}  // namespace

MachineInfo machine_info(const std::string& data_path) {
    MachineInfo m;
    m.host = host();
    m.cpu_model = cpu_model();
    m.kernel = kernel();
    const Mount mount = mount_of(data_path.empty() ? "." : data_path);
    m.filesystem = mount.type;
    m.device = mount.device;
    m.tool_version = SFP_TOOL_VERSION;
    m.cores = online_cpus();
    m.memory_bytes = total_memory_bytes();
    return m;
}

}  // namespace sfp
