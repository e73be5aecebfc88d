#include "io/tool_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& why, std::string_view advice = kWorkspaceAdvice) {
    fail("will not use '" + path + "': " + why + " (sfpbench leaves it alone; " + std::string(advice) + ")");
}

}  // namespace

void refuse_link(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return;
    if (S_ISLNK(st.st_mode))
        refuse(path, "it is a symbolic link, and sfpbench never writes through one in its workspace");
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) refuse(path, std::string("it is ") + file_kind(st.st_mode));
}

std::optional<std::string> read_tool_file(const std::string& path, std::size_t max_bytes, Links links,
                                          std::string_view advice) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
    const int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (links == Links::refuse ? O_NOFOLLOW : 0);
    const int fd = ::open(path.c_str(), flags);
    if (fd < 0) {
        if (errno == ENOENT) return std::nullopt;
        if (errno == ELOOP && links == Links::refuse)
            refuse(path, "it is a symbolic link, and sfpbench never follows one in its workspace", advice);
        fail_errno("cannot read", path, errno);
    }
    struct stat st {};
    std::string text;
    try {
        if (::fstat(fd, &st) != 0) fail_errno("cannot read", path, errno);
        if (!S_ISREG(st.st_mode)) refuse(path, std::string("it is ") + file_kind(st.st_mode), advice);
        if (links == Links::refuse && st.st_uid != ::geteuid())
            refuse(path, "it belongs to another user (uid " + std::to_string(st.st_uid) + ")", advice);
        if (std::uint64_t(st.st_size) > max_bytes)
            refuse(path,
                   "it holds " + byte_count(std::uint64_t(st.st_size)) + ", more than the " + byte_count(max_bytes) +
                       " such a file can hold",
                   advice);
        text.resize(std::size_t(st.st_size));
        std::size_t got = 0;
        while (got < text.size()) {  // a file growing meanwhile is read to the size it had
            const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) fail_errno("cannot read", path, errno);
            if (n == 0) break;
            got += std::size_t(n);
        }
        text.resize(got);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    return text;
}

}  // namespace sfp
