#include "measure/thread_usage.hpp"

namespace sfp {

Usage usage_from(const struct rusage& ru) noexcept {
    auto seconds = [](const timeval& tv) { return double(tv.tv_sec) + double(tv.tv_usec) * 1e-6; };
    Usage u;
    u.user_s = seconds(ru.ru_utime);
    u.sys_s = seconds(ru.ru_stime);
    u.minor_faults = ru.ru_minflt;
    u.major_faults = ru.ru_majflt;
    u.voluntary_switches = ru.ru_nvcsw;
    u.involuntary_switches = ru.ru_nivcsw;
    return u;
}

Usage usage_between(const Usage& before, const Usage& after) noexcept {
    Usage d;
    d.user_s = after.user_s - before.user_s;
    d.sys_s = after.sys_s - before.sys_s;
    d.minor_faults = after.minor_faults - before.minor_faults;
    d.major_faults = after.major_faults - before.major_faults;
    d.voluntary_switches = after.voluntary_switches - before.voluntary_switches;
    d.involuntary_switches = after.involuntary_switches - before.involuntary_switches;
    return d;
}

Usage this_thread_usage() noexcept {
    struct rusage ru {};
    getrusage(RUSAGE_THREAD, &ru);
    return usage_from(ru);
}

}  // namespace sfp
