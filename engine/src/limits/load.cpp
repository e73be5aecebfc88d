// How busy the machine is when its limits are measured: the load average and the CPU time the
// hypervisor stole, recorded with every limit (a figure taken by passes is not lowered by them,
// a median of repetitions is).
#include <fstream>
#include <string>

#include "limits/bench.hpp"
#include "sfp/limits.hpp"
#include "sfp/run.hpp"

namespace sfp {

MachineLoad machine_load() {
    MachineLoad load;
    std::ifstream in("/proc/loadavg");
    double one_minute = -1;
    if (in >> one_minute) load.one_minute = one_minute;
    load.cpus = online_cpus();
    return load;
}

namespace limits {

CpuTicks cpu_ticks() {
    std::ifstream in("/proc/stat");
    std::string cpu;
    std::uint64_t field[8] = {};  // user nice system idle iowait irq softirq steal
    if (!(in >> cpu) || cpu != "cpu") return {};
    CpuTicks t;
    for (std::uint64_t& f : field) {
        if (!(in >> f)) return {};
        t.total += f;
    }
    t.steal = field[7];
    t.known = true;
    return t;
}

double steal_between(const CpuTicks& before, const CpuTicks& after) {
    if (!before.known || !after.known || after.total <= before.total || after.steal < before.steal) return -1;
    return double(after.steal - before.steal) / double(after.total - before.total);
}

}  // namespace limits
}  // namespace sfp
