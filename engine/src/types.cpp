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

}  // namespace sfp
