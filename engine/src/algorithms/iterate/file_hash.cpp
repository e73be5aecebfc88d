#include "algorithms/iterate/file_hash.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>

#include "sfp/failure.hpp"
#include "sfp/run_context.hpp"

namespace sfp::iterate {
int open_listed(const std::string& path, int more) noexcept {
    return ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | more);
}

HashResult read_failure(const std::string& path, const std::string& why) { return {false, 0, 0, path + ": " + why}; }

void Hasher::StateDeleter::operator()(XXH3_state_s* s) const noexcept { XXH3_freeState(s); }

HashResult open_failure(const std::string& path, int err) {
    fail_if_out_of_descriptors(path, err);  // never a skipped file and a partial digest
    if (err == ENOENT) return read_failure(path, "vanished after the listing");
    if (err == ELOOP) return read_failure(path, "became a symbolic link after the listing (not followed)");
    return read_failure(path, std::strerror(err));
}

Hasher::Hasher() : buf_(std::make_unique_for_overwrite<std::uint8_t[]>(kBuffer)), state_(XXH3_createState()) {
    if (!state_) throw std::bad_alloc();
}

HashResult Hasher::hash_path(const std::string& path, std::uint64_t scope, RunContext& ctx, ProgressMeter& meter) {
    const int fd = open_listed(path);
    if (fd < 0) return open_failure(path, errno);
    HashResult r = hash_fd(fd, path, scope, ctx, meter);
    ::close(fd);
    return r;
}

HashResult Hasher::hash_fd(int fd, const std::string& path, std::uint64_t scope, RunContext& ctx,
                           ProgressMeter& meter) {
    struct stat st {};
    if (fstat(fd, &st) != 0) return read_failure(path, std::strerror(errno));
    if (!S_ISREG(st.st_mode)) return read_failure(path, "no longer a regular file");
    ThreadTimeline* const timeline = current_timeline();
    const double start = timeline ? timeline->now() : 0;
    XXH3_64bits_reset(state_.get());
    HashResult r{true, 0, 0, {}};
    while (r.bytes < scope && !ctx.should_stop()) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(kBuffer, scope - r.bytes));
        const ssize_t n = ::pread(fd, buf_.get(), want, off_t(r.bytes));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return read_failure(path, std::strerror(errno));
        if (n == 0) break;
        XXH3_64bits_update(state_.get(), buf_.get(), std::size_t(n));
        r.bytes += std::uint64_t(n);
        meter.add(std::uint64_t(n));
    }
    r.hash = XXH3_64bits_digest(state_.get());
    if (timeline) timeline->add(EventKind::read, start, r.bytes);
    return r;
}

}  // namespace sfp::iterate
