// compare's outcome as digest text and as description. The text must never change: saved
// reports carry digests of it.
#include "sfp/compare.hpp"

namespace sfp {

std::string canonical(const CompareOutcome& o) {
    std::string s = "compare " + std::to_string(o.size_a) + " " + std::to_string(o.size_b);
    for (const Mismatch& m : o.mismatches)
        s += " " + std::to_string(m.offset) + ":" + std::to_string(m.a) + ":" + std::to_string(m.b);
    return s;
}

Description describe(const CompareOutcome& o) {
    Description::Array mismatches;
    for (const Mismatch& m : o.mismatches)
        mismatches.push_back(Description::Object{{"offset", m.offset}, {"a", m.a}, {"b", m.b}});
    return Description::Object{{"identical", o.identical()},
                               {"size_a", o.size_a},
                               {"size_b", o.size_b},
                               {"mismatches", std::move(mismatches)}};
}

}  // namespace sfp
