#include "commands/answer.hpp"

#include <sstream>

#include "algorithms/cipher/output_digest.hpp"
#include "algorithms/iterate/job.hpp"
#include "algorithms/wordcount/wc_lines.hpp"
#include "io/file.hpp"
#include "sfp/cipher.hpp"
#include "sfp/compare.hpp"
#include "sfp/failure.hpp"
#include "sfp/iterate.hpp"
#include "sfp/visible_text.hpp"
#include "sfp/wordcount.hpp"

namespace sfp::commands {
namespace {

constexpr const char* kIdentical = "identical";
constexpr const char* kDifferent = "different";

std::string counts_text(const std::vector<WordCounts>& files) {
    std::string text;
    for (const WordCounts& c : files)
        text += (text.empty() ? "" : "; ") + std::to_string(c.lines) + " " + std::to_string(c.words) + " " +
                std::to_string(c.bytes);
    return text;
}

std::string hashes_text(const IterateOutcome& o) {
    return "files " + std::to_string(o.file_count) + " digest " + hex16(o.digest);
}

// xxhsum's escaped name (a line starting with '\'): "\n" a newline, "\\" a backslash.
std::string unescaped(const std::string& path) {
    std::string out;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i] == '\\' && i + 1 < path.size()) {
            out += path[i + 1] == 'n' ? '\n' : path[i + 1];
            ++i;
        } else {
            out += path[i];
        }
    }
    return out;
}

// One line as `xxhsum -H3` prints it: "HEX  path" or "XXH3 (path) = HEX" (BSD style).
FileHash hash_line(std::string line, const std::string& who) {
    const bool escaped = line.starts_with('\\');
    if (escaped) line.erase(0, 1);
    std::string hex, path;
    if (line.starts_with("XXH3 (") && line.size() > 22 && line.compare(line.size() - 20, 4, ") = ") == 0) {
        path = line.substr(6, line.size() - 26);
        hex = line.substr(line.size() - 16);
    } else if (line.size() > 18 && line.compare(16, 2, "  ") == 0) {
        hex = line.substr(0, 16);
        path = line.substr(18);
    }
    if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
        fail("cannot read " + who + "'s output line '" + visible_text(line) + "' as xxhsum -H3 prints one");
    return {escaped ? unescaped(path) : path, std::stoull(hex, nullptr, 16)};
}

std::string xxhsum_answer(const std::string& out, const RunSpec& spec, const std::string& who) {
    IterateOutcome o;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) o.files.push_back(hash_line(line, who));
    Outcome outcome(std::move(o));
    iterate::finish(spec, outcome);  // the digest every iterate strategy takes: over the sorted lines
    return hashes_text(outcome.get<IterateOutcome>());
}

}  // namespace

std::string canonical(const CommandAnswer& a) { return std::string("command ") + to_string(a.check) + " " + a.text; }

Description describe(const CommandAnswer& a) {
    return Description::Object{{"check", std::string(to_string(a.check))}, {"answer", a.text}};
}

std::optional<std::string> answer_of(const Outcome& reference, CommandCheck check) {
    switch (check) {
        case CommandCheck::status:
            if (const auto* o = reference.get_if<CompareOutcome>()) return o->identical() ? kIdentical : kDifferent;
            break;
        case CommandCheck::wc:
            if (const auto* o = reference.get_if<WordCountOutcome>()) return counts_text(o->files);
            break;
        case CommandCheck::file:
            if (const auto* o = reference.get_if<CipherOutcome>()) return canonical(*o);
            break;
        case CommandCheck::xxhsum:
            if (const auto* o = reference.get_if<IterateOutcome>()) return hashes_text(*o);
            break;
        case CommandCheck::automatic:
        case CommandCheck::none: break;
    }
    return std::nullopt;
}

CommandAnswer printed_answer(CommandCheck check, int exit_code, const std::string& out, const RunSpec& spec,
                             const std::string& who) {
    switch (check) {
        case CommandCheck::status: return {check, exit_code == 0 ? kIdentical : kDifferent};
        case CommandCheck::wc: return {check, counts_text(wordcount::parse_wc_lines(out, spec.inputs.size(), who))};
        case CommandCheck::xxhsum: return {check, xxhsum_answer(out, spec, who)};
        case CommandCheck::file: return {check, ""};  // output_answer, after the clock
        case CommandCheck::automatic:
        case CommandCheck::none: break;
    }
    return {CommandCheck::none, "unchecked"};
}

std::string output_answer(const RunSpec& spec) {
    File f = File::open_read(spec.output);
    return canonical(CipherOutcome{f.size(), cipher::digest_of_file(f)});
}

}  // namespace sfp::commands
