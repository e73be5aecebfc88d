#pragma once
// One function per subcommand (cmd_<name>.cpp) and one for every algorithm (one_run.hpp);
// main.cpp dispatches on the first argument.
#include <QStringList>

namespace cli {

// Each takes the arguments after the subcommand name and returns the process exit code.
int cmd_generate(const QStringList& args);
int cmd_strategies(const QStringList& args);
int cmd_run(const QStringList& args);
int cmd_clean(const QStringList& args);
int cmd_diff(const QStringList& args);
int cmd_lesson(const QStringList& args);
int cmd_report(const QStringList& args);
int cmd_evict(const QStringList& args);
int cmd_limits(const QStringList& args);

}  // namespace cli
