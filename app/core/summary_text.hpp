#pragma once
// The readable end of an experiment, for the terminal and the GUI's text view: a table of the
// cells, then per input the fastest cell and "N.NNx slower" for the others (as IOBoost's
// summary.py prints), size fits, and warnings (mismatches, failures, high variation).
#include <QString>

#include "sfp/report.hpp"

namespace core {

QString summary_text(const sfp::ExperimentReport& report);

}  // namespace core
