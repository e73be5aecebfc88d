#pragma once
// Before the first run of commands the user has not seen (an experiment file from elsewhere, a
// lesson's, a report's): every command line in full, and a question. Nothing runs unless yes.
#include <vector>

#include "sfp/command.hpp"
#include "sfp/experiment.hpp"

class QWidget;

namespace gui {

// The experiment's commands that would run (named in its strategies).
std::vector<sfp::Command> commands_to_run(const sfp::Experiment& experiment);

// Asks in a modal dialog (objectName "commandApproval") that lists every command in full, its
// control characters made visible; true when the user chose Run.
bool ask_to_run_commands(QWidget* parent, const std::vector<sfp::Command>& commands);

}  // namespace gui
