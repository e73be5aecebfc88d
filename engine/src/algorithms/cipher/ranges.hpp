#pragma once
// The work of three strategies, each written once in its own file, run by the strategy itself
// and by those that share it: pool runs threads' work dealt to whoever is free, and auto
// (auto.cpp) runs mmap-in's, pool's or stream's.
#include <cstdint>

#include "algorithms/cipher/job.hpp"
#include "algorithms/cipher/mapped.hpp"
#include "algorithms/stripe_queue.hpp"

namespace sfp::cipher {

// mmap_in.cpp: T threads transform from the mapped input `in` into a buffer and pwrite() it.
void mmap_in_work(CipherJob& job, const Mapping& in, const RunSpec& spec, RunContext& ctx,
                  Deal deal = Deal::round_robin);

// threads.cpp: T threads pread() a block, transform it and pwrite() it; dealt to whoever is free,
// the pool strategy (cciMT_VTP).
void threads_work(CipherJob& job, const RunSpec& spec, RunContext& ctx, Deal deal = Deal::round_robin);

// stream.cpp: the calling thread read()s the whole input block by block, transforms and write()s it.
void stream_blocks(CipherJob& job, const RunSpec& spec, RunContext& ctx);

}  // namespace sfp::cipher
