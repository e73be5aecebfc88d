#pragma once
// The work of four strategies, each written once in its own file: the strategy runs it over
// the whole input (pool: threads' work, dealt to whoever is free), and auto (auto.cpp) over its
// probe slices and then the rest, or over all of an input too small to probe (stream's on the
// calling thread, under 2 MiB or one block).
#include <cstdint>

#include "algorithms/cipher/job.hpp"
#include "algorithms/cipher/mapped.hpp"
#include "algorithms/stripe_queue.hpp"

namespace sfp::cipher {

// mmap_in.cpp: T threads transform from the mapped input `in` into a buffer and pwrite() it.
void mmap_in_range(CipherJob& job, const Mapping& in, const RunSpec& spec, RunContext& ctx, std::uint64_t begin,
                   std::uint64_t end, Deal deal = Deal::round_robin);

// threads.cpp: T threads pread() a block, transform it and pwrite() it; dealt to whoever is free,
// the pool strategy (cciMT_VTP).
void threads_range(CipherJob& job, const RunSpec& spec, RunContext& ctx, std::uint64_t begin, std::uint64_t end,
                   Deal deal = Deal::round_robin);

// stream.cpp: the calling thread read()s the whole input block by block, transforms and write()s it.
void stream_blocks(CipherJob& job, const RunSpec& spec, RunContext& ctx);

}  // namespace sfp::cipher
