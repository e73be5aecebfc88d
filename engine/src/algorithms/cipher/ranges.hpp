#pragma once
// The work of two strategies over a range [begin, end) of the input, each written once in its
// own file: the strategy runs it over the whole input, and auto (auto.cpp) over its probe slices
// and then the rest.
#include <cstdint>

#include "algorithms/cipher/job.hpp"
#include "algorithms/cipher/mapped.hpp"

namespace sfp::cipher {

// mmap_in.cpp: T threads transform from the mapped input `in` into a buffer and pwrite() it.
void mmap_in_range(CipherJob& job, const Mapping& in, const RunSpec& spec, RunContext& ctx, std::uint64_t begin,
                   std::uint64_t end);

// threads.cpp: T threads pread() a block, transform it and pwrite() it.
void threads_range(CipherJob& job, const RunSpec& spec, RunContext& ctx, std::uint64_t begin, std::uint64_t end);

}  // namespace sfp::cipher
