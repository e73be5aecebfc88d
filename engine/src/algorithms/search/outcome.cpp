// search's outcome as digest text, as description and as grep prints it. The digest text must
// never change: saved reports carry digests of it.
#include "sfp/search.hpp"

namespace sfp {

std::string canonical(const SearchOutcome& o) {
    std::string s = "search";
    for (const SearchMatch& m : o.matches) {
        s += " " + std::to_string(m.file) + ":" + std::to_string(m.offset);
        if (m.text) s += "=" + std::to_string(m.text->size()) + ":" + *m.text;  // bytes, their length first
    }
    if (!o.counts.empty()) {
        s += " counts";
        for (std::uint64_t c : o.counts) s += " " + std::to_string(c);
    }
    return s;
}

Description describe(const SearchOutcome& o) {
    Description::Array matches, counts;
    for (const SearchMatch& m : o.matches) {
        Description::Object match{{"file", std::uint64_t(m.file)}, {"offset", m.offset}};
        if (m.text) add_path_fields(match, "text", *m.text);  // bytes: base64 beside when not UTF-8
        matches.push_back(std::move(match));
    }
    for (std::uint64_t c : o.counts) counts.push_back(Description(c));
    Description::Object d{{"found", !o.matches.empty()}, {"matches", std::move(matches)}};
    if (!o.counts.empty()) d.push_back({"counts", std::move(counts)});
    return d;
}

std::string format_grep_lines(const SearchOutcome& o, std::string_view pattern, const std::vector<std::string>& names) {
    std::string out;
    for (const SearchMatch& m : o.matches) {
        if (names.size() > 1) out += names.at(m.file) + ":";
        out += std::to_string(m.offset) + ":";
        out += m.text ? std::string_view(*m.text) : pattern;
        out += '\n';
    }
    return out;
}

std::string format_counts(const SearchOutcome& o, const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < o.counts.size(); ++i) {
        if (names.size() > 1) out += names.at(i) + ":";
        out += std::to_string(o.counts[i]) + "\n";
    }
    return out;
}

}  // namespace sfp
