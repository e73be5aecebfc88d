#include "sfp/types.hpp"

namespace sfp {

const char* to_string(Status s) noexcept {
    switch (s) {
    case Status::ok: return "ok";
    case Status::cancelled: return "cancelled";
    case Status::error: return "error";
    case Status::unsupported: return "unsupported";
    }
    return "?";
}

Usage& Usage::operator+=(const Usage& o) noexcept {
    user_s += o.user_s;
    sys_s += o.sys_s;
    minor_faults += o.minor_faults;
    major_faults += o.major_faults;
    voluntary_switches += o.voluntary_switches;
    involuntary_switches += o.involuntary_switches;
    return *this;
}

}  // namespace sfp
