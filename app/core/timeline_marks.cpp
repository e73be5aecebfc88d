#include "timeline_marks.hpp"

#include "sfp/compare.hpp"

namespace core {

std::optional<std::vector<MismatchMark>> mismatch_marks(const sfp::RunResult& result) {
    const auto* outcome = result.outcome.get_if<sfp::CompareOutcome>();
    if (!outcome) return std::nullopt;
    std::vector<MismatchMark> marks;
    for (const sfp::Mismatch& m : outcome->mismatches) {
        MismatchMark mark{m.offset, std::nullopt};
        // A compare scan event's bytes are both files': its block is half of them from `at`.
        for (const sfp::ThreadTime& t : result.threads)
            for (const sfp::TimelineEvent& e : t.events)
                if (e.kind == sfp::EventKind::scan && e.at <= m.offset && m.offset - e.at < e.bytes / 2)
                    mark.found_s = e.end_s;
        marks.push_back(mark);
    }
    return marks;
}

}  // namespace core
