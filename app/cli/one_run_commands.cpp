#include "one_run_commands.hpp"

#include <algorithm>
#include <map>

#include "sfp/algorithm_io.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"
#include "sfp/types.hpp"

namespace cli {
namespace {

// 256K: the stripe adaptive gives mmap-mt and pread-mt, so `--strategy mmap-mt` runs what the
// default runs (its 4K stripes were far slower: docs/cli-compare.md).
constexpr FlagHint kCompare[] = {{"block_size", "256K", {}}};

// 256K: 512K and more were faster only while the page cache's new folios came from memory freed
// moments before; on a VM that hands free memory back to its host they were several times slower
// after a pause (docs/findings.md#cipher-blocks-of-256-kib).
constexpr FlagHint kCipher[] = {
    {"block_size", "256K", "The stripe of the multithreaded strategies."},
    {"threads", {}, "For uring: blocks in flight."},
    {"shift", {}, "Required, except for widen.", true},
    {"fast", {}, "The default here; --plain for the byte-at-a-time kernel."},
    {"output_exists", {}, "See above."},
    {"in_place", {}, "See above."},
};
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

constexpr FlagHint kSearch[] = {{"block_size", "256K", "The stripe of the multithreaded strategies."},
                                {"pattern", {}, "Here PATTERN gives it."}};

constexpr Operand kPair[] = {{"A", "first file"}, {"B", "second file"}};
constexpr Operand kInOut[] = {{"IN", "input file"}, {"OUT", "output file"}};
constexpr Operand kFiles[] = {{"FILE", "files to count", "FILE..."}};
constexpr Operand kPatternFiles[] = {{"PATTERN", "the bytes to find (not empty, no newline)"},
                                     {"FILE", "files to search", "FILE..."}};
constexpr Operand kDirs[] = {{"DIR", "directories to hash (one or more)", "DIR..."}};

constexpr Switch kCipherSwitches[] = {
    {"plain", "The byte-at-a-time kernel of the article's cci instead of the vectorised one."},
    {"digest", "Print the output's digest (see above); without it nothing is hashed."},
};

constexpr std::string_view kCipherDescription =
    "Transform IN into OUT block by block (the articles' sequential file transformation):\n"
    "  caesar   out = (in + K) mod 256; a negative K decrypts (K from -255 to 255)\n"
    "  letters  A-Z and a-z rotate by K within their case, 0-9 within the digits, the rest unchanged\n"
    "  widen    each byte becomes a UTF-16LE code unit: OUT is twice IN (atou; --shift is not needed\n"
    "           and, if given, not applied)\n"
    "\n"
    "Safety: OUT is written to a temporary file beside it and renamed over it only when the run\n"
    "succeeded, so a failure or Ctrl-C leaves any previous OUT untouched and no temporary file\n"
    "behind. Space is reserved first (a full disk is an error before any data moves). OUT must be\n"
    "a regular file if it exists; a symbolic link OUT is followed (the link stays, the file it\n"
    "names is replaced) and one that points nowhere is refused. An OUT that is IN itself (same\n"
    "path, a symlink or a hard link) is refused unless --in-place is given.\n"
    "  --in-place       OUT may be IN. IN is still never written: the result replaces IN's name\n"
    "                   atomically when complete (a symlink is followed and kept; other hard links\n"
    "                   keep the original contents).\n"
    "  --output-exists  OUT must already exist; it is overwritten in its own blocks instead of a\n"
    "                   new file (the article's assumption: no allocation). This gives up the\n"
    "                   atomic replacement: on failure or Ctrl-C OUT is emptied (0 bytes), never\n"
    "                   left half written. Cannot be combined with --in-place.\n"
    "\n"
    "--digest prints the output's digest on standard output (\"HEX  OUT\"), taken while each block\n"
    "is produced: XXH3 of each 4 KiB granule of OUT seeded by its index, summed (not the xxhsum of\n"
    "the file; the same for every strategy, block size and thread count). Without --digest nothing\n"
    "is hashed. cp and copy-range copy in the kernel: their digest is read back after the timing.\n"
    "\n"
    "Timing goes to standard error. Exit: 0 done, 2 trouble, 128 + N after signal N (130: Ctrl-C).";

std::string cipher_needs_shift(const GivenFlag& given) {
    if (!given("shift") && given("transform") != "widen") return "cipher needs --shift K (from -255 to 255)";
    return {};
}

// The kernel unless --plain is the vectorised one (the measured default: the byte loop costs ~7x
// the CPU); the digest when asked; what a cancelled run left of OUT.
std::string cipher_after_flags(const GivenFlag& given, OneRun& run) {
    if (given("fast") && given("plain")) return "cipher: --fast and --plain exclude each other";
    run.spec.digest = given("digest").has_value();
    if (!given("plain")) run.spec.options.set_number(*sfp::find_parameter("cipher", "fast"), 1);
    run.cancelled_note = "cancelled: '" + run.spec.output +
                         (given("output-exists") ? "' was emptied (--output-exists)" : "' was not changed");
    return {};
}

std::string wordcount_after_flags(const GivenFlag& given, OneRun& run) {
    if (given("histogram") && run.spec.strategy == "wc")
        return "the wc strategy counts no word lengths; --histogram needs another strategy";
    return {};
}

constexpr OneRunCommand kCommands[] = {
    {.name = "compare",
     .summary = "compare two files; prints what `cmp -l | head -N` prints",
     .description = "Compare two files and print the first N differing bytes exactly as `cmp -l A B | head -N`\n"
                    "does. Timing and length notes go to standard error. Exit: 0 identical, 1 different, 2 trouble.",
     .operands = kPair,
     .hints = kCompare},
    {.name = "cipher",
     .summary = "transform a file (caesar, letters, widen) into another, safely",
     .description = kCipherDescription,
     .operands = kInOut,
     .wanted = "an input and an output file",
     .hints = kCipher,
     .switches = kCipherSwitches,
     .json_help = "Print the whole result as JSON on standard output.",
     .before_flags = cipher_needs_shift,
     .after_flags = cipher_after_flags},
    {.name = "wordcount",
     .summary = "count lines, words, bytes; prints what `LC_ALL=C wc` prints, or a histogram",
     .description = "Count lines, words and bytes and print them exactly as `LC_ALL=C wc FILE...` does, or the\n"
                    "word-length histogram (--histogram). Timing and notes go to standard error. Exit: 0 counted,\n"
                    "2 trouble (a missing file, a directory or a FIFO is refused before anything is read).",
     .operands = kFiles,
     .hints = kWordcount,
     .after_flags = wordcount_after_flags},
    {.name = "iterate",
     .summary = "hash every file of a tree in a chosen order; files, bytes, digest",
     .description = "Hash the first SCOPE bytes (or all) of every regular file under each DIR with XXH3-64.\n"
                    "Symbolic links are not followed; FIFOs, sockets and devices are not opened; unreadable or\n"
                    "vanished entries are skipped and named on standard error. Standard output: files, bytes,\n"
                    "skipped and a digest that is the same for every order and strategy. Exit: 0 done, 2 trouble.",
     .operands = kDirs,
     .hints = kIterate},
    {.name = "search",
     .summary = "find a fixed pattern in files; prints what `grep -F -o -b -a | head -N` prints",
     .description =
         "Find PATTERN (bytes, as grep -F takes them) in each FILE and print the first N matches exactly as\n"
         "`grep -F -o -b -a -- PATTERN FILE... | head -N` does (OFFSET:PATTERN, NAME: first for several\n"
         "files), or with --count the matches per file. Matches do not overlap: after one, the search goes\n"
         "on after its last byte. Timing goes to standard error. Exit: 0 found, 1 none, 2 trouble.",
     .operands = kPatternFiles,
     .wanted = "a pattern and at least one file",
     .hints = kSearch,
     .operand_option = "pattern"},
};

// The command of an algorithm registered without words of its own: all of them from its unit.
struct Derived {
    std::string summary, description, wanted;
    std::vector<std::string> names;
    std::vector<Operand> operands;
    OneRunCommand command;
};

// FILE, FILE1 FILE2, FILE... or DIR... (one or more), then OUT when it writes one.
void derive(const sfp::AlgorithmIo& io, Derived& d) {
    const sfp::InputKind* kind = sfp::find_input_kind(io.data_kind);
    const std::string name = kind && kind->directory ? "DIR" : "FILE";
    if (io.several_inputs)
        d.names.push_back(name + "...");
    else
        for (unsigned i = 0; i < io.inputs; ++i) d.names.push_back(io.inputs > 1 ? name + std::to_string(i + 1) : name);
    if (io.writes_output) d.names.push_back("OUT");
    for (const std::string& operand : d.names) {
        const bool several = operand.ends_with("...");
        const std::string_view what = operand == "OUT" ? "output file" : several ? "inputs (one or more)" : "input";
        d.operands.push_back({several ? std::string_view(operand).substr(0, name.size()) : std::string_view(operand),
                              what, several ? std::string_view(operand) : std::string_view()});
    }
    const std::string inputs = sfp::inputs_wanted(io);
    d.wanted = io.writes_output ? inputs + " and an output file" : std::string();
    d.summary = "run " + std::string(io.algorithm) + " once on " + (d.wanted.empty() ? inputs : d.wanted);
    d.description = "Run " + std::string(io.algorithm) + " once on " + (d.wanted.empty() ? inputs : d.wanted) +
                    " and print its result. Timing goes to standard error. Exit: 0 done, 2 trouble.";
    d.command = {.name = io.algorithm,
                 .summary = d.summary,
                 .description = d.description,
                 .operands = d.operands,
                 .wanted = d.wanted};
}

}  // namespace

const OneRunCommand* one_run_command(std::string_view name) {
    for (const OneRunCommand& c : kCommands)
        if (c.name == name) return &c;
    const sfp::AlgorithmIo* io = sfp::algorithm_io(name);
    if (!io) return nullptr;
    static std::map<std::string, Derived, std::less<>> derived;  // node-stable: the views stay valid
    const auto [it, added] = derived.try_emplace(std::string(name));
    if (added) derive(*io, it->second);
    return &it->second.command;
}

std::string take_operand_option(const OneRunCommand& command, const GivenFlag& given, sfp::RunSpec& spec) {
    if (command.operand_option.empty() || spec.inputs.empty()) return {};
    const std::string option(command.operand_option);
    const std::string flag = "--" + option;  // a text option's flag: its name
    if (given(option))
        return std::string(command.name) + " takes its " + option + " once: as " +
               std::string(command.operands[0].name) + ", not also as " + flag;
    spec.options.set_text(*sfp::find_parameter(spec.algorithm, option), spec.inputs.front());
    spec.inputs.erase(spec.inputs.begin());
    return {};
}

std::string operands_text(const OneRunCommand& command) {
    std::string text;
    for (const Operand& o : command.operands)
        text += (text.empty() ? "" : " ") + std::string(o.syntax.empty() ? o.name : o.syntax);
    return text;
}

std::string operands_problem(const OneRunCommand& command, std::span<const std::string> given) {
    const std::string operands = operands_text(command);
    const bool several = operands.find("...") != std::string::npos;  // one or more of that operand
    const std::size_t fewest = command.operands.size();
    if (several ? given.size() >= fewest : given.size() == fewest) return {};
    const std::string wanted =
        command.wanted.empty() ? sfp::inputs_wanted(*sfp::algorithm_io(command.name)) : std::string(command.wanted);
    return std::string(command.name) + " needs " + wanted + " (" + operands + "); " + sfp::paths_given(given);
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
            if (value) spec.options.set_number(p, 1);
            continue;
        }
        const FlagHint* hint = hint_of(hints, p);
        if (!value && !(hint && !hint->fallback.empty())) continue;  // the table's default applies
        const std::string text = value ? *value : std::string(hint->fallback);
        if (!sfp::is_run_field(p)) {  // an option: parsed once, in the validator's words
            if (const std::string error = spec.options.set_parsed(p, text); !error.empty())
                problems.push_back({"--" + flag, "--" + flag + ": option " + name + ": " + error});
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

}  // namespace cli
