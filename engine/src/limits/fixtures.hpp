#pragma once
// What several limits measure on, made once per measurement session and only when first needed:
// the memory buffer (memory read, two streams), the hot file (page-cache read, mapped scan in
// large folios), the O_DIRECT file (both queue depths) and the tree of small files (cold, hot). Everything lives in the
// scratch directory, which goes with this object.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/huge_page_buffer.hpp"
#include "limits/bench.hpp"

namespace sfp::limits {

class Fixtures {
public:
    Fixtures(const LimitBudget& budget, std::string workdir, const std::atomic<bool>& cancel);
    Fixtures(const Fixtures&) = delete;
    Fixtures& operator=(const Fixtures&) = delete;
    ~Fixtures();

    const LimitBudget& budget() const noexcept { return budget_; }
    Bench bench() const noexcept { return {budget_, cancel_}; }
    Scratch& scratch();  // made in the workspace on first use

    std::span<const std::uint8_t> memory();  // budget.memory_bytes, filled
    // A file of budget.file_bytes in the state hot runs use: written, evicted, then read once with
    // read(), so read-ahead leaves it in large folios where the filesystem makes them.
    const std::string& hot_file();
    double hot_file_share() const noexcept { return hot_share_; }  // its large-folio share (-1 unknown)
    const std::string& device_file();  // budget.device_bytes written with O_DIRECT, on the device
    // A tree of budget.small_files files of iterate's default size mix (what its runs generate).
    struct Tree {
        std::vector<std::string> files = {};
        std::vector<std::uint64_t> sizes = {};  // of each file, in the same order
        std::uint64_t bytes = 0;
        std::string mix = {};
    };
    const Tree& small_tree();

    // "2.0x the 512 MiB last-level cache": how a buffer of `bytes` compares with it.
    static std::string cache_words(std::uint64_t bytes);

private:
    const LimitBudget& budget_;
    const std::string workdir_;
    const std::atomic<bool>& cancel_;
    std::unique_ptr<Scratch> scratch_;
    std::unique_ptr<HugePageBuffer> memory_;
    std::string hot_file_, device_file_;
    Tree small_tree_;
    double hot_share_ = -1;
};

// Writes `bytes` of pseudo-random data to `path` in `block`-byte write() calls (4 KiB writes
// leave small folios, large ones large folios); throws sfp::Failure naming the path.
void write_file(const Bench& bench, const std::string& path, std::uint64_t bytes, std::size_t block);
// "large-folio share 0.98" / "large-folio share unknown" for method texts.
std::string share_words(double share);

}  // namespace sfp::limits
