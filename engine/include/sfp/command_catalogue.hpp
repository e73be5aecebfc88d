#pragma once
// The strategies an experiment can name: a catalogue's (the registry's) and then the experiment's
// own commands (sfp/command.hpp), each a Strategy whose name, description and parameters this
// object keeps. A command reads the swept parameters its line names ({block}: block_size), so
// only those multiply its cells. One whose name is taken is left out (check_experiment says so).
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/experiment.hpp"
#include "sfp/strategy.hpp"

namespace sfp {

class CommandCatalogue {
public:
    CommandCatalogue(const Experiment& experiment, std::span<const Strategy> base);
    CommandCatalogue(const CommandCatalogue&) = delete;  // its strategies point into it
    CommandCatalogue& operator=(const CommandCatalogue&) = delete;

    std::span<const Strategy> strategies() const noexcept { return all_; }

private:
    std::deque<std::string> texts_;                    // the commands' algorithm, names and descriptions
    std::deque<std::vector<std::string_view>> reads_;  // each command's Strategy::reads
    std::vector<Strategy> all_;
};

}  // namespace sfp
