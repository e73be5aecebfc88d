#pragma once
// What every search strategy starts from: the options read once, the inputs looked at, and what
// the matches found are collected into.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/earliest_table.hpp"
#include "algorithms/search/finder.hpp"
#include "io/file.hpp"
#include "sfp/run_context.hpp"
#include "sfp/strategy.hpp"
#include "sfp/search.hpp"
#include "sfp/types.hpp"

namespace sfp::search {

struct Input {
    std::string path;
    std::uint64_t size = 0;   // when the run began; a file that changes after is refused
    std::uint64_t start = 0;  // its first byte's place among all inputs' bytes (passive stop)
};

struct Job {
    std::string pattern;                             // bytes, no newline
    std::uint64_t max_matches = kDefaultMaxMatches;  // the first N are kept
    bool count = false;                              // every match counted per input (no early stop)
    bool regex = false;                              // the pattern is a PCRE2 regular expression: lines are found
    bool only_matching = false;                      // with regex: the matches in the lines, as grep -o
    std::uint64_t block = 0;
    unsigned threads = 1;  // resolved
    std::vector<Input> inputs;
    std::uint64_t total() const noexcept { return inputs.empty() ? 0 : inputs.back().start + inputs.back().size; }
};

// Reads the options, looks at every input (regular files, refused before any is read) and sets
// the progress total. No input stays open.
Job open_job(const RunSpec& spec, RunContext& ctx);
void check_options(const RunSpec& spec);  // the pattern: not empty, no newline; a regex compiles
// The pattern searched for: the option's bytes, the first pattern_length of them when given.
std::string pattern_of(const RunSpec& spec);
// A fixed-string strategy's Strategy::takes: not a regex.
Support takes_fixed_strings(const RunSpec& spec);
// Opens an input when its turn comes; throws naming it when it changed since the run began.
File open_input(const Input& input);

// The passive stop's table: a match's place among all inputs' bytes (Input::start + offset).
struct Candidate {
    std::uint64_t position;
};
inline std::uint64_t table_position(const Candidate& c) noexcept { return c.position; }
using CandidateTable = EarliestTable<Candidate>;

// The first N matches of all inputs, in order, and the counts per input when counting.
class Collector {
public:
    explicit Collector(const Job& job) : max_(job.max_matches), count_(job.count), counts_(job.inputs.size()) {}
    // Adds a match of input `file`; false once nothing more is wanted (not counting, N found).
    bool add(std::uint32_t file, std::uint64_t offset, std::optional<std::string> text = std::nullopt) {
        if (matches_.size() < max_) matches_.push_back({file, offset, std::move(text)});
        counts_[file] += 1;
        if (table_ && !count_) table_->add({start_ + offset});
        return !enough();
    }
    void add_count(std::uint32_t file, std::uint64_t more) { counts_[file] += more; }
    bool enough() const noexcept { return !count_ && matches_.size() >= max_; }
    // Shares what is found with other threads' collectors: each match goes into `table` too,
    // and closed_at says when the table holds N matches before an offset of this input.
    void share(CandidateTable* table, std::uint64_t start) noexcept { table_ = table, start_ = start; }
    bool closed_at(std::uint64_t offset) const noexcept {
        return table_ && !count_ && table_->closed_before(start_ + offset);
    }
    void absorb(const Collector& other);  // another input's matches after these, and its counts
    SearchOutcome take();

private:
    std::uint64_t max_;
    bool count_;
    std::vector<SearchMatch> matches_;
    std::vector<std::uint64_t> counts_;
    CandidateTable* table_ = nullptr;
    std::uint64_t start_ = 0;
};

// One thread, read() blocks of job.block: each block searched with the last length-1 bytes of the
// one before carried in front of it, so a match across blocks is found. Stops reading once N
// matches are found, unless counting. Both return the bytes they searched.
std::uint64_t search_read(const Job& job, const Finder& finder, std::uint32_t file, Collector& out, RunContext& ctx);
// One thread over the mapping of the whole input.
std::uint64_t search_mapped(const Job& job, const Finder& finder, std::uint32_t file, Collector& out, RunContext& ctx);

}  // namespace sfp::search

namespace sfp::search {

// The inputs searched one after the other on the calling thread, each by `each` (search_read or
// search_mapped) with a finder of `kernel`, until N matches are found (unless counting). With a
// timeline, each input searched is a scan event at its place among all inputs' bytes (both here
// and below).
using SearchOne = std::uint64_t (*)(const Job&, const Finder&, std::uint32_t, Collector&, RunContext&);
Outcome search_in_turn(const RunSpec& spec, RunContext& ctx, Kernel kernel, SearchOne each);
Outcome search_in_turn(const Job& job, RunContext& ctx, Kernel kernel, SearchOne each);  // inputs looked at
// Whole-file parallelism (files, regex): job.threads threads, each searching whole inputs in turn
// with search_one(input, its collector) -> the bytes it searched, the first N in a shared table
// with compMP's passive stop (an input that begins past the N-th match known is not searched); joined in argument
// order.
Outcome search_files_in_parallel(const Job& job, RunContext& ctx,
                                 const std::function<std::uint64_t(std::uint32_t, Collector&)>& search_one);
// The regex strategy's run (regex.cpp), which auto hands a regex to.
Outcome search_regex(const RunSpec& spec, RunContext& ctx);

}  // namespace sfp::search
