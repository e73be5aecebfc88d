#pragma once
// A test-only compare strategy, "bytewise", never shipped: it proves that a strategy is its file
// plus one line. This header is the file; `sfp::add_strategy(bytewise::kStrategy)` first thing
// in a test's main is the line (a shipped strategy's line is in its algorithm's strategies.hpp).
// It reads both files whole and compares them byte by byte: slow, obviously right.
#include <unistd.h>

#include <cerrno>
#include <string>

#include "sfp/compare.hpp"
#include "sfp/failure.hpp"
#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"
#include "sfp/strategy.hpp"
#include "support/compare_reference.hpp"
#include "support/temp_files.hpp"

namespace bytewise {

inline testing::Bytes whole(const std::string& path) {
    if (::access(path.c_str(), R_OK) != 0) sfp::fail_errno("cannot read", path, errno);
    return testing::read_file(path);
}

inline sfp::Outcome run(const sfp::RunSpec& spec, sfp::RunContext& ctx) {
    const testing::Bytes a = whole(spec.inputs.at(0)), b = whole(spec.inputs.at(1));
    ctx.add_progress(a.size() + b.size());
    const sfp::Parameter* max = sfp::find_parameter("compare", "max_mismatches");
    return testing::compare_reference(a, b, std::size_t(spec.options.number(*max)));
}

inline sfp::Support always() { return sfp::Support::yes(); }

inline const sfp::Strategy kStrategy{.algorithm = "compare",
                                     .name = "bytewise",
                                     .description = "test only: both files read whole, compared byte by byte",
                                     .probe = always,
                                     .run = run};

}  // namespace bytewise
