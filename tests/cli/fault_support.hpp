#pragma once
// What the CLI fault suites share: sfpbench run as a child process the test controls (limits,
// signals, its standard streams in files), always bounded so that a hang fails in seconds; the
// temporaries a writer may leave; a private mount namespace for the cases that mount a tiny
// filesystem.
#include <fcntl.h>
#include <sys/stat.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QDir>
#include <QStringList>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace faults {

struct Ended {
    int code = -1;      // exit status when it exited
    int signal = 0;     // the signal that killed it, if one did
    bool hung = false;  // still running at the bound: killed, and a failure
    std::string out, err;
};

struct Launch {
    std::vector<std::string> args;  // after the program name
    std::string stdout_path;        // "" = a file in the scratch directory
    std::string stdin_path = "/dev/null";
    bool close_stdout = false;           // started with standard output closed (`>&-`)
    std::optional<rlim_t> fsize_limit;   // RLIMIT_FSIZE in bytes
    std::optional<rlim_t> memory_limit;  // RLIMIT_AS in bytes
    std::optional<rlim_t> nofile_limit;  // RLIMIT_NOFILE: descriptors
    int bound_s = 60;                    // a hang is killed and reported after this
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// fork + exec of sfpbench with its output in files: the test controls limits and signals.
inline pid_t start(const Launch& l, const std::string& scratch) {
    const std::string out = l.stdout_path.empty() ? scratch + "/stdout" : l.stdout_path;
    const std::string err = scratch + "/stderr";
    const pid_t pid = fork();
    if (pid != 0) return pid;
    for (const auto& [limit, value] : {std::pair{RLIMIT_FSIZE, l.fsize_limit}, std::pair{RLIMIT_AS, l.memory_limit},
                                       std::pair{RLIMIT_NOFILE, l.nofile_limit}})
        if (value) {
            const rlimit r{*value, *value};
            setrlimit(limit, &r);
        }
    const int i = ::open(l.stdin_path.c_str(), O_RDONLY);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(i, 0);
    dup2(o, 1);
    dup2(e, 2);
    if (l.close_stdout) ::close(1);
    std::vector<char*> argv{const_cast<char*>(SFPBENCH)};
    for (const std::string& a : l.args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(SFPBENCH, argv.data());
    _exit(127);
}

// Waits for the child at most l.bound_s seconds; a child still running then is killed (hung).
inline Ended finish(pid_t pid, const Launch& l, const std::string& scratch) {
    Ended r;
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(l.bound_s);
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            r.hung = true;
            ::kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (WIFEXITED(status)) r.code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    if (l.stdout_path.empty()) r.out = slurp(scratch + "/stdout");
    r.err = slurp(scratch + "/stderr");
    return r;
}

// Kills a started child that a failed check left running (stopped, say) when the scope ends;
// disarm() once it was waited for.
struct KillAtExit {
    pid_t pid;
    ~KillAtExit() {
        if (pid <= 0) return;
        ::kill(pid, SIGKILL);
        ::kill(pid, SIGCONT);
        waitpid(pid, nullptr, 0);
    }
    void disarm() { pid = -1; }
};

inline Ended run(const Launch& l, const std::string& scratch) { return finish(start(l, scratch), l, scratch); }

inline Ended sfpbench(const std::vector<std::string>& args, const std::string& scratch) {
    Launch l;
    l.args = args;
    return run(l, scratch);
}

// Whether the process has installed a handler for `sig` (the SigCgt mask of /proc/PID/status):
// from then on a signal must never kill it.
// (Checked only once the child runs sfpbench: before exec it is a copy of this test.)
inline bool catches(pid_t pid, int sig) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    bool is_sfpbench = false;
    while (std::getline(status, line)) {
        if (line.starts_with("Name:")) is_sfpbench = line.find("sfpbench") != std::string::npos;
        if (line.starts_with("SigCgt:"))
            return is_sfpbench && ((std::stoull(line.substr(7), nullptr, 16) >> (sig - 1)) & 1);
    }
    return false;
}

// Polls until the child catches `sig` (it runs sfpbench and its handlers are in place).
inline bool wait_until_it_catches(pid_t pid, int sig) {
    for (int wait = 0; wait < 10000; ++wait) {
        if (catches(pid, sig)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

// A temporary as the tool names it, holding `text`, as a killed writer leaves it: `unmarked`
// (".NAME.sfp-XXXXXX") then "-" and its tag: FNV-1a 64 over the unmarked name, then the inode's
// 8 bytes little-endian, the low 32 bits in lowercase hex (written here, not taken from the
// code under test). Returns its name.
inline std::string tool_temporary(const std::string& dir, const std::string& unmarked, const std::string& text) {
    std::ofstream(dir + "/" + unmarked, std::ios::binary) << text;
    struct stat st {};
    ::stat((dir + "/" + unmarked).c_str(), &st);
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (char c : unmarked) h = (h ^ (unsigned char)c) * 0x100000001b3ull;
    for (int i = 0; i < 8; ++i) h = (h ^ ((std::uint64_t(st.st_ino) >> (8 * i)) & 0xff)) * 0x100000001b3ull;
    char tag[16];
    std::snprintf(tag, sizeof tag, "-%08llx", (unsigned long long)(h & 0xffffffffu));
    ::rename((dir + "/" + unmarked).c_str(), (dir + "/" + unmarked + tag).c_str());
    return unmarked + tag;
}

// Temporary files a writer leaves when it fails to clean up: ".NAME.sfp-XXXXXX-TTTTTTTT".
inline QStringList temporaries(const QString& dir) {
    return QDir(dir).entryList({".*.sfp-*"}, QDir::AllEntries | QDir::Hidden | QDir::System);
}

// The cases that mount a tiny filesystem run in a mount namespace of their own (so no mount
// outlives the test): as root directly; otherwise as root of a new user namespace, which
// unprivileged users may create on most kernels. Call first thing in main(), before any thread.
// Returns "" when mounting works, else what it needs.
inline std::string enter_private_mounts() {
    const uid_t uid = geteuid();
    const gid_t gid = getegid();
    if (uid != 0) {
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
            return "mounting a tmpfs needs root or unprivileged user namespaces (sysctl "
                   "kernel.unprivileged_userns_clone=1)";
        std::ofstream("/proc/self/setgroups") << "deny";
        std::ofstream("/proc/self/uid_map") << "0 " << uid << " 1";
        std::ofstream("/proc/self/gid_map") << "0 " << gid << " 1";
    } else if (unshare(CLONE_NEWNS) != 0) {
        return "cannot make a mount namespace (unshare: " + std::string(strerror(errno)) + ")";
    }
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        return "cannot make the mounts private (" + std::string(strerror(errno)) + ")";
    return {};
}

}  // namespace faults
