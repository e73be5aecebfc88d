// The one validator of an experiment spec: every front end (the CLI's flags and one-run
// commands, the experiment file reader, the window's form) and the runner ask it, so a problem
// reads the same wherever the spec came from. Duplicates are refused, naming the value.
#include <algorithm>
#include <cctype>

#include "sfp/check_experiment.hpp"

#include "commands/command_argv.hpp"
#include "runner/plan.hpp"
#include "sfp/command_catalogue.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/visible_text.hpp"

namespace sfp {
namespace {

// "one", "two", "12": a count as a person says it.
std::string number_word(std::size_t n) {
    static constexpr std::string_view kWords[] = {"no",  "one",   "two",   "three", "four", "five",
                                                  "six", "seven", "eight", "nine",  "ten"};
    return n < std::size(kWords) ? std::string(kWords[n]) : std::to_string(n);
}

// "one file", "two files"
std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
    return number_word(n) + " " + std::string(n == 1 ? one : many);
}

std::string indexed(const std::string& field, std::size_t i) { return field + "[" + std::to_string(i) + "]"; }

std::string joined_with(const std::vector<std::string>& names, const std::string& separator) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : separator) + n;
    return out.empty() ? "none" : out;
}

std::string joined(const std::vector<std::string>& names) { return joined_with(names, ", "); }

// Whether `placeholder` is in the line other than as a whole word of its own (in a script: anywhere).
bool inside_a_word(const std::string& line, const std::string& placeholder) {
    if (line.starts_with(kShellPrefix)) return line.find(placeholder) != std::string::npos;
    return std::ranges::any_of(split_command(line), [&](const std::string& word) {
        return word != placeholder && word.find(placeholder) != std::string::npos;
    });
}

// A name a strategy list, a CSV cell and a flag carry as it is.
bool command_name_ok(const std::string& name) {
    return !name.empty() && name.size() <= 64 && std::ranges::all_of(name, [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
}

class Checks {
public:
    Checks(const Experiment& e, std::span<const Strategy> base)
        : e_(e), base_(base), with_commands_(e, base), catalogue_(with_commands_.strategies()) {}

    std::vector<Problem> run() {
        if (!algorithm()) return std::move(problems_);
        commands();
        strategies();
        sweeps();
        counts();
        options();
        inputs();
        return std::move(problems_);
    }

private:
    const Experiment& e_;
    std::span<const Strategy> base_;
    CommandCatalogue with_commands_;
    std::span<const Strategy> catalogue_;  // base_ and the commands
    const AlgorithmIo* io_ = nullptr;
    std::vector<Problem> problems_;

    void add(std::string field, std::string message) { problems_.push_back({std::move(field), std::move(message)}); }

    // A known algorithm, or nothing else can be judged: its table says what the other fields mean.
    bool algorithm() {
        io_ = algorithm_io(e_.algorithm);
        const bool has_strategies =
            std::ranges::any_of(catalogue_, [&](const Strategy& s) { return s.algorithm == e_.algorithm; });
        if (io_ && has_strategies) return true;
        add("algorithm", unknown_algorithm(e_.algorithm));
        return false;
    }

    // Each value of a list once: a second one would only repeat cells.
    template <class T, class Text>
    void no_duplicates(const std::vector<T>& list, const std::string& field, const std::string& what, Text text) {
        for (std::size_t i = 0; i < list.size(); ++i)
            if (std::find(list.begin(), list.begin() + std::ptrdiff_t(i), list[i]) != list.begin() + std::ptrdiff_t(i))
                add(indexed(field, i), what + " " + text(list[i]) + " is listed twice");
    }

    void strategies() {
        std::vector<std::string> known;
        for (const Strategy& s : catalogue_)
            if (s.algorithm == e_.algorithm) known.emplace_back(s.name);
        for (std::size_t i = 0; i < e_.strategies.size(); ++i)
            if (std::ranges::find(known, e_.strategies[i]) == known.end())
                add(indexed("strategies", i),
                    "unknown " + e_.algorithm + " strategy '" + e_.strategies[i] + "' (known: " + joined(known) + ")");
        no_duplicates(e_.strategies, "strategies", "strategy", [](const std::string& s) { return "'" + s + "'"; });
    }

    // Each command named, not after a built-in strategy nor twice, its line split and every
    // placeholder one the algorithm offers, its check one the algorithm has.
    void commands() {
        for (std::size_t i = 0; i < e_.commands.size(); ++i) {
            const Command& c = e_.commands[i];
            const std::string field = indexed("commands", i), name = visible_text(c.name);
            if (!command_name_ok(c.name))
                add(field, "a command's name must be 1 to 64 letters, digits, '-', '_' or '.'; got '" + name + "'");
            if (std::ranges::any_of(base_,
                                    [&](const Strategy& s) { return s.algorithm == e_.algorithm && s.name == c.name; }))
                add(field, "command '" + name + "' has the name of a built-in " + e_.algorithm +
                               " strategy; choose another name");
            command_line(c, field);
            if (!check_fits(c.check, e_.algorithm))
                add(field, "command '" + name + "': " + e_.algorithm + " cannot check '" + to_string(c.check) +
                               "' output (it checks " + to_string(default_check(e_.algorithm)) + " or none)");
        }
        std::vector<std::string> names;
        for (const Command& c : e_.commands) names.push_back(c.name);
        no_duplicates(names, "commands", "command", [](const std::string& s) { return "'" + visible_text(s) + "'"; });
    }

    void command_line(const Command& c, const std::string& field) {
        const std::string name = visible_text(c.name);
        const bool shell = c.line.starts_with(kShellPrefix);
        try {
            if (!shell) split_command(c.line);
        } catch (const Failure& f) {
            return add(field, "command '" + name + "': " + f.what());
        }
        if (shell && c.line.find_first_not_of(" \t\n", kShellPrefix.size()) == std::string::npos)
            return add(field, "command '" + name + "': the sh: script is empty");
        const std::vector<std::string> offered = commands::placeholder_names(*io_), used = placeholders_in(c.line);
        for (const std::string& p : used)
            if (std::ranges::find(offered, p) == offered.end())
                add(field, "command '" + name + "': " + e_.algorithm + " has no placeholder {" + p + "} (it has {" +
                               joined_with(offered, "}, {") + "})");
        if (io_->inputs > 1 && !io_->several_inputs && inside_a_word(c.line, "{input}"))
            add(field, "command '" + name + "': {input} stands for " + number_word(io_->inputs) +
                           " files here; name them {a} and {b}, or give {input} as a word of its own (not in sh:)");
        if (c.check == CommandCheck::file && std::ranges::find(used, "output") == used.end())
            add(field, "command '" + name +
                           "': its output file is checked, so it must write to {output} (or be "
                           "checked by none)");
    }

    // A list of one parameter's values: at least one, each within its limits, none twice.
    template <class T>
    void values(const std::vector<T>& list, const Parameter& p, const std::string& field) {
        const std::string what = noun_of(p);
        if (list.empty())
            add(field,
                "needs at least one " + what + (p.name == kThreadsParameter.name ? " (0 = all online CPUs)" : ""));
        for (std::size_t i = 0; i < list.size(); ++i)
            if (const std::string error = value_error(p, std::int64_t(list[i])); !error.empty())
                add(indexed(field, i), error);
        no_duplicates(list, field, what, [&](T v) { return value_text(p, std::int64_t(v)); });
    }

    void counts() {
        const std::string range = std::to_string(kMaxRepetitions);
        if (e_.repetitions < 1 || e_.repetitions > kMaxRepetitions)
            add("repetitions", "repetitions must be 1 to " + range);
        if (e_.warmups > kMaxRepetitions) add("warmups", "warm-ups must be 0 to " + range);
        // A round is every cell once; sequential order has none to measure the limits in.
        if (e_.limits_in_rounds && e_.order != Order::interleaved)
            add("limits_in_rounds", "limits in rounds need the interleaved order (a round runs every cell once)");
    }

    // Every option a parameter of the table (other than block size and threads, which have
    // fields of their own) with a value of its type; then the algorithm judges what the table cannot.
    void options() {
        bool all_good = true;
        std::vector<std::string> known;
        for (const Parameter& q : io_->parameters)
            if (!is_run_field(q)) known.emplace_back(q.name);
        RunSpec spec;  // what a run of these options gets
        spec.algorithm = e_.algorithm;
        for (const auto& [key, value] : e_.options) {
            const Parameter* p = find_parameter(e_.algorithm, key);
            if (key.empty()) {
                add("options", "an option has an empty name");
            } else if (!p || is_run_field(*p)) {
                add("options." + key,
                    "unknown " + e_.algorithm + " option '" + key + "' (known: " + joined(known) + ")");
            } else if (const std::string error = spec.options.set_parsed(*p, value); !error.empty()) {
                add("options." + key, "option " + key + ": " + error);
            } else {
                continue;
            }
            all_good = false;
        }
        if (!all_good || !io_->check_options) return;
        try {
            io_->check_options(spec);
        } catch (const Failure& f) {
            add("options", f.what());
        }
    }

    // The swept parameters in table order, each field named as the file spells it (block size
    // and threads in lists of their own, the others under "parameters."); then names it lacks.
    void sweeps() {
        std::vector<std::string> known;
        for (const Parameter& p : io_->parameters) {
            if (!p.sweepable) continue;
            if (!is_run_field(p)) known.emplace_back(p.name);
            if (const auto it = e_.sweeps.find(std::string(p.name)); it != e_.sweeps.end())
                values(it->second, p,
                       p.list_field.empty() ? std::string(kSweptField) + it->first : std::string(p.list_field));
        }
        for (const auto& [name, list] : e_.sweeps)
            if (const Parameter* p = find_parameter(e_.algorithm, name); !p || !p->sweepable)
                add(std::string(kSweptField) + name, e_.algorithm + " has no swept option '" + name + "' (" +
                                                         (known.empty() ? "it has none" : "it has: " + joined(known)) +
                                                         ")");
    }

    // Either given inputs, as many as the algorithm reads, or generated data of a kind shaped
    // like the algorithm's (as many paths; files, or a directory).
    void inputs() {
        const unsigned files = io_->inputs;
        if (!e_.inputs.empty()) {
            if (!e_.data_kind.empty() || !e_.sizes.empty())
                return add("inputs",
                           "give either inputs (existing files) or data_kind and sizes (generated data), not both");
            if (io_->several_inputs ? e_.inputs.size() < files : e_.inputs.size() != files)
                add("inputs", e_.algorithm + " needs " + inputs_wanted(*io_) + "; " + paths_given(e_.inputs));
            for (std::size_t i = 0; i < e_.inputs.size(); ++i)
                if (e_.inputs[i].empty()) add(indexed("inputs", i), "an input path is empty");
            return;
        }
        if (e_.sizes.empty() && e_.data_kind.empty())
            return add("inputs", "give inputs (existing files) or sizes (generated data)");
        if (e_.sizes.empty()) add("sizes", "needs at least one file size for the generated data");
        no_duplicates(e_.sizes, "sizes", "size", [](std::uint64_t s) { return format_size(s); });
        if (e_.data_kind.empty()) return;  // the algorithm's own
        const InputKind* kind = find_input_kind(e_.data_kind);
        if (!kind) return add("data_kind", "unknown kind '" + e_.data_kind + "' (" + input_kind_names() + ")");
        if (kind->paths() != files)
            return add("data_kind", "'" + e_.data_kind + "' makes " + count_of(kind->paths(), "file", "files") +
                                        " per input set, but " + e_.algorithm + " reads " +
                                        count_of(files, "file", "files") + " per run");
        const InputKind* own = find_input_kind(io_->data_kind);
        if (own && own->directory != kind->directory)
            add("data_kind", "'" + e_.data_kind + "' makes " + (kind->directory ? "a directory" : "files") + ", but " +
                                 e_.algorithm + " reads " + (own->directory ? "a directory" : "files"));
    }
};

}  // namespace

std::string unknown_algorithm(std::string_view algorithm) {
    std::vector<std::string> names;
    for (std::string_view a : algorithms()) names.emplace_back(a);
    return "unknown algorithm '" + std::string(algorithm) + "' (known: " + joined(names) + ")";
}

std::vector<Problem> check_experiment(const Experiment& experiment, std::span<const Strategy> catalogue) {
    runner::count_validation();
    return Checks(experiment, catalogue).run();
}

std::vector<Problem> check_experiment(const Experiment& experiment) {
    return check_experiment(experiment, strategies());
}

Experiment experiment_of(const RunSpec& spec) {
    Experiment e;
    e.algorithm = spec.algorithm;
    e.strategies = {spec.strategy};
    e.sweeps[std::string(kBlockSizeParameter.name)] = {spec.block_size};
    e.sweeps[std::string(kThreadsParameter.name)] = {spec.threads};
    e.options = spec.options.texts();
    e.inputs = spec.inputs;
    return e;
}

std::string inputs_wanted(const AlgorithmIo& io) {
    const InputKind* kind = find_input_kind(io.data_kind);
    const bool directories = kind && kind->directory;
    const std::string_view one = directories ? "directory" : "file", many = directories ? "directories" : "files";
    if (io.several_inputs) return number_word(io.inputs) + " or more " + std::string(many);
    return count_of(io.inputs, one, many);
}

std::string paths_given(std::span<const std::string> paths) {
    if (paths.empty()) return "got none";
    std::string text = "got " + number_word(paths.size()) + ":";
    constexpr std::size_t kShown = 3;
    for (std::size_t i = 0; i < paths.size() && i < kShown; ++i) text += (i ? ", '" : " '") + paths[i] + "'";
    if (paths.size() > kShown) text += ", ... (" + std::to_string(paths.size() - kShown) + " more)";
    return text;
}

std::string problems_text(const std::vector<Problem>& problems) {
    std::string out;
    for (const Problem& p : problems)
        out += (out.empty() ? "" : "\n") + (p.field.empty() ? "" : p.field + ": ") + p.message;
    return out;
}

}  // namespace sfp
