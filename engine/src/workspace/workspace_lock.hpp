#pragma once
// The workspace lock (workspace_lock.cpp): running experiments share it, `clean` takes it alone.
#include <atomic>
#include <string>

namespace sfp {

// A running experiment holds its workspace while this lives (a shared flock on
// WORKDIR/.sfpbench.lock), so `clean` cannot remove inputs under it; experiments share it.
// Creates the workspace; best effort: one that cannot be made fails the runs that need it.
// Waits while a clean runs (a set `cancel` stops the wait: then nothing is held).
class WorkspaceHold {
public:
    WorkspaceHold() = default;
    explicit WorkspaceHold(const std::string& workdir, const std::atomic<bool>* cancel = nullptr);
    WorkspaceHold(WorkspaceHold&& o) noexcept;
    WorkspaceHold& operator=(WorkspaceHold&&) = delete;
    ~WorkspaceHold();
    bool held() const noexcept { return fd_ >= 0; }

private:
    int fd_ = -1;
};

// For clean_workspace: the workspace's lock taken exclusively (an open descriptor holding it),
// or the Failure described there; then, the workspace cleaned, its lock file removed and released.
int lock_workspace_for_clean(const std::string& workdir, bool wait, const std::atomic<bool>* cancel);
void unlock_cleaned_workspace(const std::string& workdir, int fd);

}  // namespace sfp
