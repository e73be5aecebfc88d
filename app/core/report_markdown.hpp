#pragma once
// The report as Markdown (GitHub-flavoured tables): per input one table of the cells'
// statistics, the fastest in bold, noisy or failing cells marked, then the machine, method,
// warnings, comparisons with other result sets and the spec that replays it.
#include <QByteArray>
#include <vector>

#include "report_content.hpp"

namespace core {

QByteArray report_markdown(const sfp::ExperimentReport& report);
QByteArray report_markdown(const sfp::ExperimentReport& report, const std::vector<ComparedSet>& extra);

}  // namespace core
