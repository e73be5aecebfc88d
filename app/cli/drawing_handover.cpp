// sfpbench's side of the drawing boundary (drawing.hpp): a command line that draws is run by
// sfpbench-draw in this process's place, so sfpbench itself loads no drawing library.
#include <cstdlib>
#include <cstring>

#include "cli_support.hpp"
#include "drawing.hpp"
#include "sibling_program.hpp"

namespace cli {

#ifdef SFP_DRAW_FROM_BINDIR  // where sfpbench-draw is installed, relative to sfpbench's directory
namespace {

[[noreturn]] void run_draw_helper(char** argv) {
    const NotRun failed = run_instead("sfpbench-draw", SFP_DRAW_FROM_BINDIR, argv);
    print_error("report --pdf: cannot run sfpbench-draw, which draws the plots (" + failed.tried +
                "): " + std::strerror(failed.error));
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
