#pragma once
// The machine a report was measured on. Qt-free.
#include <cstdint>
#include <string>

namespace sfp {

struct MachineInfo {
    std::string host, cpu_model, kernel, filesystem, tool_version;
    unsigned cores = 0;
    std::uint64_t memory_bytes = 0;
    std::string device;  // what the inputs' filesystem is mounted from ("/dev/vda"), "unknown"
};

// Host, CPU, cores, memory, kernel, the filesystem type holding `data_path`, tool version.
MachineInfo machine_info(const std::string& data_path);

}  // namespace sfp
