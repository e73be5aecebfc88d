#include "one_run_commands.hpp"

#include <algorithm>

#include "sfp/algorithm_io.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/registry.hpp"
#include "sfp/types.hpp"

namespace cli {
namespace {

// 256K: the stripe adaptive gives mmap-mt and pread-mt, so `--strategy mmap-mt` runs what the
// default runs (its 4K stripes were far slower: docs/cli-compare.md).
constexpr FlagHint kCompare[] = {{"block_size", "256K", {}}};

constexpr FlagHint kCipher[] = {
    {"block_size", "256K", "The stripe of the multithreaded strategies."},
    {"threads", {}, "For uring: blocks in flight."},
    {"shift", {}, "Required, except for widen.", true},
    {"fast", {}, "The default here; --plain for the byte-at-a-time kernel."},
    {"output_exists", {}, "See above."},
    {"in_place", {}, "See above."},
};
constexpr std::string_view kCipherSwitches[] = {"plain", "digest"};

// 64K: read() copies a 640 MB hot file in 2/3 of the CPU time it takes with 128K or more here
// (bench/wordcount.sh sweeps simd's block), and the block stays in the core's L2 to be counted.
constexpr FlagHint kWordcount[] = {{"block_size", "64K", {}}, {"separators", {}, "E.g. ' \\t,.'."}};

// 32 threads: a cold tree of small files is read fastest with many reads in flight, more than
// `find | xargs -P 16 cat` keeps (bench/iterate.sh measures it).
constexpr FlagHint kIterate[] = {
    {"threads", "32",
     "Of parallel and auto: reads in flight (the queue depth, not the CPUs, decides on SSDs and virtual disks)."},
    {"list", {}, "Also print one line per file in processing order: hash, two spaces, path."},
};

constexpr OneRunCommand kCommands[] = {
    {"compare", kCompare, {}, "A B"},
    {"cipher", kCipher, kCipherSwitches, "IN OUT", "an input and an output file"},
    {"wordcount", kWordcount, {}, "FILE..."},
    {"iterate", kIterate, {}, "DIR..."},
};

}  // namespace

const OneRunCommand* one_run_command(std::string_view name) {
    for (const OneRunCommand& c : kCommands)
        if (c.name == name) return &c;
    return nullptr;
}

std::string operands_problem(const OneRunCommand& command, std::span<const std::string> given) {
    const std::string_view operands = command.operands;
    const bool several = operands.ends_with("...");
    const auto fixed = std::size_t(std::count(operands.begin(), operands.end(), ' ') + 1);
    if (several ? !given.empty() : given.size() == fixed) return {};
    const std::string wanted =
        command.wanted.empty() ? sfp::inputs_wanted(*sfp::algorithm_io(command.name)) : std::string(command.wanted);
    return std::string(command.name) + " needs " + wanted + " (" + std::string(operands) + "); " +
           sfp::paths_given(given);
}

std::string parameter_flag_name(const sfp::Parameter& p) {
    std::string flag(sfp::label_word(p));
    for (char& c : flag)
        if (c == '_') c = '-';
    return flag;
}

bool read_by_some_strategy(std::string_view algorithm, const sfp::Parameter& p) {
    for (const sfp::Strategy* s : sfp::strategies_of(algorithm))
        if (sfp::uses(*s, p)) return true;
    return false;
}

const FlagHint* hint_of(std::span<const FlagHint> hints, const sfp::Parameter& p) {
    for (const FlagHint& h : hints)
        if (h.parameter == p.name) return &h;
    return nullptr;
}

std::vector<const sfp::Parameter*> flag_parameters(std::string_view algorithm) {
    std::vector<const sfp::Parameter*> flags;
    for (const sfp::Parameter& p : sfp::parameters_of(algorithm))
        if (read_by_some_strategy(algorithm, p)) flags.push_back(&p);
    return flags;
}

std::string value_problem(const sfp::Parameter& p, const sfp::ParsedValue& v) {
    const bool out_of_range = v.error == sfp::limit_error(p, v.value);  // a value, only not one of the table's
    return out_of_range ? sfp::value_error(p, v.value) : v.error;
}

std::vector<FlagProblem> apply_parameter_flags(std::string_view algorithm, std::span<const FlagHint> hints,
                                               const GivenFlag& given, sfp::RunSpec& spec) {
    std::vector<FlagProblem> problems;
    for (const sfp::Parameter* parameter : flag_parameters(algorithm)) {
        const sfp::Parameter& p = *parameter;
        const std::string flag = parameter_flag_name(p), name(p.name);
        const std::optional<std::string> value = given(flag);
        if (p.type == sfp::ParameterType::flag) {
            if (value) spec.options[name] = "true";
            continue;
        }
        const FlagHint* hint = hint_of(hints, p);
        if (!value && !(hint && !hint->fallback.empty())) continue;  // the table's default applies
        const std::string text = value ? *value : std::string(hint->fallback);
        if (!sfp::is_run_field(p)) {  // an option: as text the table reads; the validator judges it
            spec.options[name] = text;
            continue;
        }
        // Block size and threads judged here, in the validator's words, before they are cast to the spec's fields.
        const sfp::ParsedValue v = sfp::parse_value(p, text);
        if (!v.error.empty())
            problems.push_back({"--" + flag, "--" + flag + ": " + value_problem(p, v)});
        else if (p.name == sfp::kBlockSizeParameter.name)
            spec.block_size = std::uint64_t(v.value);
        else
            spec.threads = unsigned(v.value);
    }
    return problems;
}

void choose_cipher_kernel(sfp::RunSpec& spec, bool plain) {
    if (!plain) spec.options["fast"] = "true";  // the measured default: the byte loop costs ~7x the CPU
}

std::string cipher_cancelled_note(const std::string& output, bool output_exists) {
    return "cancelled: '" + output + (output_exists ? "' was emptied (--output-exists)" : "' was not changed");
}

}  // namespace cli
