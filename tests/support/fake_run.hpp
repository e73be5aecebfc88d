#pragma once
// Runs a test's own strategy body through sfp::run_once, measured as any run (a compare
// strategy named "fake" that is always supported): what the measurement tests time.
#include "sfp/run.hpp"
#include "sfp/run_context.hpp"
#include "sfp/strategy.hpp"

namespace testing {

inline sfp::Support fake_supported() { return sfp::Support::yes(); }

inline sfp::RunResult run_fake(sfp::Outcome (*body)(const sfp::RunSpec&, sfp::RunContext&)) {
    const sfp::Strategy fake{
        .algorithm = "compare", .name = "fake", .description = "test-only", .probe = fake_supported, .run = body};
    sfp::RunSpec spec;
    spec.algorithm = "compare";
    spec.strategy = "fake";
    sfp::Progress progress;
    return sfp::run_once(fake, spec, progress);
}

}  // namespace testing
