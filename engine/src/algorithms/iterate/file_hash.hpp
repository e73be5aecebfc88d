#pragma once
// The kernel every strategy shares: XXH3-64 of a file's first `scope` bytes.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

struct XXH3_state_s;

namespace sfp {
class RunContext;
class ProgressMeter;
}

namespace sfp::iterate {

inline constexpr std::uint64_t kWholeFile = UINT64_MAX;  // scope "full"

struct HashResult {
    bool ok = false;
    std::uint64_t hash = 0;
    std::uint64_t bytes = 0;  // bytes read
    std::string error;        // "path: reason" when !ok (vanished, unreadable, replaced)
};

// One reader's buffer, reused from file to file.
class Hasher {
public:
    Hasher();
    // Opens `path` (never following a link, never blocking on a FIFO put in its place) and hashes.
    HashResult hash_path(const std::string& path, std::uint64_t scope, RunContext& ctx, ProgressMeter& meter);
    // Hashes an already open descriptor from its start (prefetch opens files ahead). With a
    // timeline on this thread, the file read and hashed is one read event of its bytes.
    HashResult hash_fd(int fd, const std::string& path, std::uint64_t scope, RunContext& ctx, ProgressMeter& meter);

private:
    struct StateDeleter {
        void operator()(XXH3_state_s* s) const noexcept;
    };
    static constexpr std::size_t kBuffer = 256 * 1024;
    std::unique_ptr<std::uint8_t[]> buf_;
    std::unique_ptr<XXH3_state_s, StateDeleter> state_;
};

// Opens a listed file for reading: O_NOFOLLOW | O_NONBLOCK (| `more`, O_DIRECT, say); -1 with
// errno on failure.
int open_listed(const std::string& path, int more = 0) noexcept;
// The result for a file open_listed could not open (errno `err`): vanished or unreadable.
HashResult open_failure(const std::string& path, int err);
// The result for a file that could not be read: "path: why".
HashResult read_failure(const std::string& path, const std::string& why);

}  // namespace sfp::iterate
