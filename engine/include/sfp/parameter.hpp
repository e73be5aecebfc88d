#pragma once
// An algorithm's parameters as data (fio's option tables, google/benchmark's named argument
// dimensions): each algorithm declares one table in its folder (algorithms/<algo>/parameters.cpp,
// reached through AlgorithmIo::parameters). Block size and threads are two of its entries. The
// plan's expansion, the CLI flags and help, the experiment JSON, validation, the CSV columns and
// the window's controls are all derived from the table, named by `name`.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/strategy.hpp"

namespace sfp {

struct Cell;        // sfp/cell.hpp
struct Experiment;  // sfp/experiment.hpp

// size: bytes, written 4K/64M; count: a whole number; choice: one of `choices` (a value is the
// index); flag: on/off (1/0); range: a signed whole number; text: free text the algorithm checks.
enum class ParameterType { size, count, choice, flag, range, text };
const char* to_string(ParameterType t) noexcept;

struct Parameter {
    std::string_view name;  // option key, CSV column, JSON field, flag (--name, '_' as '-')
    ParameterType type = ParameterType::count;
    std::string_view help;          // one line
    std::int64_t fallback = 0;      // the value when none is given (a choice: its index)
    std::int64_t min = 0, max = 0;  // inclusive (size, count, range)
    std::span<const std::string_view> choices = {};
    bool sweepable = false;               // an experiment may list several values; each is a cell dimension
    std::string_view text_fallback = {};  // the default of a text parameter
    std::string_view unit = {};           // what one counts, for axis titles ("lines per hand-off"); sizes are bytes
    // The two every algorithm has (block size, threads) predate the "parameters" object of the
    // experiment file: their values are a list field of its own there (list_field, e.g.
    // "block_sizes"), they come first in CSV columns and always appear in cell labels (as
    // `label`), and a saved cell's 0 means "unused". Empty for every other parameter.
    std::string_view list_field = {};
    std::string_view label = {};  // its word in cell labels ("block"); empty: its name
    std::string_view noun = {};   // one value in messages ("block size"); empty: its name
    bool counts_threads = false;  // a thread count, 0 meaning every online CPU (the window offers 1 ... 2 x CPUs)
    // Its value changes what a correct run finds (search's first N matches): runs are checked
    // against each other only where it is the same, not over the whole input set.
    bool shapes_outcome = false;
};

// The two entries every algorithm's table starts with; a run reads them as RunSpec::block_size
// and threads (filled from the cell in one place, runner/plan.cpp's spec_of_cell).
inline constexpr Parameter kBlockSizeParameter{.name = "block_size",
                                               .type = ParameterType::size,
                                               .help = "bytes per read or write call",
                                               .fallback = std::int64_t(kDefaultBlockSize),
                                               .min = 1,
                                               .max = std::int64_t(kMaxBlockSize),
                                               .sweepable = true,
                                               .list_field = "block_sizes",
                                               .label = "block",
                                               .noun = "block size"};
inline constexpr Parameter kThreadsParameter{.name = "threads",
                                             .type = ParameterType::count,
                                             .help = "worker threads (0 = online CPUs)",
                                             .fallback = 0,
                                             .min = 0,
                                             .max = kMaxThreads,
                                             .sweepable = true,
                                             .list_field = "threads",
                                             .noun = "thread count",
                                             .counts_threads = true};

// Block size and threads are fields of a run (RunSpec), with a list field of their own in the
// experiment file; every other entry is an option.
inline bool is_run_field(const Parameter& p) noexcept { return !p.list_field.empty(); }
// Its word in cell labels, column heads and flags: "block" for block size, else its name.
inline std::string_view label_word(const Parameter& p) noexcept { return p.label.empty() ? p.name : p.label; }

// The algorithm's table (empty for an unknown algorithm), and one entry of it.
std::span<const Parameter> parameters_of(std::string_view algorithm) noexcept;
const Parameter* find_parameter(std::string_view algorithm, std::string_view name) noexcept;
// Every sweepable parameter of any algorithm without a list field of its own (block size and
// threads have flags and controls of their own), one per name: run's flags and the window's toggle rows.
std::vector<const Parameter*> swept_parameters();

// Whether the strategy reads it: a swept parameter when the strategy names it in
// Strategy::reads; an option always (its algorithm judges it).
bool uses(const Strategy& strategy, const Parameter& p) noexcept;

// The parameters a cell can differ in, for any algorithm: every sweepable entry of the tables,
// one per name, in table order (block size, threads, then swept_parameters()). Reports, labels
// and the plot loop over this, so a new sweepable entry in a table becomes a column, a label
// part and a plot dimension without code naming it.
std::vector<const Parameter*> cell_parameters();
// A cell's value of a parameter (Cell::parameters): nothing when its strategy does not use it.
std::optional<std::int64_t> parameter_value(const Cell& cell, const Parameter& p);
void set_parameter_value(Cell& cell, const Parameter& p, std::int64_t value);
// "64K", "2", "1000", "letters": value_text of the cell's value, "-" when it does not use it.
std::string parameter_text(const Cell& cell, const Parameter& p);
// The values an experiment gives a parameter: sweeps[name], else the one value in
// options[name] (parsed by type; throws Failure naming it when bad), else none.
std::vector<std::int64_t> parameter_values(const Experiment& experiment, const Parameter& p);
// parameter_values, else the table's fallback alone: the values the plan expands.
std::vector<std::uint64_t> swept_values(const Experiment& experiment, const Parameter& p);
// Numbers far apart (a count from 1 up to 1000 times that or more) read best on a log₁₀ axis;
// sizes on a log₂ one.
bool spans_decades(const Parameter& p) noexcept;

// Text -> value, by the parameter's type ("64K", "12", "letters", "true"). The error says what is
// wrong and what would be right, without the name (callers prefix the field or flag).
struct ParsedValue {
    std::int64_t value = 0;
    std::string error;  // empty = ok
};
ParsedValue parse_value(const Parameter& p, std::string_view text);
// Value -> text: "64K", "12", "letters", "true".
std::string value_text(const Parameter& p, std::int64_t value);
// Why a value is refused ("" = it is within the limits).
std::string limit_error(const Parameter& p, std::int64_t value);
// One value in messages: its noun ("block size"), else its name.
inline std::string noun_of(const Parameter& p) { return std::string(p.noun.empty() ? p.name : p.noun); }
// limit_error as the validator words it for a swept value: "block size 0 is out of range (1 to 1G)".
inline std::string value_error(const Parameter& p, std::int64_t value) {
    const std::string error = limit_error(p, value);
    return error.empty() ? error : noun_of(p) + " " + error;
}
// "1 to 100000", "4K to 1G", "caesar, letters or widen", "true or false", "text".
std::string limits_text(const Parameter& p);

}  // namespace sfp
