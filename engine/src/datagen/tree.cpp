// Reproducible trees for iterate: nested folders and a size mix scaled from IOBoost's sets.
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <random>

#include "io/atomic_output.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

// IOBoost's three sets averaged 20 MB (1,038 files), 1.7 MB (13,078) and 796 KB (42,863);
// the means here are 1/16 of those, so tens of thousands of files fit a laptop's disk.
struct Mix {
    const char* name;
    std::uint64_t mean;
};
constexpr Mix kMixes[] = {{"large", 1250 * 1024}, {"medium", 106 * 1024}, {"small", 50 * 1024}};
constexpr unsigned kFilesPerFolder = 100;
constexpr unsigned kFoldersPerParent = 16;

const Mix& mix_named(const std::string& name) {
    for (const Mix& m : kMixes)
        if (name == m.name) return m;
    fail("size mix '" + name + "' is unknown (small, medium or large)");
}

// Folder of file i: two levels, kFilesPerFolder files in each leaf.
std::string folder_of(std::uint64_t i) {
    const std::uint64_t leaf = i / kFilesPerFolder;
    char name[64];
    std::snprintf(name, sizeof name, "t%03llu/s%02llu", (unsigned long long)(leaf / kFoldersPerParent),
                  (unsigned long long)(leaf % kFoldersPerParent));
    return name;
}

}  // namespace

std::vector<std::string> tree_size_mixes() {
    std::vector<std::string> out;
    for (const Mix& m : kMixes) out.emplace_back(m.name);
    return out;
}

std::vector<std::uint64_t> tree_file_sizes(std::uint64_t files, const std::string& size_mix, std::uint64_t seed) {
    const Mix& mix = mix_named(size_mix);
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> draw(1.0);  // many small files, a few large ones
    std::vector<std::uint64_t> sizes(files);
    for (std::uint64_t& s : sizes) s = std::uint64_t(std::min(draw(rng), 8.0) * double(mix.mean));
    return sizes;
}

std::uint64_t tree_files_for(std::uint64_t bytes, const std::string& size_mix) {
    return std::max<std::uint64_t>(1, bytes / mix_named(size_mix).mean);
}

TreeSummary generate_tree(const std::string& dir, std::uint64_t files, const std::string& size_mix, std::uint64_t seed,
                          const std::atomic<bool>* cancel) {
    namespace fs = std::filesystem;
    const std::vector<std::uint64_t> sizes = tree_file_sizes(files, size_mix, seed);
    std::error_code ec;
    if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec)))
        fail("will not generate a tree into '" + dir + "': it exists and is not an empty directory");
    const std::string parent = fs::path(dir).parent_path().string();
    require_free_space(parent.empty() ? "." : parent, std::accumulate(sizes.begin(), sizes.end(), std::uint64_t{0}));
    // Made under a temporary name beside DIR and renamed into place whole: an interrupted
    // generation leaves no half tree (a later write beside it or `clean` sweeps what a kill leaves).
    // (locked while it is written, so a sweep knows a live writer's from one a kill left)
    const TemporaryDirectory made((parent.empty() ? "." : parent) + "/" + fs::path(dir).filename().string());
    const std::string& temp = made.path();
    try {
        // Written in a shuffled order, so that the disk's order is neither the names' nor the folders'.
        std::vector<std::uint64_t> order(files);
        std::iota(order.begin(), order.end(), std::uint64_t{0});
        std::shuffle(order.begin(), order.end(), std::mt19937_64(seed ^ 0x5eed));
        TreeSummary summary;
        for (std::uint64_t i : order) {
            const std::string folder = temp + "/" + folder_of(i);
            fs::create_directories(folder, ec);
            if (ec) fail_errno("cannot create", folder, ec.value());
            char name[32];
            std::snprintf(name, sizeof name, "/f%06llu.bin", (unsigned long long)i);
            generate_random(folder + name, sizes[i], seed + i, cancel);
            summary.bytes += sizes[i];
        }
        summary.files = files;
        ::chmod(temp.c_str(), 0755);  // mkdtemp made it private
        if (::rename(temp.c_str(), dir.c_str()) != 0) fail_errno("cannot rename a generated tree to", dir, errno);
        return summary;
    } catch (const Failure& e) {  // named by the tree asked for, not the hidden directory it was made in
        std::string why = e.what();
        for (std::size_t at; (at = why.find(temp)) != std::string::npos;) why.replace(at, temp.size(), dir);
        fail("cannot generate the tree '" + dir + "': " + why);
    }
}

}  // namespace sfp
