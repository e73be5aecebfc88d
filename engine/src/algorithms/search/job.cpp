#include "algorithms/search/job.hpp"

#include <algorithm>
#include <vector>

#include "algorithms/search/pcre_pattern.hpp"
#include "algorithms/search/strategies.hpp"
#include "algorithms/units.hpp"
#include "io/mapping.hpp"
#include "io/sigbus_guard.hpp"
#include "sfp/failure.hpp"
#include "sfp/run.hpp"
#include "spec_options.hpp"

namespace sfp::search {
std::string pattern_of(const RunSpec& spec) {
    std::string p = option_text(spec, parameters(), "pattern");
    if (p.empty()) fail("option pattern: an empty pattern matches nothing to report (give at least one byte)");
    if (p.find('\n') != std::string::npos)
        fail("option pattern: a newline cannot be in the pattern (grep matches within lines)");
    const auto length = std::size_t(option_value(spec, parameters(), "pattern_length"));
    if (length == 0) return p;
    if (option_flag(spec, parameters(), "regex"))
        fail("option pattern_length: only for a fixed pattern (a regular expression cut short is another one)");
    if (length > p.size())
        fail("option pattern_length: " + std::to_string(length) + " is longer than the pattern (" +
             std::to_string(p.size()) + " bytes)");
    return p.substr(0, length);
}

void check_options(const RunSpec& spec) {
    const std::string pattern = pattern_of(spec);  // with its length, when one is given
    option_value(spec, parameters(), "max_matches");
    option_flag(spec, parameters(), "count");
    if (option_flag(spec, parameters(), "only_matching") && !option_flag(spec, parameters(), "regex"))
        fail("option only_matching: only with regex (a fixed pattern's matches are what is printed)");
    if (option_flag(spec, parameters(), "regex")) check_regex(pattern);
}

Support takes_fixed_strings(const RunSpec& spec) {
    if (option_flag(spec, parameters(), "regex"))
        return Support::no("fixed strings only (a regex: the regex strategy)");
    return Support::yes();
}

Job open_job(const RunSpec& spec, RunContext& ctx) {
    if (spec.inputs.empty()) fail("search needs at least one input file");
    Job job{.pattern = pattern_of(spec),
            .max_matches = std::uint64_t(option_value(spec, parameters(), "max_matches")),
            .count = option_flag(spec, parameters(), "count"),
            .regex = option_flag(spec, parameters(), "regex"),
            .only_matching = option_flag(spec, parameters(), "only_matching"),
            .block = spec.block_size,
            .threads = resolved_threads(spec.threads),
            .inputs = {}};
    std::uint64_t total = 0;
    for (const std::string& path : spec.inputs) {
        const File f = File::open_read(path);  // closed again at once: open_input when its turn comes
        job.inputs.push_back({path, f.size(), total});
        total += f.size();
    }
    ctx.set_total(total);
    return job;
}

File open_input(const Input& input) {
    File f = File::open_read(input.path);
    if (f.size() != input.size)
        fail("'" + input.path + "' changed while it was searched (" + std::to_string(input.size) +
             " bytes when the run began, " + std::to_string(f.size()) + " now); no match is reported for it");
    return f;
}

SearchOutcome Collector::take() {
    SearchOutcome o{.matches = std::move(matches_), .counts = {}};
    if (count_) o.counts = std::move(counts_);
    return o;
}

void Collector::absorb(const Collector& other) {
    for (const SearchMatch& m : other.matches_)
        if (matches_.size() < max_) matches_.push_back(m);
    for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
}

std::uint64_t search_read(const Job& job, const Finder& finder, std::uint32_t file, Collector& out, RunContext& ctx) {
    File f = open_input(job.inputs[file]);
    const std::size_t carry_max = finder.length() - 1;
    std::vector<std::uint8_t> buf(std::size_t(job.block) + carry_max);
    std::uint64_t base = 0;  // the file offset of buf[0]
    std::size_t fill = 0;    // bytes in buf
    std::size_t next = 0;    // where the walk goes on, in buf
    std::uint64_t read = 0;
    ProgressMeter meter(ctx);
    for (;;) {
        if (ctx.should_stop() || out.closed_at(base)) return read;  // nothing not yet searched starts before base
        const std::size_t got = f.read_full(buf.data() + fill, std::size_t(job.block));
        meter.add(got);
        read += got;
        fill += got;
        const bool last = got < job.block;
        bool more = true;
        next = each_match(finder, buf.data(), fill, next, fill, [&](std::size_t at) {
            more = out.add(file, base + at);
            return more;
        });
        if (!more || last) return read;
        // Keep the bytes a match could still start in: the last length-1, not before `next`.
        const std::size_t keep_from = std::max(next, fill - std::min(fill, carry_max));
        std::copy(buf.begin() + std::ptrdiff_t(keep_from), buf.begin() + std::ptrdiff_t(fill), buf.begin());
        base += keep_from;
        fill -= keep_from;
        next = next > keep_from ? next - keep_from : 0;
    }
}

std::uint64_t search_mapped(const Job& job, const Finder& finder, std::uint32_t file, Collector& out, RunContext& ctx) {
    const File f = open_input(job.inputs[file]);
    const Mapping map(f, std::size_t(f.size()));
    map.advise_sequential();
    std::size_t next = 0;
    std::uint64_t searched = 0;
    const std::size_t size = map.size(), step = std::size_t(std::max<std::uint64_t>(job.block, 1u << 20));
    auto scan = [&] {  // a step at a time: progress, cancel and the early stop between them
        for (std::size_t start = 0; start < size && !ctx.should_stop();) {
            const std::size_t end = std::min(size, start + step);
            bool more = true;
            // The step's bytes and the length-1 after them: a search to the end of the mapping
            // at every step would scan the rest of the file each time.
            const std::size_t reach = std::min(size, end + finder.length() - 1);
            next = each_match(finder, map.data(), reach, next, end, [&](std::size_t at) {
                more = out.add(file, at);
                return more;
            });
            ctx.add_progress(end - start);
            searched += end - start;
            if (!more) return;
            next = std::max(next, end);  // nothing starts before `end` that was not found
            start = end;
        }
    };
    if (!guarded(scan)) fail("'" + f.path() + "' was truncated while mapped (SIGBUS); no match is reported for it");
    return searched;
}

}  // namespace sfp::search

namespace sfp::search {
namespace {

// Searches input `file` with search() (its bytes searched); with a timeline on this thread, as
// one scan event at the input's place among all inputs' bytes.
template <class Search>
void recorded(const Job& job, std::uint32_t file, Search&& search) {
    ThreadTimeline* const timeline = current_timeline();
    const double start = timeline ? timeline->now() : 0;
    const std::uint64_t bytes = search();
    if (timeline) timeline->add(EventKind::scan, start, bytes, job.inputs[file].start);
}

}  // namespace

Outcome search_in_turn(const RunSpec& spec, RunContext& ctx, Kernel kernel, SearchOne each) {
    return search_in_turn(open_job(spec, ctx), ctx, kernel, each);
}

Outcome search_in_turn(const Job& job, RunContext& ctx, Kernel kernel, SearchOne each) {
    const Finder finder(job.pattern, kernel);
    Collector out(job);
    for (std::uint32_t f = 0; f < job.inputs.size() && !out.enough(); ++f) {
        recorded(job, f, [&] { return each(job, finder, f, out, ctx); });
        if (ctx.should_stop()) return {};
    }
    return out.take();
}

Outcome search_files_in_parallel(const Job& job, RunContext& ctx,
                                 const std::function<std::uint64_t(std::uint32_t, Collector&)>& search_one) {
    CandidateTable table(std::size_t(job.max_matches));
    std::vector<Collector> each(job.inputs.size(), Collector(job));
    const std::size_t files = job.inputs.size();
    const unsigned threads = unsigned(std::min<std::size_t>(job.threads, files));
    ctx.run_threads(threads, [&](unsigned worker) {
        for (std::size_t f = worker; f < files && !ctx.should_stop(); f += threads) {
            each[f].share(&table, job.inputs[f].start);
            if (each[f].closed_at(0)) return;  // N matches known before this input: the rest are later
            recorded(job, std::uint32_t(f), [&] { return search_one(std::uint32_t(f), each[f]); });
        }
    });
    if (ctx.should_stop()) return {};
    Collector out(job);
    for (const Collector& c : each) out.absorb(c);
    return out.take();
}

}  // namespace sfp::search
