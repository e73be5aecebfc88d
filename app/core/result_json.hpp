#pragma once
// Engine results as JSON: one shape for `sfpbench compare --json`, experiment files and exports.
#include <QJsonObject>

#include "sfp/types.hpp"

namespace core {

QJsonObject outcome_json(const sfp::Outcome& outcome);
QJsonObject usage_json(const sfp::Usage& usage);
// The whole result: status, error, bytes, times, usage, outcome, digest, notes.
QJsonObject result_json(const sfp::RunResult& result);

}  // namespace core
