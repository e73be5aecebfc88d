#pragma once
// An algorithm's options as typed values (RunSpec::options). The text an experiment file or a
// flag gives ("64K", "letters", "true") is parsed once by the algorithm's parameter table
// (sfp/parameter.hpp) when the experiment is planned or a one-run command reads its flags; a
// kernel reads the number or the text, never parses.
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace sfp {

struct Parameter;  // sfp/parameter.hpp

class OptionValues {
public:
    // Each (name, text) parsed by its entry of `table` (limits included); throws Failure naming
    // the option for a name the table lacks or a value it refuses ("option packing: '0' is out of
    // range (1 to 100000)"), the words check_experiment uses.
    static OptionValues parsed(std::span<const Parameter> table, const std::map<std::string, std::string>& texts);

    // Sets p from its text; the error in parse_value's words (nothing set) or "".
    std::string set_parsed(const Parameter& p, std::string_view text);
    void set_number(const Parameter& p, std::int64_t value);  // any type but text (a choice: its index)
    void set_text(const Parameter& p, std::string text);      // a text parameter
    bool given(std::string_view name) const noexcept { return values_.contains(name); }
    // The value given, else the table's fallback (text_fallback for a text parameter).
    std::int64_t number(const Parameter& p) const noexcept;
    // As an experiment file writes it: a text parameter's text, else value_text ("64K", "letters").
    std::string text(const Parameter& p) const;
    // Every value given, as text.
    std::map<std::string, std::string> texts() const;

    bool operator==(const OptionValues&) const = default;

private:
    struct Value {
        const Parameter* parameter = nullptr;  // the table's entry (tables are static)
        std::int64_t number = 0;
        std::string text;
        bool operator==(const Value&) const = default;
    };
    std::map<std::string, Value, std::less<>> values_;
};

}  // namespace sfp
