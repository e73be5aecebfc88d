#include "algorithms/cipher/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

#include "io/file.hpp"
#include "io/output_target.hpp"
#include "sfp/failure.hpp"

namespace sfp::cipher {
namespace {

// The file `requested` names (io/output_target.hpp), checked against the input.
OutputTarget resolve_target(const std::string& requested, const File& input, const OutputPolicy& policy) {
    if (requested.empty()) fail("cipher needs an output path");
    OutputTarget t = resolve_output_target(requested);
    if (t.exists && t.st.st_dev == input.device() && t.st.st_ino == input.inode() && !policy.in_place)
        fail("refusing to overwrite the input: '" + requested + "' is the same file as '" + input.path() +
             "' (same path, a symlink or a hard link); use --in-place to replace it");
    if (policy.output_exists && !t.exists)
        fail("cannot write into '" + requested + "': it does not exist (--output-exists needs an existing file)");
    return t;
}

void sync_directory_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) fail_errno("cannot open", dir, errno);
    const int rc = fsync(fd);
    const int err = errno;
    ::close(fd);
    if (rc != 0 && err != EINVAL) fail_errno("cannot flush", dir, err);  // EINVAL: fs without dir fsync
}

}  // namespace

OutputFile::OutputFile(const std::string& requested, const File& input, std::uint64_t size,
                       const OutputPolicy& policy) {
    const OutputTarget t = resolve_target(requested, input, policy);
    target_ = t.path;
    if (policy.output_exists) {
        existing_fd_ = ::open(target_.c_str(), O_RDWR | O_CLOEXEC);
        if (existing_fd_ < 0) fail_errno("cannot open", target_, errno);
        try {  // a constructor that throws gets no destructor: empty the target here as it would
            if (policy.reserve) reserve_space(existing_fd_, size, target_);
            if (ftruncate(existing_fd_, off_t(size)) != 0) fail_errno("cannot resize", target_, errno);
        } catch (...) {
            abandon_existing();
            throw;
        }
        return;
    }
    fresh_.emplace(target_);
    if (t.exists) {  // the replacement keeps the replaced file's permissions (and owner, if we may)
        if (fchmod(fresh_->fd(), t.st.st_mode & 07777) != 0)
            fail_errno("cannot set permissions on", write_path(), errno);
        if (fchown(fresh_->fd(), t.st.st_uid, t.st.st_gid) != 0 && errno != EPERM)
            fail_errno("cannot set the owner of", write_path(), errno);
    }
    if (policy.reserve) fresh_->reserve(size);
}

// An uncommitted existing target is emptied (posix_fallocate's extension too), never left part written.
void OutputFile::abandon_existing() noexcept {
    if (existing_fd_ < 0) return;
    if (!committed_) {
        const int rc = ftruncate(existing_fd_, 0);  // a failure here has nowhere to go
        (void)rc;
    }
    ::close(existing_fd_);
    existing_fd_ = -1;
}

OutputFile::~OutputFile() { abandon_existing(); }  // fresh_: AtomicOutput removes its temporary unless committed

int OutputFile::fd() const noexcept { return fresh_ ? fresh_->fd() : existing_fd_; }

const std::string& OutputFile::write_path() const noexcept { return fresh_ ? fresh_->temp_path() : target_; }

void OutputFile::commit(bool flush) {
    if (flush && fsync(fd()) != 0) fail_errno("cannot flush", target_, errno);
    if (fresh_) {
        fresh_->commit();
        if (flush) sync_directory_of(target_);
    } else {
        const int fd = existing_fd_;
        existing_fd_ = -1;
        if (::close(fd) != 0) fail_errno("cannot write", target_, errno);
    }
    committed_ = true;
}

}  // namespace sfp::cipher
