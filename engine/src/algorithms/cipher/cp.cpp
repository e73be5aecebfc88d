// cipher/cp — the floor: the system `cp` copying the input to the output under the same clock
// and the same output safety (a temporary file renamed on success). It does not transform, so
// it is a reference floor, not a competitor: "what a plain copy costs here".
#include "algorithms/cipher/job.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"

namespace sfp::cipher {
namespace {

Support probe() {
    if (find_on_path("cp").empty()) return Support::no("`cp` is not installed (package coreutils)");
    return Support::yes();
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::external);
    note_kernel_copy(spec, ctx);
    const ChildRun child = run_child({"cp", "--", job.input().path(), job.output().write_path()}, ctx);
    if (ctx.should_stop()) return {};
    if (child.exit_code != 0) fail("cp failed: " + child.failure());
    ctx.add_progress(job.input_size());
    return job.complete(ctx);
}

}  // namespace

const Strategy cp_strategy{
    .algorithm = "cipher",
    .name = "cp",
    .description = "floor: the system `cp` copying the input (no transform), as a child process",
    .reference_floor = true,
    .probe = probe,
    .run = run,
    .finish = hash_copied_output,
    .check = check_options_for<Access::external>,
};

}  // namespace sfp::cipher
