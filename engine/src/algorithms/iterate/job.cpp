#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/test_seam.hpp"
#include "algorithms/units.hpp"

#include <xxhash.h>

#include <algorithm>

#include "measure/clock.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"
#include "sfp/iterate.hpp"
#include "spec_options.hpp"

namespace sfp::iterate {

std::function<void(const Listing&)> after_listing_for_tests;

std::uint64_t scope_of(const RunSpec& spec) {
    const std::string text = option_text(spec, parameters(), "scope");
    if (text == "full") return kWholeFile;
    std::uint64_t scope = 0;
    try {
        scope = parse_size(text);
    } catch (const Failure& e) {
        fail(std::string("option scope: ") + e.what() + " (or 'full')");
    }
    if (scope == 0) fail("option scope: must be at least 1 byte (or 'full')");
    return scope;
}

void check_options(const RunSpec& spec) {
    scope_of(spec);
    option_value(spec, parameters(), "seed");
}

Job start(const RunSpec& spec, RunContext& ctx) {
    if (spec.inputs.empty()) fail("iterate needs at least one directory");
    Job job;
    job.scope = scope_of(spec);
    job.seed = std::uint64_t(option_value(spec, parameters(), "seed"));
    const Stopwatch clock;
    job.listing = list_tree(spec.inputs, [&ctx] { return ctx.should_stop(); });
    ctx.set_list_seconds(clock.seconds());
    if (after_listing_for_tests) after_listing_for_tests(job.listing);
    return job;
}

IterateOutcome outcome_of(Job& job, const std::vector<std::size_t>& order, std::vector<HashResult>& results) {
    IterateOutcome o;
    o.skipped = std::move(job.listing.skipped);
    o.files.reserve(order.size());
    for (std::size_t k = 0; k < order.size() && k < results.size(); ++k) {
        HashResult& r = results[k];
        if (!r.ok) {
            if (!r.error.empty()) o.skipped.push_back(std::move(r.error));  // empty: not reached (a cancel)
            continue;
        }
        o.files.push_back({std::move(job.listing.files[order[k]].path), r.hash});
        o.bytes += r.bytes;
    }
    return o;
}

IterateOutcome hash_in_order(Job& job, const std::vector<std::size_t>& order, RunContext& ctx) {
    std::vector<HashResult> results;
    results.reserve(order.size());
    Hasher hasher;
    ProgressMeter meter(ctx);
    for (std::size_t i : order) {
        if (ctx.should_stop()) break;
        results.push_back(hasher.hash_path(job.listing.files[i].path, job.scope, ctx, meter));
    }
    return outcome_of(job, order, results);
}

void finish(const RunSpec& spec, Outcome& outcome) {
    auto* o = outcome.get_if<IterateOutcome>();
    if (!o) return;
    std::vector<const FileHash*> sorted;
    sorted.reserve(o->files.size());
    for (const FileHash& f : o->files) sorted.push_back(&f);
    std::sort(sorted.begin(), sorted.end(), [](const FileHash* a, const FileHash* b) { return a->path < b->path; });
    XXH3_state_t* state = XXH3_createState();
    if (!state) throw std::bad_alloc();
    XXH3_64bits_reset(state);
    for (const FileHash* f : sorted) {
        const std::string line = iterate_list_line(*f);
        XXH3_64bits_update(state, line.data(), line.size());
    }
    o->digest = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    o->file_count = o->files.size();
    std::sort(o->skipped.begin(), o->skipped.end());
    if (!option_flag(spec, parameters(), "list")) std::vector<FileHash>().swap(o->files);
}

}  // namespace sfp::iterate
