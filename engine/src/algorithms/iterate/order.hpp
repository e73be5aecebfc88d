#pragma once
// The orders a tree's files can be processed in: the heart of the iterate experiment.
#include <cstdint>
#include <vector>

#include "io/tree_listing.hpp"
#include "sfp/run_context.hpp"

namespace sfp::iterate {

enum class Order {
    fs,       // as the directories gave them (getdents)
    alpha,    // sorted by path bytes
    inode,    // sorted by inode number
    cluster,  // sorted by the physical offset of the first extent (FIEMAP); files without one first
    random,   // a seeded shuffle
};

// Indexes into listing.files in processing order. `cluster` opens every file for FIEMAP and
// throws sfp::Unsupported where the filesystem has none (tmpfs).
std::vector<std::size_t> order_of(Order order, const Listing& listing, std::uint64_t seed, RunContext& ctx);

// `cluster` where the filesystem supports it, else `fs` with a note saying so.
std::vector<std::size_t> cluster_or_fs(const Listing& listing, RunContext& ctx);

}  // namespace sfp::iterate
