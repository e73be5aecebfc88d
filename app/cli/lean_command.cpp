#include "lean_command.hpp"

#include <algorithm>
#include <map>

#include "one_run_commands.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/check_experiment.hpp"

namespace cli {
namespace {

struct Flag {
    std::string name;
    bool takes_value;
};

std::vector<Flag> flags_of(const OneRunCommand& command) {
    std::vector<Flag> flags{{"strategy", true}};
    for (const sfp::Parameter* p : flag_parameters(command.name))
        flags.push_back({parameter_flag_name(*p), p->type != sfp::ParameterType::flag});
    for (const Switch& s : command.switches) flags.push_back({std::string(s.name), false});
    return flags;
}

struct Given {
    std::map<std::string, std::string> flags;  // "" for a switch
    std::vector<std::string> arguments;
};

bool plain_text(std::string_view value) {  // what the full parser's text holds unchanged (ASCII, not empty)
    return !value.empty() && std::all_of(value.begin(), value.end(), [](char c) { return (unsigned char)c < 0x80; });
}

std::optional<Given> parse(const std::vector<Flag>& flags, std::span<char* const> args) {
    Given given;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        if (!arg.starts_with('-')) {
            given.arguments.emplace_back(arg);
            continue;
        }
        if (!arg.starts_with("--")) return std::nullopt;  // "-", "-x", "-block": the full parser's reading
        const std::size_t eq = arg.find('=');
        const std::string name(arg.substr(2, eq == arg.npos ? arg.npos : eq - 2));
        const auto flag = std::find_if(flags.begin(), flags.end(), [&](const Flag& f) { return f.name == name; });
        if (flag == flags.end() || given.flags.contains(name)) return std::nullopt;
        std::string_view value;
        if (!flag->takes_value && eq != arg.npos) return std::nullopt;
        if (flag->takes_value && eq != arg.npos)
            value = arg.substr(eq + 1);
        else if (flag->takes_value && i + 1 < args.size())
            value = args[++i];
        if (flag->takes_value && !plain_text(value)) return std::nullopt;
        given.flags[name] = std::string(value);
    }
    return given;
}

}  // namespace

std::vector<std::string> lean_option_names(std::string_view command) {
    std::vector<std::string> names;
    if (const OneRunCommand* c = one_run_command(command))
        for (const Flag& f : flags_of(*c)) names.push_back(f.name);
    return names;
}

std::optional<OneRun> lean_run(std::string_view command, std::span<char* const> args) {
    const OneRunCommand* c = one_run_command(command);
    const sfp::AlgorithmIo* io = sfp::algorithm_io(command);
    if (!c || !io) return std::nullopt;
    const std::optional<Given> given = parse(flags_of(*c), args);
    if (!given || !operands_problem(*c, given->arguments).empty()) return std::nullopt;  // the full parser says why
    const auto value_of = [&](const std::string& flag) -> std::optional<std::string> {
        if (!given->flags.contains(flag)) return std::nullopt;
        return given->flags.at(flag);
    };
    if (c->before_flags && !c->before_flags(value_of).empty()) return std::nullopt;

    OneRun run;
    sfp::RunSpec& spec = run.spec;
    spec.algorithm = std::string(command);
    spec.strategy = value_of("strategy").value_or(std::string(io->default_strategy));
    spec.inputs = given->arguments;
    if (io->writes_output) spec.inputs.pop_back();  // OUT is no input
    if (!take_operand_option(*c, value_of, spec).empty()) return std::nullopt;
    if (!apply_parameter_flags(command, c->hints, value_of, spec).empty()) return std::nullopt;
    if (!sfp::check_experiment(sfp::experiment_of(spec)).empty()) return std::nullopt;  // as the full parser judges
    if (io->writes_output) spec.output = given->arguments.back();
    if (c->after_flags && !c->after_flags(value_of, run).empty()) return std::nullopt;
    return run;
}

}  // namespace cli
