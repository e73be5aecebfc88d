// sfpbench's side of the drawing boundary (drawing.hpp): a command line that draws is run by
// sfpbench-draw in this process's place, so sfpbench itself loads no drawing library.
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

#include "cli_support.hpp"
#include "drawing.hpp"

namespace cli {

#ifdef SFP_DRAW_FROM_BINDIR  // where sfpbench-draw is installed, relative to sfpbench's directory
namespace {

// Beside sfpbench in the build tree (build/bin), else where it is installed (LIBEXECDIR/sfpbench).
std::vector<std::string> draw_helper_paths() {
    char self[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return {};
    std::string dir(self, std::size_t(n));
    dir.erase(dir.rfind('/'));
    return {dir + "/sfpbench-draw", dir + "/" SFP_DRAW_FROM_BINDIR "/sfpbench-draw"};
}

[[noreturn]] void run_draw_helper(char** argv) {
    // A signal from now on stays pending through exec, for sfpbench-draw's handler; one that came
    // before ends the command as `report` would, with nothing written.
    const sigset_t held = cancelling_signals();
    sigset_t previous;
    sigprocmask(SIG_BLOCK, &held, &previous);
    if (caught_signal()) std::_Exit(128 + caught_signal());
    int error = ENOENT;
    std::string tried;
    for (const std::string& path : draw_helper_paths()) {
        ::execv(path.c_str(), argv);  // returns only when it failed
        if (error == ENOENT) error = errno;  // a reason other than absence is the one to tell
        tried += (tried.empty() ? "" : ", ") + path;
    }
    sigprocmask(SIG_SETMASK, &previous, nullptr);
    print_error("report --pdf: cannot run sfpbench-draw, which draws the plots (" + tried + "): " +
                std::strerror(error));
    std::exit(exit_trouble);
}

}  // namespace
#endif

std::unique_ptr<QCoreApplication> start_application(int& argc, char** argv) {
#ifdef SFP_DRAW_FROM_BINDIR
    if (command_draws(argc, argv)) run_draw_helper(argv);
#endif
    return std::make_unique<QCoreApplication>(argc, argv);
}

QByteArray render_report_pdf(const sfp::ExperimentReport&, const std::vector<core::ComparedSet>&) {
#ifdef SFP_DRAW_FROM_BINDIR
    throw UsageError{"--pdf: sfpbench hands drawing to sfpbench-draw; this command line did not reach it"};
#else
    throw UsageError{"--pdf: this sfpbench was built without QCustomPlot (libqcustomplot-dev), which draws the plots"};
#endif
}

}  // namespace cli
