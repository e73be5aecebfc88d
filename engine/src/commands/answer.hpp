#pragma once
// A command's answer (what it printed, its exit status or the file it wrote) in the words of its
// check, and the reference outcome of its input set in the same words: a command run is right
// when the two texts are equal (runner/agreement.cpp). A command never votes for the reference.
#include <optional>
#include <string>

#include "sfp/command.hpp"
#include "sfp/outcome.hpp"
#include "sfp/types.hpp"

namespace sfp::commands {

struct CommandAnswer {
    CommandCheck check = CommandCheck::none;
    std::string text;  // "identical", "12 40 300", "files 3 digest 123...", "unchecked"
    bool operator==(const CommandAnswer&) const = default;
};
std::string canonical(const CommandAnswer& answer);
Description describe(const CommandAnswer& answer);

// The reference outcome in the words of `check`; none when it holds no outcome that check reads.
std::optional<std::string> answer_of(const Outcome& reference, CommandCheck check);

// The answer of a command that exited `exit_code` printing `out`: status, wc and xxhsum are read
// here; file is read by output_answer after the clock; none is "unchecked". Throws sfp::Failure,
// naming `who`, for output that does not parse.
CommandAnswer printed_answer(CommandCheck check, int exit_code, const std::string& out, const RunSpec& spec,
                             const std::string& who);

// The file check: the digest of the output file the command wrote, read back (the only way to
// see what a program of the user's wrote), in cipher's words.
std::string output_answer(const RunSpec& spec);

}  // namespace sfp::commands
