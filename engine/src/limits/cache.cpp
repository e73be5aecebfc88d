// Limits kept per machine: the fingerprint they belong to, the workspace file they are kept in
// (a small line format: a cache, not an interface), and the lookup that measures what is missing.
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "io/tool_file.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/failure.hpp"
#include "sfp/limits.hpp"
#include "sfp/machine_info.hpp"

namespace sfp {
namespace {

constexpr const char* kHeader = "sfpbench-limits 1";
constexpr std::size_t kMaxLimitsFile = 1u << 20;  // a few kilobytes in use

// A value on one line: no tab or line break inside.
std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return s;
}

std::string number(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

std::string text_of(const MachineLimits& m) {
    std::string out = std::string(kHeader) + "\n";
    out += "fingerprint\t" + one_line(m.fingerprint) + "\n";
    out += "device\t" + one_line(m.device) + "\n";
    out += "measured_at\t" + one_line(m.measured_at) + "\n";
    if (m.load.known()) out += "load\t" + number(m.load.one_minute) + "\t" + std::to_string(m.load.cpus) + "\n";
    for (const Limit& l : m.limits) {
        out += "limit\t" + std::string(limit_key(l.id)) + "\n";
        out += "quick\t" + std::string(l.quick ? "1" : "0") + "\n";
        out += "method\t" + one_line(l.method) + "\n";
        out += "unavailable\t" + one_line(l.unavailable) + "\n";
        out += "bytes_per_file\t" + number(l.bytes_per_file) + "\n";
        if (l.load >= 0 || l.steal >= 0) out += "conditions\t" + number(l.load) + "\t" + number(l.steal) + "\n";
        for (const LimitPoint& p : l.points) {
            out += p.by_passes() ? "passes\t" + std::to_string(p.threads) + "\t" + std::to_string(p.passes_taken) +
                                       "\t" + std::to_string(p.passes_kept)
                                 : "point\t" + std::to_string(p.threads);
            for (double r : p.rates) out += "\t" + number(r);
            out += "\n";
        }
    }
    return out;
}

// A limits file being read: its path and the variable that named it ("" a workspace's limits.txt),
// so that a refusal's advice fits the file.
struct Source {
    const std::string& path;
    std::string_view named_by;
    std::string named_advice() const {
        return "set " + std::string(named_by) + " to a limits file sfpbench wrote, or to off";
    }
    std::string refusal_advice() const { return named_by.empty() ? std::string(kWorkspaceAdvice) : named_advice(); }
    std::string damage_advice() const {
        return named_by.empty() ? "`sfpbench limits --refresh` writes it again" : named_advice();
    }
};

[[noreturn]] void damaged(const Source& source, int line, const std::string& why) {
    fail("limits file '" + source.path + "' line " + std::to_string(line) + ": " + why + " (" + source.damage_advice() +
         ")");
}

// std::from_chars, not std::stod: a number in the file reads the same under every locale (a
// decimal comma's locale stops stod at the '.').
double number_of(const std::string& text, const Source& source, int line) {
    double v = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !(v >= 0))
        damaged(source, line, "'" + text + "' is not a number");
    return v;
}

// The same, where -1 stands for "not recorded".
double signed_number_of(const std::string& text, const Source& source, int line) {
    return text == "-1" ? -1 : number_of(text, source, line);
}

}  // namespace

std::string limits_fingerprint(const std::string& workdir) {
    const MachineInfo m = machine_info(workdir);
    char memory[32];
    std::snprintf(memory, sizeof memory, "%.1f GiB", double(m.memory_bytes) / double(1ull << 30));
    return "cpu " + m.cpu_model + "; " + std::to_string(m.cores) + " cores; " + memory + "; " + m.kernel + "; " +
           m.filesystem + " on " + m.device;
}

std::string limits_cache_path(const std::string& workdir) { return workdir + "/limits.txt"; }

std::optional<MachineLimits> load_limits(const std::string& path, Links links, std::string_view named_by) {
    const Source source{path, named_by};
    const std::optional<std::string> whole =
        read_tool_file(path, kMaxLimitsFile, links, source.refusal_advice());  // no FIFO, no device
    if (!whole) return std::nullopt;
    std::istringstream in(*whole);
    std::string text;
    int n = 1;
    if (!std::getline(in, text) || text != kHeader) damaged(source, n, "not an sfpbench limits file");
    MachineLimits m;
    Limit* current = nullptr;
    while (std::getline(in, text)) {
        ++n;
        const std::size_t tab = text.find('\t');
        const std::string key = text.substr(0, tab), value = tab == std::string::npos ? "" : text.substr(tab + 1);
        if (key == "fingerprint")
            m.fingerprint = value;
        else if (key == "device")
            m.device = value;
        else if (key == "measured_at")
            m.measured_at = value;
        else if (key == "load") {  // absent from files kept before it was recorded
            const std::size_t cut = value.find('\t');
            if (cut == std::string::npos) damaged(source, n, "a load without its CPUs");
            m.load.one_minute = number_of(value.substr(0, cut), source, n);
            m.load.cpus = unsigned(number_of(value.substr(cut + 1), source, n));
            if (m.load.cpus == 0) damaged(source, n, "a load on 0 CPUs");
        } else if (key == "limit") {
            const std::optional<LimitId> id = limit_from_key(value);
            if (!id) damaged(source, n, "unknown limit '" + value + "'");
            m.limits.push_back(Limit{.id = *id});
            current = &m.limits.back();
        } else if (!current) {
            damaged(source, n, "'" + key + "' before any limit");
        } else if (key == "quick")
            current->quick = value == "1";
        else if (key == "method")
            current->method = value;
        else if (key == "unavailable")
            current->unavailable = value;
        else if (key == "bytes_per_file")
            current->bytes_per_file = number_of(value, source, n);
        else if (key == "conditions") {  // absent from files kept before it was recorded
            std::istringstream fields(value);
            std::string load, steal;
            if (!(fields >> load >> steal)) damaged(source, n, "conditions without the load and the steal");
            current->load = signed_number_of(load, source, n);
            current->steal = signed_number_of(steal, source, n);
        } else if (key == "point" || key == "passes") {  // repetitions; passes (taken, kept) since 2026-12
            std::istringstream fields(value);
            LimitPoint p;
            std::string field;
            if (!(fields >> p.threads) || p.threads == 0) damaged(source, n, "a point without its thread count");
            if (key == "passes" &&
                (!(fields >> p.passes_taken >> p.passes_kept) || p.passes_taken == 0 || p.passes_kept > p.passes_taken))
                damaged(source, n, "passes without their counts");
            while (fields >> field) p.rates.push_back(number_of(field, source, n));
            if (p.rates.empty()) damaged(source, n, "a point without repetitions");
            current->points.push_back(std::move(p));
        } else {
            damaged(source, n, "unknown field '" + key + "'");
        }
    }
    return m;
}

// Only a file of the tool's is replaced: a user's own limits.txt, or a link, is left alone.
void save_limits(const std::string& path, const MachineLimits& limits) {
    const std::optional<std::string> old = read_tool_file(path, kMaxLimitsFile, Links::refuse);
    if (old && !old->starts_with(std::string(kHeader) + "\n"))
        fail("will not replace '" + path +
             "': it is not an sfpbench limits file (it is left alone; move it, or "
             "choose another workspace)");
    write_file_atomically(path, text_of(limits), Links::refuse);
}

LimitsFound find_limits(const LimitsLookup& lookup, Progress& progress, const LimitsSay& say) {
    const std::string fingerprint =
        lookup.fingerprint.empty() ? limits_fingerprint(lookup.workdir) : lookup.fingerprint;
    const std::string path = limits_cache_path(lookup.workdir);
    LimitsFound found;
    try {
        if (std::optional<MachineLimits> cached = load_limits(path, Links::refuse);
            cached && cached->fingerprint == fingerprint)
            found.limits = std::move(*cached);
    } catch (const Failure& e) {
        if (say) say(std::string(e.what()) + "; measuring again");
    }
    std::vector<LimitId> missing;
    for (LimitId id :
         lookup.which.empty() ? std::vector<LimitId>(std::begin(kLimitIds), std::end(kLimitIds)) : lookup.which) {
        const Limit* l = found.limits.find(id);
        // Kept, but quick where a full one is wanted, empty, or uncertain: measured again.
        if (lookup.refresh || !l || (l->quick && !lookup.quick) || (l->unavailable.empty() && l->points.empty()) ||
            l->uncertain())
            missing.push_back(id);
    }
    if (missing.empty() || !lookup.measure) {
        found.limits.fingerprint = fingerprint;
        return found;
    }
    const MachineLoad load = lookup.load_with();  // before the measurement adds its own
    const MachineLimits fresh = lookup.measure_with(missing, limit_budget(lookup.quick), lookup.workdir, progress, say);
    if (progress.cancel.load()) return found;  // half a measurement is never kept
    // A refresh of them all starts afresh; one of a few (`limits --only`) keeps the others.
    if (lookup.refresh && lookup.which.empty()) found.limits = MachineLimits{};
    // Kept limits measured at another time: the busier moment speaks for them all.
    if (load.known() && (!found.limits.load.known() || load.one_minute >= found.limits.load.one_minute))
        found.limits.load = load;
    for (const Limit& l : fresh.limits) {
        found.limits.put(l);
        found.measured.push_back(l.id);
    }
    found.limits.fingerprint = fingerprint;
    found.limits.device = fresh.device;
    found.limits.measured_at = fresh.measured_at;
    found.limits.absent.clear();
    try {
        save_limits(path, found.limits);
    } catch (const Failure& e) {
        found.saved_error = e.what();
    }
    return found;
}

}  // namespace sfp
