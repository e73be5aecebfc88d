#include "default_experiment.hpp"

#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/experiment.hpp"
#include "sfp/registry.hpp"
#include "sfp/schedule.hpp"
#include "sfp/workspace.hpp"

namespace gui {

sfp::Experiment default_experiment() {
    sfp::Experiment e;
    e.algorithm = std::string(sfp::algorithms().front());  // the registry's first: compare
    if (const sfp::AlgorithmIo* io = sfp::algorithm_io(e.algorithm)) e.data_kind = io->data_kind;
    e.sizes = {64u << 20};
    for (const sfp::Strategy* s : sfp::strategies_of(e.algorithm))
        if (s->support().supported) e.strategies.emplace_back(s->name);
    e.sweeps["block_size"] = {512, 4096, 64u << 10, 1u << 20};
    e.sweeps["threads"] = {0};
    e.repetitions = 3;
    e.warmups = 1;
    e.cache = sfp::CacheMode::hot;
    e.order = sfp::Order::interleaved;
    e.workdir = sfp::default_workdir();
    return e;
}

}  // namespace gui
