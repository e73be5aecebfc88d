#include "algorithms/iterate/order.hpp"

#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <numeric>
#include <random>

#include "algorithms/iterate/file_hash.hpp"
#include "sfp/failure.hpp"

namespace sfp::iterate {
namespace {

// Physical byte offset of the file's first extent; 0 for a file without extents (empty,
// inline, or not openable — it is skipped later anyway). Throws Unsupported without FIEMAP.
std::uint64_t first_extent(const std::string& path) {
    const int fd = open_listed(path);
    if (fd < 0) return 0;
    // struct fiemap ends in a flexible array: room for one extent right behind it.
    alignas(fiemap) unsigned char request[sizeof(fiemap) + sizeof(fiemap_extent)] = {};
    auto* map = reinterpret_cast<fiemap*>(request);
    map->fm_start = 0;
    map->fm_length = FIEMAP_MAX_OFFSET;
    map->fm_extent_count = 1;
    const int rc = ioctl(fd, FS_IOC_FIEMAP, map);
    const int err = errno;
    ::close(fd);
    if (rc != 0 && (err == EOPNOTSUPP || err == ENOTTY))
        throw Unsupported("the filesystem of '" + path + "' has no FIEMAP (no physical file positions)");
    if (rc != 0 || map->fm_mapped_extents == 0) return 0;
    fiemap_extent extent;
    std::memcpy(&extent, request + sizeof(fiemap), sizeof extent);
    return extent.fe_physical;
}

std::vector<std::size_t> by_cluster(const Listing& listing, RunContext& ctx) {
    std::vector<std::uint64_t> offset(listing.files.size());
    for (std::size_t i = 0; i < offset.size() && !ctx.should_stop(); ++i)
        offset[i] = first_extent(listing.files[i].path);
    std::vector<std::size_t> order(offset.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return offset[a] < offset[b]; });
    return order;
}

}  // namespace

std::vector<std::size_t> order_of(Order order, const Listing& listing, std::uint64_t seed, RunContext& ctx) {
    const auto& files = listing.files;
    std::vector<std::size_t> out(files.size());
    std::iota(out.begin(), out.end(), std::size_t{0});
    switch (order) {
        case Order::fs: break;
        case Order::alpha:
            std::sort(out.begin(), out.end(),
                      [&](std::size_t a, std::size_t b) { return files[a].path < files[b].path; });
            break;
        case Order::inode:
            std::stable_sort(out.begin(), out.end(),
                             [&](std::size_t a, std::size_t b) { return files[a].inode < files[b].inode; });
            break;
        case Order::cluster: return by_cluster(listing, ctx);
        case Order::random: {
            std::mt19937_64 rng(seed);
            std::shuffle(out.begin(), out.end(), rng);
            break;
        }
    }
    return out;
}

std::vector<std::size_t> cluster_or_fs(const Listing& listing, RunContext& ctx) {
    try {
        return by_cluster(listing, ctx);
    } catch (const Unsupported& e) {
        ctx.note(std::string("filesystem order instead of cluster: ") + e.what());
        return order_of(Order::fs, listing, 0, ctx);
    }
}

}  // namespace sfp::iterate
