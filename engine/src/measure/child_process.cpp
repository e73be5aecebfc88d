#include "measure/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <utility>

#include "measure/spent.hpp"
#include "measure/waits.hpp"
#include "sfp/failure.hpp"
#include "sfp/run_context.hpp"
#include "sfp/visible_text.hpp"

extern char** environ;

namespace sfp {
namespace {

struct Pipe {
    int fd[2] = {-1, -1};
    Pipe() {
        if (pipe2(fd, O_CLOEXEC) != 0) fail_errno("cannot create", "pipe", errno);
    }
    ~Pipe() { close_all(); }
    void close_end(int i) {
        if (fd[i] >= 0) ::close(fd[i]);
        fd[i] = -1;
    }
    void close_all() { close_end(0), close_end(1); }
};

// /proc/<pid>/io of a child: what it read from and wrote to storage.
StorageBytes child_storage_bytes(pid_t pid) {
    char buf[512];
    const std::string path = "/proc/" + std::to_string(pid) + "/io";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) return {};
    buf[n] = '\0';
    return parse_storage_bytes(buf);
}

// Waits for the child to end, measures it, then reaps it. Between its exit and the reaping it
// is a zombie whose process CPU clock is final and exact (the scheduler's runtime of all its
// threads), and whose /proc io is still there; wait4's rusage gives the faults, switches and
// the tick-sampled split (its own total is exact only when the kernel scaled it at exit). Its
// life runs from `started` (just before it was spawned) to its exit being seen; its runnable wait
// (and block I/O delay) is its main thread's, as its /proc/PID/schedstat (and stat) tell.
Spent reap(pid_t pid, int& status, RunContext::Clock::time_point started) {
    siginfo_t info{};
    while (waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
    const double lifetime = std::chrono::duration<double>(RunContext::Clock::now() - started).count();
    const WaitSample waits = process_waits(pid);
    std::optional<double> exact;
    clockid_t clock{};
    timespec ts{};
    if (clock_getcpuclockid(pid, &clock) == 0 && clock_gettime(clock, &ts) == 0)
        exact = double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
    const StorageBytes io = child_storage_bytes(pid);
    struct rusage ru {};
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {}
    Spent s = from_rusage(ru);
    s.cpu_exact = exact.has_value();
    s.cpu_s = exact ? *exact : s.tick_user_s + s.tick_sys_s;
    s.read_bytes = io.read;
    s.write_bytes = io.write;
    split_waits(s, lifetime, waits);
    return s;
}

struct Descriptors {  // closed when dropped
    std::vector<int> fds;
    Descriptors() = default;
    Descriptors(Descriptors&& o) noexcept : fds(std::exchange(o.fds, {})) {}
    Descriptors& operator=(Descriptors&& o) noexcept {
        std::swap(fds, o.fds);
        return *this;
    }
    ~Descriptors() {
        for (const int fd : fds)
            if (fd >= 0) ::close(fd);
    }
};

constexpr int kFirstInherited = 3;  // after stdin, stdout, stderr

}  // namespace

std::string ChildRun::failure() const {
    std::string why = signal        ? "killed by signal " + std::to_string(signal)
                      : err.empty() ? "exit status " + std::to_string(exit_code)
                                    : err;
    while (!why.empty() && why.back() == '\n') why.pop_back();
    return why;
}

std::string find_on_path(const std::string& program) {
    if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0 ? program : "";
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        const std::size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::string dir = dirs.substr(start, end - start);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return "";
}

std::string inherited_path(std::size_t i) { return "/dev/fd/" + std::to_string(kFirstInherited + i); }

ChildRun run_child(const std::vector<std::string>& argv, RunContext& ctx, std::size_t max_lines,
                   const std::vector<int>& inherit) {
    const std::string exe = find_on_path(argv.at(0));
    if (exe.empty()) fail("cannot run '" + visible_text(argv[0]) + "': not found on PATH, or not executable");
    Pipe out, err;
    // Copies above the range 3.. they go to, so placing one never overwrites another's source.
    const int above = kFirstInherited + int(inherit.size());
    Descriptors sources;
    for (const int fd : inherit) {
        sources.fds.push_back(fcntl(fd, F_DUPFD_CLOEXEC, above));
        if (sources.fds.back() < 0) fail_errno("cannot pass on", "descriptor " + std::to_string(fd), errno);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
    for (std::size_t i = 0; i < sources.fds.size(); ++i)  // dup2 clears close-on-exec on the copy
        posix_spawn_file_actions_adddup2(&actions, sources.fds[i], kFirstInherited + int(i));
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    // A process group of its own: a stop ends the child and whatever it started (a shell's
    // pipeline), and the terminal's Ctrl-C reaches only us, who end it.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = -1;
    const RunContext::Waiting waiting = RunContext::waiting_starts();
    const RunContext::Clock::time_point started = RunContext::Clock::now();
    const int rc = posix_spawn(&pid, exe.c_str(), &actions, &attributes, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    sources = {};
    if (rc == EAGAIN)
        fail("cannot start '" + exe + "' (a child process): " + kProcessLimitReached + "; raise the limit");
    if (rc != 0) fail_errno("cannot start", exe, rc);
    out.close_end(1);
    err.close_end(1);

    ChildRun run;
    std::size_t lines = 0;
    char buf[65536];
    while (out.fd[0] >= 0 || err.fd[0] >= 0) {
        if (ctx.should_stop()) kill(-pid, SIGKILL);
        pollfd fds[2] = {{out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}};
        if (poll(fds, 2, 20) < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n <= 0) {
                (i == 0 ? out : err).close_end(0);
                continue;
            }
            if (i == 1) {
                run.err.append(buf, std::size_t(n));
                continue;
            }
            for (ssize_t k = 0; k < n && !run.cut_off; ++k) {
                run.out.push_back(buf[k]);
                if (buf[k] == '\n' && ++lines == max_lines) run.cut_off = true;
            }
            if (run.cut_off) out.close_end(0);  // like `| head`: the child gets SIGPIPE
        }
    }
    int status = 0;
    ctx.add_child(reap(pid, status, started), started);
    ctx.waiting_ends(waiting);
    if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
    return run;
}

}  // namespace sfp
