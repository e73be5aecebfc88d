#pragma once
// The experiment a newcomer gets: small generated data, every supported compare strategy, a
// sweep of block sizes. One click on Run gives a plot in seconds.
#include "sfp/experiment.hpp"

namespace gui {

sfp::Experiment default_experiment();

}  // namespace gui
