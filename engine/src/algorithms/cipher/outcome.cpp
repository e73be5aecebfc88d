// cipher's outcome as digest text and as description. A text, once saved, must never change
// meaning: reports carry digests of it. Reports written before the digest was taken in the pass
// hold "cipher BYTES HASH" with HASH the XXH64 of the whole file, field `output_xxh64`; the
// granule digest has its own text ("cipher granules-xxh3 ...") and field, so a digest of one
// kind can never equal, or be read as, one of the other.
#include "sfp/cipher.hpp"

namespace sfp {

std::string canonical(const CipherOutcome& o) {
    if (!o.output_hash) return "cipher " + std::to_string(o.output_bytes) + " not hashed";
    return "cipher granules-xxh3 " + std::to_string(o.output_bytes) + " " + std::to_string(*o.output_hash);
}

Description describe(const CipherOutcome& o) {
    Description::Object fields{{"output_bytes", o.output_bytes}};
    if (o.output_hash) fields.emplace_back("output_granules_xxh3", hex16(*o.output_hash));
    return fields;
}

}  // namespace sfp
