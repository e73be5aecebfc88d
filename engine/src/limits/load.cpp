// How busy the machine is when its limits are measured: a limit measured while other work ran
// is low, and every cell judged against it looks better than it is.
#include <fstream>

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

}  // namespace sfp
