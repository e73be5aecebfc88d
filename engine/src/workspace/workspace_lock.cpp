// The workspace lock: a running experiment holds a shared flock on WORKDIR/.sfpbench.lock, clean
// takes it exclusively and removes the file last, still holding it. A run that opened the file
// before and got its lock after finds it unlinked and locks a new one, so a run and a clean never
// hold different files. Who holds it is read from /proc/locks, so a refusal can name them.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <utility>

#include "sfp/failure.hpp"
#include "sfp/workspace.hpp"
#include "workspace/manifest.hpp"
#include "workspace/workspace_lock.hpp"

namespace sfp {
namespace {

std::string lock_path(const std::string& workdir) { return workdir + "/.sfpbench.lock"; }

int open_lock(const std::string& workdir) {
    return ::open(lock_path(workdir).c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
}

// flock, retried after a signal unless `cancel` says stop; false when it did not get the lock.
bool lock(int fd, int how, const std::atomic<bool>* cancel) {
    while (flock(fd, how) != 0) {
        if (errno != EINTR || (cancel && cancel->load())) return false;
    }
    return true;
}

// "pid 1234 (sfpbench run --sizes 1M)": a process's command line, NULs as spaces, shortened.
std::string process_text(const std::string& pid) {
    std::ifstream in("/proc/" + pid + "/cmdline", std::ios::binary);
    std::string cmd((std::istreambuf_iterator<char>(in)), {});
    while (!cmd.empty() && cmd.back() == '\0') cmd.pop_back();
    for (char& c : cmd)
        if (c == '\0') c = ' ';
    if (cmd.size() > 200) cmd = cmd.substr(0, 200) + "...";
    return "pid " + pid + (cmd.empty() ? "" : " (" + cmd + ")");
}

// The processes holding a lock on the file `fd` is open on, from /proc/locks: lines such as
// "1: FLOCK  ADVISORY  READ 1234 fd:00:5678 0 EOF" (device numbers in hex, then the inode).
std::string holders_of(int fd) {
    struct stat st {};
    if (fstat(fd, &st) != 0) return {};
    char device[64];
    std::snprintf(device, sizeof device, "%02x:%02x:%llu", major(st.st_dev), minor(st.st_dev),
                  (unsigned long long)st.st_ino);
    std::ifstream locks("/proc/locks");
    std::string line, text;
    while (std::getline(locks, line)) {
        if (line.find("->") != std::string::npos) continue;  // a process waiting, not holding
        std::istringstream fields(line);
        std::string id, kind, mode, access, pid, file;
        if (fields >> id >> kind >> mode >> access >> pid >> file && file == device)
            text += (text.empty() ? "" : "; ") + process_text(pid);
    }
    return text.empty() ? "another process" : text;
}

}  // namespace

WorkspaceHold::WorkspaceHold(const std::string& workdir, const std::atomic<bool>* cancel) {
    try {
        workspace::make_workdir(workdir);
    } catch (const Failure&) {
        return;  // the runs that need the workspace fail with the reason
    }
    for (;;) {
        fd_ = open_lock(workdir);
        if (fd_ < 0) return;
        if (!lock(fd_, LOCK_SH, cancel)) break;  // waited for a clean (it is quick) and was cancelled
        struct stat st {};
        if (fstat(fd_, &st) == 0 && st.st_nlink > 0) return;  // not removed by a clean meanwhile
        ::close(fd_);
    }
    ::close(fd_);
    fd_ = -1;
}

WorkspaceHold::WorkspaceHold(WorkspaceHold&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}

WorkspaceHold::~WorkspaceHold() {
    if (fd_ >= 0) ::close(fd_);
}

void unlock_cleaned_workspace(const std::string& workdir, int fd) {
    ::unlink(lock_path(workdir).c_str());
    ::close(fd);
}

int lock_workspace_for_clean(const std::string& workdir, bool wait, const std::atomic<bool>* cancel) {
    const int fd = open_lock(workdir);
    if (fd < 0) fail_errno("cannot lock the workspace", workdir, errno);
    if (lock(fd, LOCK_EX | LOCK_NB, nullptr)) return fd;
    if (errno == EWOULDBLOCK && wait && lock(fd, LOCK_EX, cancel)) return fd;
    const int err = errno;
    const std::string who = err == EWOULDBLOCK || err == EINTR ? holders_of(fd) : std::string();
    ::close(fd);
    if (err == EINTR) fail("stopped waiting for the workspace '" + workdir + "' (held by " + who + ")");
    if (err != EWOULDBLOCK) fail_errno("cannot lock the workspace", workdir, err);
    fail("will not clean '" + workdir + "': a running experiment uses it (" + who +
         "); wait for it to end, or give --wait");
}

}  // namespace sfp
