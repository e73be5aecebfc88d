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

struct Cell;        // sfp/experiment.hpp
struct Experiment;  // sfp/experiment.hpp

// size: bytes, written 4K/64M; count: a whole number; choice: one of `choices` (a value is the
// index); flag: on/off (1/0); range: a signed whole number; text: free text the algorithm checks.
enum class ParameterType { size, count, choice, flag, range, text };
const char* to_string(ParameterType t) noexcept;

struct Parameter {
    std::string_view name;   // option key, CSV column, JSON field, flag (--name, '_' as '-')
    ParameterType type = ParameterType::count;
    std::string_view help;   // one line
    std::int64_t fallback = 0;              // the value when none is given (a choice: its index)
    std::int64_t min = 0, max = 0;          // inclusive (size, count, range)
    std::span<const std::string_view> choices = {};
    bool sweepable = false;  // an experiment may list several values; each is a cell dimension
    // Which strategies use it: those with this Uses bit; 0 = those naming it in Strategy::swept
    // (a sweepable one) or every strategy (one that is not).
    unsigned used_by = uses_nothing;
    std::string_view text_fallback = {};    // the default of a text parameter
    std::string_view unit = {};  // what one counts, for axis titles ("lines per hand-off"); sizes are bytes
};

// The two entries every algorithm's table starts with. They keep their own experiment fields
// (Experiment::block_sizes, threads) and cell fields, which saved files and CSV columns name.
inline constexpr Parameter kBlockSizeParameter{
    .name = "block_size", .type = ParameterType::size,
    .help = "bytes per read or write call", .fallback = std::int64_t(kDefaultBlockSize),
    .min = 1, .max = std::int64_t(kMaxBlockSize), .sweepable = true, .used_by = uses_block};
inline constexpr Parameter kThreadsParameter{
    .name = "threads", .type = ParameterType::count,
    .help = "worker threads (0 = online CPUs)", .fallback = 0,
    .min = 0, .max = kMaxThreads, .sweepable = true, .used_by = uses_threads};

// The algorithm's table (empty for an unknown algorithm), and one entry of it.
std::span<const Parameter> parameters_of(std::string_view algorithm) noexcept;
const Parameter* find_parameter(std::string_view algorithm, std::string_view name) noexcept;
// Every sweepable parameter of any algorithm other than block size and threads (which have
// fields of their own), one per name: run's flags and the window's toggle rows.
std::vector<const Parameter*> swept_parameters();
// "block_size, threads, packing": for messages that list the known names.
std::string parameter_names(std::string_view algorithm);

bool uses(const Strategy& strategy, const Parameter& p) noexcept;

// The parameters a cell can differ in, for any algorithm: block size, threads, then
// swept_parameters(). Reports, labels and the plot loop over this, so a new sweepable entry in a
// table becomes a column, a label part and a plot dimension without code naming it.
std::vector<const Parameter*> cell_parameters();
// Block size and threads: stored in Cell and Experiment fields of their own, always in labels.
bool has_own_field(const Parameter& p) noexcept;
// The one way to read a cell's parameter: nothing when the cell's strategy does not use it
// (block size and threads are 0 then, a swept option absent).
std::optional<std::int64_t> parameter_value(const Cell& cell, const Parameter& p);
void set_parameter_value(Cell& cell, const Parameter& p, std::int64_t value);
void clear_parameter_value(Cell& cell, const Parameter& p);  // as for a strategy that does not use it
// "64K", "2", "1000", "letters": value_text of the cell's value, "-" when it does not use it.
std::string parameter_text(const Cell& cell, const Parameter& p);
// The values an experiment gives a parameter: block_sizes, threads, sweeps[name], else the one
// value in options[name] (parsed by type; throws Failure naming it when bad), else none.
std::vector<std::int64_t> parameter_values(const Experiment& experiment, const Parameter& p);
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
// "1 to 100000", "4K to 1G", "caesar, letters or widen", "true or false", "text".
std::string limits_text(const Parameter& p);

}  // namespace sfp
