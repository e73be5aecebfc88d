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
