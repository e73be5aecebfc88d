#include "commands/command_argv.hpp"

#include <algorithm>

#include "sfp/failure.hpp"
#include "sfp/parameter.hpp"
#include "sfp/visible_text.hpp"
#include "spec_options.hpp"

namespace sfp::commands {
namespace {

constexpr const char* kShell = "/bin/sh";

// Calls `each(name, begin, end)` for every placeholder of `values` in `text`, in order;
// [begin, end) spans the braces.
template <class Each>
void for_each_placeholder(const std::string& text, const PlaceholderValues& values, Each each) {
    for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
        const std::size_t close = text.find('}', open);
        if (close == std::string::npos) return;
        const std::string name = text.substr(open + 1, close - open - 1);
        if (values.contains(name)) each(name, open, close + 1);
    }
}

// One value of `name`, for a placeholder inside a longer word or a script.
const std::string& single(const PlaceholderValues& values, const std::string& name) {
    const std::vector<std::string>& list = values.find(name)->second;
    if (list.size() != 1)
        fail("{" + name + "} stands for " + std::to_string(list.size()) +
             " arguments here, so it must be a word of its own (and the command no sh: script)");
    return list.front();
}

std::string substituted(const std::string& word, const PlaceholderValues& values) {
    std::string out;
    std::size_t done = 0;
    for_each_placeholder(word, values, [&](const std::string& name, std::size_t begin, std::size_t end) {
        out += word.substr(done, begin - done) + single(values, name);
        done = end;
    });
    return out + word.substr(done);
}

std::vector<std::string> shell_argv(const std::string& script, const PlaceholderValues& values) {
    std::vector<std::string> argv = {kShell, "-c", "", "sh"};
    std::vector<std::string> order;  // placeholder names by their positional parameter
    std::size_t done = 0;
    for_each_placeholder(script, values, [&](const std::string& name, std::size_t begin, std::size_t end) {
        auto it = std::find(order.begin(), order.end(), name);
        if (it == order.end()) it = order.insert(order.end(), name);
        argv[2] += script.substr(done, begin - done) + "\"${" + std::to_string(it - order.begin() + 1) + "}\"";
        done = end;
    });
    argv[2] += script.substr(done);
    for (const std::string& name : order) argv.push_back(single(values, name));
    return argv;
}

std::string number(std::uint64_t v) { return std::to_string(v); }

}  // namespace

std::vector<std::string> placeholder_names(const AlgorithmIo& io) {
    std::vector<std::string> names = {"input"};
    if (io.inputs == 2 && !io.several_inputs) names.insert(names.end(), {"a", "b"});
    if (io.writes_output) names.emplace_back("output");
    for (const Parameter& p : io.parameters) names.emplace_back(label_word(p));
    return names;
}

const Parameter* placeholder_parameter(const AlgorithmIo& io, const std::string& name) {
    for (const Parameter& p : io.parameters)
        if (label_word(p) == name) return &p;
    return nullptr;
}

PlaceholderValues placeholder_values(const RunSpec& spec) {
    const AlgorithmIo* io = algorithm_io(spec.algorithm);
    if (!io) fail("unknown algorithm '" + spec.algorithm + "'");
    PlaceholderValues v;
    v["input"] = spec.inputs;
    if (spec.inputs.size() == 2) v["a"] = {spec.inputs[0]}, v["b"] = {spec.inputs[1]};
    if (io->writes_output) v["output"] = {spec.output};
    for (const Parameter& p : io->parameters) {
        std::string text;
        if (p.name == kBlockSizeParameter.name)
            text = number(spec.block_size);
        else if (p.name == kThreadsParameter.name)
            text = number(spec.threads);
        else if (p.type == ParameterType::text)
            text = option_text(spec, io->parameters, p.name);
        else if (p.type == ParameterType::choice || p.type == ParameterType::flag)
            text = value_text(p, option_value(spec, io->parameters, p.name));
        else
            text = std::to_string(option_value(spec, io->parameters, p.name));
        v[std::string(label_word(p))] = {text};
    }
    return v;
}

std::vector<std::string> command_argv(const Command& command, const PlaceholderValues& values) {
    if (command.line.starts_with(kShellPrefix)) return shell_argv(command.line.substr(kShellPrefix.size()), values);
    std::vector<std::string> argv;
    for (const std::string& word : split_command(command.line)) {
        const auto whole = word.size() > 2 && word.front() == '{' && word.back() == '}'
                               ? values.find(std::string_view(word).substr(1, word.size() - 2))
                               : values.end();
        if (whole != values.end())
            argv.insert(argv.end(), whole->second.begin(), whole->second.end());
        else
            argv.push_back(substituted(word, values));
    }
    if (argv.empty() || argv.front().empty())
        fail("the command '" + visible_text(command.name) + "' names no program to run");
    return argv;
}

}  // namespace sfp::commands
