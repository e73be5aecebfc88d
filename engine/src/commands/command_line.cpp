// A command line's words and placeholders (sfp/command.hpp): the splitter a shell's quoting
// describes, without any expansion, and the checks' names.
#include <algorithm>

#include "sfp/command.hpp"
#include "sfp/failure.hpp"
#include "sfp/visible_text.hpp"

namespace sfp {
namespace {

constexpr const char* kCheckNames[] = {"automatic", "status", "wc", "file", "xxhsum", "none"};

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

// Inside "...": a backslash escapes only these (and a newline, which it removes).
bool escapable_in_double_quotes(char c) { return c == '"' || c == '\\' || c == '$' || c == '`' || c == '\n'; }

class Splitter {
public:
    explicit Splitter(std::string_view line) : line_(line) {}

    std::vector<std::string> words() {
        while (i_ < line_.size()) {
            const char c = line_[i_++];
            if (blank(c)) {
                end_word();
            } else if (c == '\'') {
                single_quoted();
            } else if (c == '"') {
                double_quoted();
            } else if (c == '\\') {
                if (i_ == line_.size()) fail("the command line ends in a backslash: " + shown());
                if (line_[i_] != '\n') append(line_[i_]);
                ++i_;
            } else {
                append(c);
            }
        }
        end_word();
        if (words_.empty()) fail("the command line has no program to run");
        return std::move(words_);
    }

private:
    std::string shown() const { return "'" + visible_text(line_) + "'"; }
    void append(char c) { word_ += c, in_word_ = true; }
    void end_word() {
        if (in_word_) words_.push_back(std::move(word_));
        word_.clear(), in_word_ = false;
    }
    void single_quoted() {
        in_word_ = true;
        const std::size_t close = line_.find('\'', i_);
        if (close == std::string_view::npos) fail("the command line has a ' without its closing ': " + shown());
        word_.append(line_.substr(i_, close - i_));
        i_ = close + 1;
    }
    void double_quoted() {
        in_word_ = true;
        for (;;) {
            if (i_ >= line_.size()) fail("the command line has a \" without its closing \": " + shown());
            const char c = line_[i_++];
            if (c == '"') return;
            if (c == '\\' && i_ < line_.size() && escapable_in_double_quotes(line_[i_])) {
                if (line_[i_] != '\n') word_ += line_[i_];
                ++i_;
            } else {
                word_ += c;
            }
        }
    }

    std::string_view line_;
    std::size_t i_ = 0;
    std::string word_;
    bool in_word_ = false;
    std::vector<std::string> words_;
};

bool name_char(char c) { return (c >= 'a' && c <= 'z') || c == '_'; }

}  // namespace

const char* to_string(CommandCheck check) noexcept { return kCheckNames[int(check)]; }

std::optional<CommandCheck> command_check_named(std::string_view name) {
    for (int i = 1; i < int(std::size(kCheckNames)); ++i)  // "automatic" is no name a user gives
        if (name == kCheckNames[i]) return CommandCheck(i);
    return std::nullopt;
}

CommandCheck default_check(std::string_view algorithm) noexcept {
    if (algorithm == "compare") return CommandCheck::status;
    if (algorithm == "wordcount") return CommandCheck::wc;
    if (algorithm == "cipher") return CommandCheck::file;
    if (algorithm == "iterate") return CommandCheck::xxhsum;
    return CommandCheck::none;
}

CommandCheck check_of(const Command& command, std::string_view algorithm) {
    if (command.check != CommandCheck::automatic) return command.check;
    const CommandCheck own = default_check(algorithm);
    const std::vector<std::string> used = placeholders_in(command.line);
    if (own == CommandCheck::file && std::find(used.begin(), used.end(), "output") == used.end())
        return CommandCheck::none;
    return own;
}

bool check_fits(CommandCheck check, std::string_view algorithm) noexcept {
    return check == CommandCheck::none || check == CommandCheck::automatic || check == default_check(algorithm);
}

std::vector<std::string> split_command(std::string_view line) { return Splitter(line).words(); }

std::vector<std::string> placeholders_in(std::string_view text) {
    std::vector<std::string> names;
    for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
        std::size_t end = open + 1;
        while (end < text.size() && name_char(text[end])) ++end;
        if (end == open + 1 || end == text.size() || text[end] != '}') continue;
        const std::string name(text.substr(open + 1, end - open - 1));
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return names;
}

std::string command_text(const Command& command) {
    return visible_text(command.name) + ": " + visible_text(command.line);
}

}  // namespace sfp
