#pragma once
// `sfpbench-gui --headless`: the window's experiment without a display (offscreen). Runs it,
// then writes the runs CSV and the plot PNG exactly as the window's Export would.
#include <QString>
#include <QStringList>

namespace plots {
class PlotSlice;
struct SliceChoice;
}  // namespace plots

namespace gui {

class MainWindow;
class SignalStop;

struct HeadlessOptions {
    QString experiment;  // a saved experiment; empty = the default one
    QString csv;         // where the runs CSV goes
    QString png;         // where the plot goes
    QString plot;     // which plot: lines (box where the algorithm asks), time-split, box, slowdown, histogram, listing
    QString x, per;   // the Lines plot's slice: x axis and one line per (dimension words)
    QStringList fix;  // "threads=4", "block=best", "size=16M"
    QString plot_data;            // where the plot's data goes (JSON, plot_data.hpp)
    QString lesson;               // a lesson to run (name or number): its experiments in order, on its plot
    bool allow_commands = false;  // run the experiment file's commands (refused without it)
};

// The names --plot accepts, in plots::Kind order.
QStringList plot_kind_names();

// The slice --x, --per and --fix ask for, starting from the defaults of `slice`; "" when these
// cells can take it, else one sentence saying which flag is wrong and why.
QString slice_from_flags(const plots::PlotSlice& slice, const QString& x, const QString& per, const QStringList& fix,
                         plots::SliceChoice* out);

// Runs the event loop until the experiment ends; returns the process exit code: 0 when every
// run succeeded, 2 for trouble (bad spec, an output not written, failed or MISMATCH runs), and
// as `sfpbench run` after a signal `stop` caught: the run cancelled, its completed runs written
// to the outputs, 128 + the signal (none completed: nothing written).
int run_headless(MainWindow& window, const HeadlessOptions& options, SignalStop& stop);

}  // namespace gui
