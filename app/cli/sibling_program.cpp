#include "sibling_program.hpp"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <vector>

#include "plain_support.hpp"

namespace cli {
namespace {

std::vector<std::string> paths_of(const std::string& name, const std::string& from_bindir) {
    char self[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return {};
    std::string dir(self, std::size_t(n));
    dir.erase(dir.rfind('/'));
    return {dir + "/" + name, dir + "/" + from_bindir + "/" + name};
}

}  // namespace

NotRun run_instead(const std::string& name, const std::string& from_bindir, char** argv) {
    const sigset_t held = cancelling_signals();
    sigset_t previous;
    sigprocmask(SIG_BLOCK, &held, &previous);
    if (caught_signal()) std::_Exit(128 + caught_signal());
    NotRun failed{ENOENT, {}};
    for (const std::string& path : paths_of(name, from_bindir)) {
        ::execv(path.c_str(), argv);                       // returns only when it failed
        if (failed.error == ENOENT) failed.error = errno;  // a reason other than absence is the one to tell
        failed.tried += (failed.tried.empty() ? "" : ", ") + path;
    }
    sigprocmask(SIG_SETMASK, &previous, nullptr);
    return failed;
}

}  // namespace cli
