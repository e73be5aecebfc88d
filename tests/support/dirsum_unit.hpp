#pragma once
// A test-only algorithm unit, "dirsum", never shipped: it proves that an algorithm is one unit.
// It reads a directory tree (the engine's "tree" input kind), has a choice parameter it sweeps
// ("visit": the order files are read in, which must not change the outcome) and one strategy,
// "walk", reading every file in blocks. Added with sfp::add_algorithm() before the registry is
// used, it runs through the runner, `sfpbench run` and the CSV writer without a line of their
// code knowing it. Its outcome, Sum, is its own type too: the runner digests it and the report
// JSON describes it through canonical() and describe() below, found by argument-dependent lookup.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/algorithm_io.hpp"
#include "sfp/failure.hpp"
#include "sfp/outcome.hpp"
#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"

namespace dirsum {

inline constexpr std::string_view kVisits[] = {"sorted", "reversed"};
inline constexpr std::string_view kReads[] = {"block_size", "visit"};

inline constexpr sfp::Parameter kParameters[] = {
    sfp::kBlockSizeParameter,
    sfp::kThreadsParameter,
    {.name = "visit",
     .type = sfp::ParameterType::choice,
     .help = "order the files are read in",
     .fallback = 0,
     .choices = kVisits,
     .sweepable = true},
};

// FNV-1a, continued over `bytes`: a file's checksum over its relative path and contents.
inline std::uint64_t fnv(std::uint64_t h, const void* bytes, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}
inline constexpr std::uint64_t kFnvStart = 0xcbf29ce484222325ull;

// What dirsum finds: how many files, their bytes, and the sum of every file's checksum (a sum,
// so the order files are visited in cannot change it).
struct Sum {
    std::uint64_t files = 0, bytes = 0, checksum = 0;
    bool operator==(const Sum&) const = default;
};
inline std::string canonical(const Sum& s) {
    return "dirsum " + std::to_string(s.files) + " " + std::to_string(s.bytes) + " " + std::to_string(s.checksum);
}
inline sfp::Description describe(const Sum& s) {
    return sfp::Description::Object{{"files", s.files}, {"bytes", s.bytes}, {"checksum_fnv", sfp::hex16(s.checksum)}};
}

// A test plants a disagreement: runs at this block size miscount by one (0: none).
inline std::atomic<std::uint64_t> wrong_at_block{0};

// Every regular file under `root`, as paths relative to it, sorted.
inline std::vector<std::string> files_of(const std::string& root) {
    std::vector<std::string> out;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
        if (entry.is_regular_file()) out.push_back(std::filesystem::relative(entry.path(), root).string());
    std::sort(out.begin(), out.end());
    return out;
}

inline void check_root(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) sfp::fail_errno("cannot read", path, errno);
    if (!S_ISDIR(st.st_mode)) sfp::fail("'" + path + "' is not a directory (dirsum reads a tree)");
}

inline sfp::Outcome walk(const sfp::RunSpec& spec, sfp::RunContext& ctx) {
    const std::string& root = spec.inputs.at(0);
    check_root(root);
    std::vector<std::string> files = files_of(root);
    const std::int64_t visit = spec.options.number(kParameters[2]);  // its index in kVisits
    if (kVisits[std::size_t(visit)] == "reversed") std::reverse(files.begin(), files.end());
    Sum o;
    std::vector<char> block(spec.block_size);
    for (const std::string& name : files) {
        const std::string path = root + "/" + name;
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) sfp::fail_errno("cannot open", path, errno);
        std::uint64_t h = fnv(kFnvStart, name.data(), name.size());
        for (;;) {
            const ssize_t n = ::read(fd, block.data(), block.size());
            if (n < 0) {
                const int err = errno;
                ::close(fd);
                sfp::fail_errno("cannot read", path, err);
            }
            if (n == 0) break;
            h = fnv(h, block.data(), std::size_t(n));
            o.bytes += std::uint64_t(n);
            ctx.add_progress(std::uint64_t(n));
        }
        ::close(fd);
        ++o.files;
        o.checksum += h;
    }
    if (spec.block_size == wrong_at_block.load()) ++o.checksum;
    return o;
}

inline sfp::Support always() { return sfp::Support::yes(); }

inline const sfp::Strategy kStrategies[] = {
    {.algorithm = "dirsum",
     .name = "walk",
     .description = "read every file of the tree in blocks, in the visit order",
     .reads = kReads,
     .probe = always,
     .run = walk},
};

// No check_input: the "tree" kind checks a given input is a directory that can be listed.
inline const sfp::AlgorithmIo kIo{.algorithm = "dirsum",
                                  .inputs = 1,
                                  .data_kind = "tree",
                                  .parameters = kParameters,
                                  .strategies = kStrategies,
                                  .default_strategy = "walk"};

// Adds the unit to the registry; call first, before anything looks an algorithm up.
inline void add() { sfp::add_algorithm(kIo); }

// The outcome the test expects, computed independently: whole files read at once, in path order.
inline Sum reference(const std::string& root) {
    Sum o;
    for (const std::string& name : files_of(root)) {
        std::string bytes;
        const int fd = ::open((root + "/" + name).c_str(), O_RDONLY | O_CLOEXEC);
        char buf[65536];
        for (ssize_t n; fd >= 0 && (n = ::read(fd, buf, sizeof buf)) > 0;) bytes.append(buf, std::size_t(n));
        if (fd >= 0) ::close(fd);
        o.checksum += fnv(fnv(kFnvStart, name.data(), name.size()), bytes.data(), bytes.size());
        o.bytes += bytes.size();
        ++o.files;
    }
    return o;
}

}  // namespace dirsum
