// A user's command as a strategy: run as a child process under the same clock and measurement
// as the baselines (measure/child_process.hpp), its answer read as its check says.
#include <algorithm>
#include <filesystem>

#include "commands/answer.hpp"
#include "commands/command_argv.hpp"
#include "measure/child_process.hpp"
#include "sfp/command_catalogue.hpp"
#include "sfp/failure.hpp"
#include "sfp/parameter.hpp"
#include "sfp/visible_text.hpp"

namespace sfp {
namespace {

// The bytes of the inputs, for the throughput: a file's size, a directory's regular files'.
std::uint64_t input_bytes(const std::vector<std::string>& inputs) {
    namespace fs = std::filesystem;
    std::uint64_t bytes = 0;
    std::error_code error;
    for (const std::string& path : inputs) {
        if (!fs::is_directory(path, error)) {
            const std::uintmax_t size = fs::file_size(path, error);
            bytes += error ? 0 : size;
            continue;
        }
        for (fs::recursive_directory_iterator it(path, error), end; !error && it != end; it.increment(error))
            if (it->is_regular_file(error)) bytes += it->file_size(error);
    }
    return bytes;
}

// Its stderr's last line, made visible (no terminal escapes reach whoever reads the error).
std::string last_line(std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    const std::size_t newline = text.rfind('\n');
    return visible_text(newline == std::string::npos ? text : text.substr(newline + 1));
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const CommandCheck check = check_of(spec.command, spec.algorithm);
    const std::string who = "the command '" + visible_text(spec.command.name) + "'";
    const ChildRun child = run_child(commands::command_argv(spec.command, commands::placeholder_values(spec)), ctx);
    if (ctx.should_stop()) return {};
    const bool answered =
        check == CommandCheck::status && !child.signal && (child.exit_code == 0 || child.exit_code == 1);
    if (!answered && (child.signal || child.exit_code != 0)) {
        ChildRun shown = child;
        shown.err = last_line(child.err);
        fail(who + " failed: " + shown.failure());
    }
    ctx.add_progress(input_bytes(spec.inputs));
    const bool printed_nothing = child.out.find_first_not_of(" \t\n") == std::string::npos;
    if (spec.command.check == CommandCheck::automatic && printed_nothing &&
        (check == CommandCheck::wc || check == CommandCheck::xxhsum)) {
        ctx.note(who + " printed nothing to check as " + to_string(check) + " prints: unchecked");
        return commands::CommandAnswer{CommandCheck::none, "unchecked"};
    }
    return commands::printed_answer(check, child.exit_code, child.out, spec, who);
}

// After the clock: the file check reads the output back.
void finish(const RunSpec& spec, Outcome& outcome) {
    auto* answer = outcome.get_if<commands::CommandAnswer>();
    if (answer && answer->check == CommandCheck::file) answer->text = commands::output_answer(spec);
}

}  // namespace

CommandCatalogue::CommandCatalogue(const Experiment& e, std::span<const Strategy> base)
    : all_(base.begin(), base.end()) {
    const AlgorithmIo* io = algorithm_io(e.algorithm);
    if (!io) return;
    const std::string_view algorithm = texts_.emplace_back(e.algorithm);
    for (const Command& c : e.commands) {
        const bool taken = std::ranges::any_of(
            all_, [&](const Strategy& s) { return s.algorithm == e.algorithm && s.name == c.name; });
        if (taken || c.name.empty()) continue;
        std::vector<std::string_view>& reads = reads_.emplace_back();
        for (const std::string& name : placeholders_in(c.line))
            if (const Parameter* p = commands::placeholder_parameter(*io, name); p && p->sweepable)
                reads.push_back(p->name);
        all_.push_back(Strategy{.algorithm = algorithm,
                                .name = texts_.emplace_back(c.name),
                                .description = texts_.emplace_back("your command: " + visible_text(c.line)),
                                .reads = reads,
                                .reference_floor = check_of(c, e.algorithm) == CommandCheck::none,
                                .run = run,
                                .finish = finish});
    }
}

}  // namespace sfp
