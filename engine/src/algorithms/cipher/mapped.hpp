#pragma once
// What the mapped strategies share: input and output mapped whole, and a guarded transform
// that turns SIGBUS (a file truncated underneath the mapping) into a clear error.
#include "algorithms/cipher/job.hpp"
#include "io/mapping.hpp"

namespace sfp::cipher {

// Transforms n input bytes at `in` to n*expansion bytes at `out` (either may be mapped), and adds
// them to the digest as the output bytes from `out_offset` while they are in cache.
void transform_mapped(const CipherJob& job, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
                      std::uint64_t out_offset);

// The input mapped read-only, whole (mmap-in, auto).
Mapping input_mapping(const CipherJob& job);

// The input mapped read-only and the (reserved) output mapped writable, both whole.
struct WholeMappings {
    explicit WholeMappings(const CipherJob& job);
    // With the flush option: msync the output before the job commits (atouMMFL).
    void flush_if_asked(const CipherJob& job) const;
    Mapping in, out;
};

}  // namespace sfp::cipher
