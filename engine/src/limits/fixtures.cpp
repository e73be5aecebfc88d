#include "limits/fixtures.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "io/aligned_buffer.hpp"
#include "io/fd.hpp"
#include "io/large_folios.hpp"
#include "io/page_cache.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp::limits {
namespace {

constexpr std::size_t kWriteBlock = 1 << 20;
constexpr std::uint64_t kFillPiece = 64 << 20;  // of the memory buffer, between looks at the cancel

// Every block differs (its offset is mixed in), so a disk that dedupes or compresses still stores it all.
void write_blocks(const Bench& bench, int fd, const std::string& path, std::uint64_t bytes, std::uint8_t* buffer,
                  std::size_t block) {
    for (std::uint64_t at = 0; at < bytes; at += block) {
        bench.check();
        const std::size_t n = std::size_t(std::min<std::uint64_t>(block, bytes - at));
        reinterpret_cast<std::uint64_t*>(buffer)[0] = at ^ 0x5DEECE66Dull;
        if (::pwrite(fd, buffer, n, off_t(at)) != ssize_t(n)) fail_errno("cannot write", path, errno ? errno : ENOSPC);
    }
}

}  // namespace

Fixtures::Fixtures(const LimitBudget& budget, std::string workdir, const std::atomic<bool>& cancel)
    : budget_(budget), workdir_(std::move(workdir)), cancel_(cancel) {}

Fixtures::~Fixtures() = default;

Scratch& Fixtures::scratch() {
    if (!scratch_) {
        sweep_stale_temporaries(workdir_);  // a killed measurement's scratch, any killed writer's file
        scratch_ = std::make_unique<Scratch>(workdir_);
    }
    return *scratch_;
}

std::span<const std::uint8_t> Fixtures::memory() {
    if (!memory_) {
        auto buffer = std::make_unique<HugePageBuffer>(budget_.memory_bytes);
        // Every page written (an untouched one would all be the zero page): no fault is timed later.
        // In pieces with the cancel looked at between them (up to 1 GiB: seconds on a busy machine);
        // kept only once whole.
        for (std::uint64_t at = 0; at < buffer->size(); at += kFillPiece) {
            bench().check();
            std::memset(buffer->data() + at, 0x5A,
                        std::size_t(std::min<std::uint64_t>(kFillPiece, buffer->size() - at)));
        }
        memory_ = std::move(buffer);
    }
    return {memory_->data(), memory_->size()};
}

const std::string& Fixtures::hot_file() {
    if (hot_file_.empty()) {
        const std::string path = scratch().path("hot");
        require_free_space(scratch().dir(), budget_.file_bytes);
        write_file(bench(), path, budget_.file_bytes, kWriteBlock);
        page_cache::settle_as_read({path}, cancel_);  // as `run --cache hot` prepares its inputs
        bench().check();
        hot_share_ = page_cache::large_folio_share({path});
        hot_file_ = path;
    }
    return hot_file_;
}

const std::string& Fixtures::device_file() {
    if (device_file_.empty()) {
        const std::string path = scratch().path("device");
        require_free_space(scratch().dir(), budget_.device_bytes);
        const Fd fd(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_DIRECT);
        if (fd.get() < 0) {
            const int err = errno;
            if (err == EINVAL) fail("O_DIRECT is refused by the workspace's filesystem (" + scratch().dir() + ")");
            fail_errno("cannot create", path, err);
        }
        AlignedBuffer buffer(kWriteBlock, 4096);
        fill(buffer.data(), buffer.size(), 3);
        write_blocks(bench(), fd.get(), path, budget_.device_bytes / 4096 * 4096, buffer.data(), buffer.size());
        if (::fdatasync(fd.get()) != 0) fail_errno("cannot flush", path, errno);
        device_file_ = path;
    }
    return device_file_;
}

const Fixtures::Tree& Fixtures::small_tree() {
    if (small_tree_.mix.empty()) {
        constexpr const char* kMix = "small";  // iterate's default: its generated trees are of it
        const std::string dir = scratch().path("tree");
        require_free_space(scratch().dir(), budget_.small_files * 50 * 1024 * 3 / 2);  // the mix's mean, with room
        generate_tree(dir, budget_.small_files, kMix, 1, &cancel_);
        bench().check();
        Tree t{.mix = kMix};
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
            if (e.is_regular_file()) {
                t.files.push_back(e.path().string());
                t.sizes.push_back(e.file_size());
                t.bytes += t.sizes.back();
            }
        small_tree_ = std::move(t);
    }
    return small_tree_;
}

std::string Fixtures::cache_words(std::uint64_t bytes) {
    const std::uint64_t llc = last_level_cache_bytes();
    if (llc == 0) return "last-level cache size unknown";
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.1fx", double(bytes) / double(llc));
    return std::string(ratio) + " the " + size_words(llc) + " last-level cache";
}

void write_file(const Bench& bench, const std::string& path, std::uint64_t bytes, std::size_t block) {
    const Fd fd(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC);
    if (fd.get() < 0) fail_errno("cannot create", path, errno);
    std::vector<std::uint8_t> buffer(block);
    fill(buffer.data(), buffer.size(), 2);
    write_blocks(bench, fd.get(), path, bytes, buffer.data(), block);
}

std::string share_words(double share) {
    if (share < 0) return "large-folio share unknown";
    char text[48];
    std::snprintf(text, sizeof text, "large-folio share %.2f", share);
    return text;
}

}  // namespace sfp::limits
