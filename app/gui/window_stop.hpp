#pragma once
// The window closed by a signal (SIGTERM from a session ending, Ctrl-C in its terminal) keeps
// its runs: a signal is no moment for a dialog, so they go to a file named on stderr.
#include <QString>
#include <functional>

namespace gui {

class MainWindow;

// Where they go: $XDG_DATA_HOME/sfpbench/sfpbench-gui/interrupted/ (QStandardPaths'
// AppDataLocation), one whole report per stop, named by the UTC time, never replacing one.
QString interrupted_runs_dir();

// A running experiment is cancelled through the controller (its completed runs kept, as the
// Cancel button keeps them); then the runs the window holds -- those, or the last run's -- are
// saved as a whole report in interrupted_runs_dir() and named on stderr, and `done` is called
// with 128 + `signal` (main closes the window and exits with it). Later calls while it waits
// for the cancelled run are ignored. Returns at once; `done` may come later.
void stop_window(MainWindow& window, int signal, std::function<void(int code)> done);

}  // namespace gui
