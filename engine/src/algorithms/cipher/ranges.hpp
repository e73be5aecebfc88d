#pragma once
// The work of three strategies, each written once in its own file: the strategy runs it over
// the whole input, and auto (auto.cpp) over its probe slices and then the rest, or over all of
// an input too small to probe (stream's on the calling thread, under 2 MiB or one block).
#include <cstdint>

#include "algorithms/cipher/job.hpp"
#include "algorithms/cipher/mapped.hpp"

namespace sfp::cipher {

// mmap_in.cpp: T threads transform from the mapped input `in` into a buffer and pwrite() it.
void mmap_in_range(CipherJob& job, const Mapping& in, const RunSpec& spec, RunContext& ctx, std::uint64_t begin,
                   std::uint64_t end);

// threads.cpp: T threads pread() a block, transform it and pwrite() it.
void threads_range(CipherJob& job, const RunSpec& spec, RunContext& ctx, std::uint64_t begin, std::uint64_t end);

// stream.cpp: the calling thread read()s the whole input block by block, transforms and write()s it.
void stream_blocks(CipherJob& job, const RunSpec& spec, RunContext& ctx);

}  // namespace sfp::cipher
