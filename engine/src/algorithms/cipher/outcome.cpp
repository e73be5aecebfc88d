// cipher's outcome as digest text and as description. The text must never change: saved
// reports carry digests of it.
#include "sfp/cipher.hpp"

namespace sfp {

std::string canonical(const CipherOutcome& o) {
    return "cipher " + std::to_string(o.output_bytes) + " " + std::to_string(o.output_hash);
}

Description describe(const CipherOutcome& o) {
    return Description::Object{{"output_bytes", o.output_bytes}, {"output_xxh64", hex16(o.output_hash)}};
}

}  // namespace sfp
