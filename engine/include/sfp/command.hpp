#pragma once
// The user's own program as a strategy (docs/experiment-format.md, "commands"): a name, a command
// line with placeholders, and how its answer is checked. The line is split the way a shell
// quotes, but no shell runs it unless it starts with "sh:"; a placeholder's value is always one
// argument (or a positional parameter of sh), never text a shell or the splitter reads.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sfp {

// How a command's answer is checked against the reference outcome of its input set:
// status: exit 0 = identical, 1 = different (compare); wc: stdout as `wc` prints it (wordcount);
// file: the output file's digest (cipher); xxhsum: `xxhsum -H3` lines (iterate); none: unchecked,
// shown like a reference floor. automatic: the algorithm's own (default_check).
enum class CommandCheck { automatic, status, wc, file, xxhsum, none };
const char* to_string(CommandCheck check) noexcept;
std::optional<CommandCheck> command_check_named(std::string_view name);
inline constexpr std::string_view kCommandCheckNames = "status, wc, file, xxhsum or none";

struct Command {
    std::string name;  // its strategy name
    std::string line;  // "dd if={input} of=/dev/null bs={block}", or "sh:SCRIPT"
    CommandCheck check = CommandCheck::automatic;
    bool operator==(const Command&) const = default;
};

inline constexpr std::string_view kShellPrefix = "sh:";

// The check an algorithm's commands get by default (none where it has no contract a command can meet).
CommandCheck default_check(std::string_view algorithm) noexcept;
// The check a command's runs use: its own, else the algorithm's default where the line can meet
// it (a file check needs {output}; else none). A run of an automatic wc or xxhsum check that
// prints nothing is unchecked (its cell becomes a floor): dd has no answer to check.
CommandCheck check_of(const Command& command, std::string_view algorithm);
// Whether `check` means anything for the algorithm (none always does).
bool check_fits(CommandCheck check, std::string_view algorithm) noexcept;

// The words of a command line as a POSIX shell splits them, with no expansion: blanks separate
// words; '...' keeps everything; "..." keeps everything but \" \\ \$ \` and backslash-newline;
// outside quotes a backslash keeps the next character. Throws sfp::Failure on an unterminated
// quote or a trailing backslash, and for a line with no word.
std::vector<std::string> split_command(std::string_view line);

// The placeholder names `text` uses ("input" for "{input}"), in order of first use, each once. A
// placeholder is '{' + a lowercase name of letters and '_' + '}'; other braces are text ("{}").
std::vector<std::string> placeholders_in(std::string_view text);

// "NAME: LINE" in full, control characters made visible ("\x1b"): what a refusal and the
// window's confirmation show.
std::string command_text(const Command& command);

}  // namespace sfp
