#pragma once
// The man page sfpbench(1) and the bash completion, generated from what the commands declare
// (describe()) and from the strategy registry, so that neither goes stale: `sfpbench help man`
// and `sfpbench help completion` print them; the build writes both (app/cli/CMakeLists.txt).
#include <span>
#include <string>

#include "command_line.hpp"

namespace cli {

std::string man_page(std::span<const CommandDoc> commands, const QString& version);
std::string bash_completion(std::span<const CommandDoc> commands);

}  // namespace cli
