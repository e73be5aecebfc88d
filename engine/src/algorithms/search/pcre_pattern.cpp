#include "algorithms/search/pcre_pattern.hpp"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <cstring>
#include <memory>

#include "sfp/failure.hpp"

namespace sfp::search {
namespace {

pcre2_code* compile(const std::string& pattern) {
    int error = 0;
    PCRE2_SIZE at = 0;
    pcre2_code* code =
        pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), 0, &error, &at, nullptr);
    if (!code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(error, message, sizeof message);
        fail("option pattern: not a regular expression PCRE2 takes: " + std::string(reinterpret_cast<char*>(message)) +
             " (at byte " + std::to_string(at) + " of the pattern)");
    }
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);  // where the library cannot, the interpreter matches
    return code;
}

// PCRE2's own words (a pattern that backtracks without end meets its match limit: an error, not a hang).
[[noreturn]] void fail_matching(int rc, std::size_t line) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(rc, message, sizeof message);
    fail("the regular expression could not be matched on the line at byte " + std::to_string(line) + ": " +
         std::string(reinterpret_cast<char*>(message)));
}

}  // namespace

void check_regex(const std::string& pattern) { pcre2_code_free(compile(pattern)); }

PcrePattern::PcrePattern(const std::string& pattern) : code_(compile(pattern)) {}
PcrePattern::~PcrePattern() { pcre2_code_free(code_); }

void PcrePattern::each_found(const std::uint8_t* data, std::size_t size, bool only_matching,
                             const std::function<bool(std::uint64_t, std::string_view)>& found) const {
    const std::unique_ptr<pcre2_match_data, void (*)(pcre2_match_data*)> match(
        pcre2_match_data_create_from_pattern(code_, nullptr), pcre2_match_data_free);
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(match.get());
    for (std::size_t line = 0; line < size;) {
        const void* newline = std::memchr(data + line, '\n', size - line);
        const std::size_t end = newline ? std::size_t(static_cast<const std::uint8_t*>(newline) - data) : size;
        const std::string_view text(reinterpret_cast<const char*>(data + line), end - line);
        for (std::size_t from = 0; from <= text.size();) {
            const int rc = pcre2_match(code_, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), from, 0,
                                       match.get(), nullptr);
            if (rc == PCRE2_ERROR_NOMATCH) break;
            if (rc < 0) fail_matching(rc, line);
            if (!only_matching) {
                if (!found(line, text)) return;
                break;
            }
            const std::size_t b = ovector[0], e = ovector[1];
            if (e > b && !found(line + b, text.substr(b, e - b))) return;
            from = e > b ? e : e + 1;  // an empty match is none: go on one byte further
        }
        line = end + 1;
    }
}

}  // namespace sfp::search
