#pragma once
// Write a file so that readers see either the old target or the complete new one, never a part:
// data goes to a temporary file beside the target and is renamed over it on commit().
#include <cstddef>
#include <cstdint>
#include <string>

namespace sfp {

class AtomicOutput {
public:
    explicit AtomicOutput(std::string target);  // creates the temporary file; throws on error
    AtomicOutput(const AtomicOutput&) = delete;
    AtomicOutput& operator=(const AtomicOutput&) = delete;
    ~AtomicOutput();  // without commit(): the temporary file is removed, the target untouched

    int fd() const noexcept { return fd_; }
    const std::string& temp_path() const noexcept { return temp_; }
    const std::string& target() const noexcept { return target_; }

    void write_all(const void* data, std::size_t n);  // throws with the OS reason (e.g. ENOSPC)
    void commit();                                    // close and rename over the target

private:
    std::string target_, temp_;
    int fd_ = -1;
    bool committed_ = false;
};

}  // namespace sfp
