#pragma once
// The one builder for hand-made cells and runs: tests of statistics, exports and views that
// need a report without running anything. Tweak the returned record's fields where a test
// needs more (faults, notes, large-folio share).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sfp/cell.hpp"
#include "sfp/parameter.hpp"
#include "sfp/run_record.hpp"

namespace hand_made {

// A run of `cell` with the given times over `bytes` bytes (throughput = bytes / real). The
// status is the runner's verdict: ok, error, mismatch, ...
inline sfp::RunRecord run(std::size_t cell, unsigned repetition, double real, double user = 0, double sys = 0,
                          sfp::RunStatus status = sfp::RunStatus::ok, const std::string& error = {},
                          std::uint64_t bytes = 2'000'000) {
    sfp::RunRecord r;
    r.cell = cell;
    r.repetition = repetition;
    r.result.real_s = real;
    r.result.usage.user_s = user;
    r.result.usage.sys_s = sys;
    r.result.usage.cpu_s = user + sys;
    r.result.bytes = bytes;
    r.result.status = status == sfp::RunStatus::error ? sfp::Status::error : sfp::Status::ok;
    r.result.error = error;
    r.result.digest = "00000000deadbeef";
    r.residency_pct = 100;
    r.status = status;
    return r;
}

// A cell; 0 for a parameter its strategy does not use.
inline sfp::Cell cell(const std::string& strategy, std::uint64_t block, unsigned threads, std::uint64_t size = 1 << 20,
                      std::size_t input_set = 0) {
    sfp::Cell c;
    c.strategy = strategy;
    if (block) c.parameters["block_size"] = block;
    if (threads) c.parameters["threads"] = threads;
    c.file_size = size;
    c.input_set = input_set;
    return c;
}

// The cell parameter (sfp::cell_parameters) named `name`, to set a swept value on a hand-made cell.
inline const sfp::Parameter& parameter(std::string_view name) {
    for (const sfp::Parameter* p : sfp::cell_parameters())
        if (p->name == name) return *p;
    throw std::logic_error("no cell parameter " + std::string(name));
}

}  // namespace hand_made
