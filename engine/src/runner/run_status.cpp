// A run's status as text, for the edges only (CSV, JSON, tables); inside it is RunStatus.
#include "sfp/run_record.hpp"

namespace sfp {
namespace {

constexpr RunStatus kAll[] = {RunStatus::ok, RunStatus::cancelled, RunStatus::error, RunStatus::unsupported,
                              RunStatus::mismatch};

}  // namespace

const char* to_string(RunStatus s) noexcept {
    switch (s) {
        case RunStatus::ok: return "ok";
        case RunStatus::cancelled: return "cancelled";
        case RunStatus::error: return "error";
        case RunStatus::unsupported: return "unsupported";
        case RunStatus::mismatch: break;
    }
    return "MISMATCH";  // loud on purpose: a fast wrong answer must stand out in every table
}

std::optional<RunStatus> run_status_from(std::string_view text) noexcept {
    for (RunStatus s : kAll)
        if (text == to_string(s)) return s;
    return std::nullopt;
}

RunStatus run_status(Status s) noexcept {
    switch (s) {
        case Status::ok: return RunStatus::ok;
        case Status::cancelled: return RunStatus::cancelled;
        case Status::error: return RunStatus::error;
        case Status::unsupported: break;
    }
    return RunStatus::unsupported;
}

}  // namespace sfp
