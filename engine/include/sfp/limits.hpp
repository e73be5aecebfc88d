#pragma once
// The speed of light of this machine: the ceilings that bound the algorithms (memory read, the
// read() copy out of the page cache, mapped scans, page-cache writes, the device with O_DIRECT,
// small files hot and cold), measured once per machine fingerprint and kept in the workspace; and every
// cell of an experiment as a share of the limit its algorithm declares (AlgorithmIo::limit).
// docs/limits.md says how each is measured. Qt-free.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/datagen.hpp"
#include "sfp/progress.hpp"

namespace sfp {

struct Cell;
struct RunSpec;
struct Experiment;
struct ExperimentReport;
enum class CacheMode;

enum class LimitId {
    memory_read,        // one stream from memory, 1..N threads
    two_stream_read,    // two streams side by side (what compare reads), 1..N threads
    page_cache_read,    // read() copy out of the page cache (large folios), 1..N threads
    mapped_scan_large,  // scan of a mapped cached file in large folios, 1..N threads
    mapped_scan_small,  // the same in small folios (as write() may leave them), 1..N threads
    page_cache_write,   // write() of a new file into the page cache, 1..N threads
    device_read_qd1,    // sequential O_DIRECT reads, one request in flight
    device_read_qd32,   // the same, 32 in flight
    small_files_cold,   // open + read + close of small files evicted from the cache
    small_files_hot,    // the same of cached small files, 1..N threads: what a hot tree pays per file
};
inline constexpr LimitId kLimitIds[] = {
    LimitId::memory_read,       LimitId::two_stream_read,  LimitId::page_cache_read, LimitId::mapped_scan_large,
    LimitId::mapped_scan_small, LimitId::page_cache_write, LimitId::device_read_qd1, LimitId::device_read_qd32,
    LimitId::small_files_cold,  LimitId::small_files_hot};

std::string_view limit_key(LimitId id) noexcept;   // "two-stream-read": files and JSON
std::string_view limit_name(LimitId id) noexcept;  // "two-stream memory read": tables, plots
std::optional<LimitId> limit_from_key(std::string_view key) noexcept;

// One thread count's measurement. CPU-bound limits take many short passes and keep those that
// ran undisturbed (no measuring thread waited for a CPU): `rates` holds the kept passes' rates
// and the figure is the fastest of them (docs/limits.md: why that is a ceiling). Device limits,
// small files cold and files kept before passes were recorded hold repetitions: the median.
struct LimitPoint {
    unsigned threads = 1;
    std::vector<double> rates = {};  // bytes per second, in the order measured
    unsigned passes_taken = 0;       // passes timed (kept or not); 0 = `rates` are repetitions
    unsigned passes_kept = 0;        // of those, undisturbed (none: `rates` is the fastest pass alone)
    bool by_passes() const noexcept { return passes_taken > 0; }
    // Fewer undisturbed passes than kFewPasses: the figure may be low (said wherever it is used).
    bool uncertain() const noexcept { return by_passes() && passes_kept < kFewPasses; }
    static constexpr unsigned kFewPasses = 5;
    double median() const;  // of rates (0 when none)
    double figure() const;  // the fastest kept pass (by passes) or the median (repetitions); 0 when none
    // How far the fastest rate stands above the median, as a share of the median (0.05 = 5 %): how
    // much a cell judged against this figure may move past it by the limit's own noise.
    double spread() const;
};

struct Limit {
    LimitId id = LimitId::memory_read;
    std::string method = {};              // how it was measured, one line
    std::vector<LimitPoint> points = {};  // ascending threads; one when it does not depend on threads
    double bytes_per_file = 0;            // small files: their mean size (figures read as files/s too)
    bool quick = false;                   // measured on the --quick budget
    std::string unavailable = {};         // why it cannot be measured here; "" = measured
    double load = -1;                     // 1-minute load average during its measurement (-1 = not recorded)
    double steal = -1;                    // share of CPU time the hypervisor stole meanwhile, 0..1 (-1 = unknown)

    bool measured() const noexcept { return unavailable.empty() && !points.empty(); }
    // A point of it was measured with few undisturbed passes: its figure may be off either way (a
    // lone pass that ran undisturbed on a busy machine is no ceiling to keep), so it is measured
    // again whenever measuring is allowed (find_limits).
    bool uncertain() const noexcept;
    // The ceiling for a run with `threads` threads (0 = one): the best figure among the points
    // measured with at most that many -- a run may always leave threads idle. A limit with one
    // point has that point's figure whatever the threads. 0 when not measured.
    double figure(unsigned threads) const;
    // The thread count of the point figure(threads) comes from (0 when not measured).
    unsigned figure_threads(unsigned threads) const;
    // That point itself (nullptr when not measured).
    const LimitPoint* point(unsigned threads) const;
    // A limit of files (bytes_per_file > 0): figure(threads) as files per second, the bytes of
    // the tree's mean file each; 0 for other limits.
    double files_per_s(unsigned threads) const;
};

// How busy the machine was: the 1-minute load average (/proc/loadavg) and the online CPUs.
struct MachineLoad {
    double one_minute = -1;  // -1 = not known (limits kept before it was recorded)
    unsigned cpus = 0;       // 0 = not known
    bool known() const noexcept { return one_minute >= 0 && cpus > 0; }
    // At or above half the CPUs: a measurement then may be low, so its ceilings too.
    bool busy() const noexcept { return known() && one_minute >= cpus / 2.0; }
};
MachineLoad machine_load();  // now, from /proc/loadavg and the online CPUs (unknown when unreadable)

struct MachineLimits {
    std::string fingerprint;    // the machine and workspace they belong to (limits_fingerprint)
    std::string device;         // the workspace's device: the device limits are its
    std::string measured_at;    // of the last measurement, ISO 8601 UTC
    MachineLoad load = {};      // just before measuring; the busiest of the measurements kept
    std::vector<Limit> limits;  // in kLimitIds order; only those measured (or found unavailable)
    std::string absent;         // why there are none ("" when there are)

    const Limit* find(LimitId id) const noexcept;
    // Puts `limit` in its place (replacing one of the same id).
    void put(Limit limit);
};

// ---- Measuring ------------------------------------------------------------------------------

// How much each measurement may move. limit_budget() sizes it for this machine; tests pass tiny ones.
struct LimitBudget {
    std::uint64_t memory_bytes = 0;                     // the buffer memory reads scan (well beyond the LLC)
    std::uint64_t file_bytes = 0;                       // page-cache read, mapped scan (large) and write
    std::uint64_t small_folio_bytes = 0;                // the mapped scan in small folios (TLB-bound: smaller)
    std::uint64_t device_bytes = 0;                     // the O_DIRECT file
    std::uint64_t small_files = 0;                      // files of the small-file trees (cold and hot)
    std::uint64_t pass_bytes = 8ull << 20;              // what each thread moves in one pass of a CPU-bound limit
    unsigned passes_enough = 40;                        // undisturbed passes after which a point stops early
    std::vector<unsigned> threads;                      // thread counts of the thread-dependent limits (1 first)
    unsigned min_repetitions = 3, max_repetitions = 5;  // also the fewest passes of a point
    double seconds_each = 1;                            // repetitions (passes) past the minimum stop when this is spent
    bool quick = false;
};
// Memory buffers 4x the last-level cache (2x quick) within [256 MiB, 1 GiB] ([128, 512] quick)
// and a quarter of the available memory; threads 1, 2, 4 .. online CPUs.
LimitBudget limit_budget(bool quick);
// The largest of the last-level cache sizes sysfs and sysconf report (0 when neither does).
std::uint64_t last_level_cache_bytes();

using LimitsSay = std::function<void(const std::string&)>;

// Measures one limit with scratch files in a directory of `workdir` (removed, also on cancel or
// error). A limit this machine or filesystem cannot give (no O_DIRECT on tmpfs, too little free
// space) comes back unavailable with the reason. On cancel it returns with no points.
Limit measure_limit(LimitId id, const LimitBudget& budget, const std::string& workdir, Progress& progress);

// The given limits (empty: all), in kLimitIds order, saying each one's start. Throws
// sfp::Failure when the workspace cannot be made. On cancel: what was complete.
MachineLimits measure_limits(std::span<const LimitId> which, const LimitBudget& budget, const std::string& workdir,
                             Progress& progress, const LimitsSay& say = {});

// How limits are measured: measure_limits, or a fake in tests.
using LimitsMeasure = std::function<MachineLimits(std::span<const LimitId>, const LimitBudget&, const std::string&,
                                                  Progress&, const LimitsSay&)>;

// ---- Kept per machine -----------------------------------------------------------------------

// CPU model, cores, memory, kernel, and the workspace's filesystem and device, in one line.
std::string limits_fingerprint(const std::string& workdir);
std::string limits_cache_path(const std::string& workdir);  // WORKDIR/limits.txt
// A limits file (limits_cache_path, or one given with SFPBENCH_LIMITS); nothing when it is
// missing. Throws sfp::Failure naming the file and line when it is damaged.
// Links::refuse for the workspace's limits.txt; a FIFO, device or directory is refused before a read.
// `named_by`: the variable that named the file (SFPBENCH_LIMITS), which a refusal's advice names;
// "" for a workspace's limits.txt (whose advice is to remove it or refresh it).
std::optional<MachineLimits> load_limits(const std::string& path, Links links = Links::follow,
                                         std::string_view named_by = {});
void save_limits(const std::string& path, const MachineLimits& limits);  // atomically; throws sfp::Failure

struct LimitsLookup {
    std::string workdir = {};
    std::vector<LimitId> which = {};              // needed; empty = all
    bool quick = false;                           // missing ones measured on the quick budget (a quick one satisfies)
    bool refresh = false;                         // measure the wanted ones again (all: the cache starts afresh)
    bool measure = true;                          // false: only what is cached
    std::string fingerprint = {};                 // "" = this machine's (a test seam: a fake fingerprint)
    LimitsMeasure measure_with = measure_limits;  // a test seam: a fake one that counts its calls
    std::function<MachineLoad()> load_with = machine_load;  // the load before measuring (a test seam)
};
struct LimitsFound {
    MachineLimits limits;
    std::vector<LimitId> measured;  // those measured now (the others came from the cache)
    std::string saved_error;        // why the cache could not be written ("" = written or nothing new)
};
// The cached limits of this fingerprint, with the missing, quick (for a full lookup), empty or
// uncertain (or, refreshed, all) wanted ones measured and the cache rewritten. A cache of another
// fingerprint is replaced. A cancelled measurement writes nothing.
LimitsFound find_limits(const LimitsLookup& lookup, Progress& progress, const LimitsSay& say = {});

// How a run gets the limits it is judged against (run_experiment).
struct LimitsPolicy {
    enum class Mode {
        cached,           // the workspace's cache for this machine, never measuring (the default)
        measure_missing,  // the same, the missing needed ones measured quickly before the first run
        given,            // `given` as they are (SFPBENCH_LIMITS=FILE, tests)
        off,              // none; `reason` says why
    } mode = Mode::cached;
    MachineLimits given = {};
    std::string reason = {};
    // How the limits are measured, before the first run, in rounds (Experiment::limits_in_rounds) and
    // again after the runs (a limit a cell ran above): a test seam.
    LimitsMeasure measure_with = measure_limits;
};

// ---- The share of a cell --------------------------------------------------------------------

// What bounds a run, as an algorithm declares it (AlgorithmIo::limit): one limit, or two the
// same bytes pass through one after the other (cipher reads, then writes every byte). The first
// may have another way to the same bytes (`or_faster`): the faster of the two measured is the
// ceiling.
struct LimitBound {
    LimitId first = LimitId::memory_read;
    std::optional<LimitId> or_faster = std::nullopt;
    std::optional<LimitId> then = std::nullopt;
    // The limit of a generated input (iterate's tree, of the mix the per-file limit is measured
    // on) in place of `first`, which bounds given inputs whose make-up is not known.
    std::optional<LimitId> generated = std::nullopt;
    // Not empty: no limit bounds this strategy, and why (an in-kernel copy is a floor, not a cell
    // with a user-space ceiling); its cells get no share, saying so.
    std::string_view none = {};
};
// The device's read ceiling for a cold run: the faster of 32 requests in flight and one stream
// (a virtual disk here served one stream of 1 MiB reads faster than 32 in flight, docs/limits.md).
inline constexpr LimitBound kDeviceRead{.first = LimitId::device_read_qd32, .or_faster = LimitId::device_read_qd1};

// The limits an experiment's cells are bounded by, each once, in kLimitIds order.
std::vector<LimitId> limits_needed(const Experiment& experiment, std::span<const Cell> cells);

struct CellLimit {
    std::string name;               // "two-stream memory read", "page-cache read + page-cache write"; "" when none
    unsigned threads = 0;           // the thread count of the figure, when the limit depends on threads (else 0)
    double bytes_per_s = 0;         // the ceiling for this cell; 0 when none
    std::string reason;             // why there is none
    bool uncertain = false;         // a figure it comes from was measured with few undisturbed passes
    double spread = 0;              // the largest LimitPoint::spread() of the figures it comes from
    std::vector<LimitId> ids = {};  // the limits the figure comes from
    unsigned rounds = 0;            // measured in rounds: how many (the figure is their median); 0 = kept limits
    std::string label() const;      // the name with its threads: "two-stream memory read, 2 threads"
};
// A cell's ceiling: its bound's figure at the cell's threads n. Two in sequence (read a, then
// write b, each byte through both): one thread does them one after the other, 1 / (1/a1 + 1/b1)
// from the one-thread figures; n threads overlap one block's read with another's write on other
// CPUs, so the ceiling is the least of a(n), b(n) and min(n, CPUs) x 1 / (1/a1 + 1/b1) -- at one
// thread the same serial sum; a device read (cold) goes on while the CPUs write: the lesser of
// a and b (docs/limits.md reasons it out). None when the algorithm declares no bound, a limit is missing or
// unavailable, or a device limit belongs to another device than the inputs' (`input_device`,
// "" or "unknown" when not known).
CellLimit cell_limit(const MachineLimits& limits, const Experiment& experiment, const Cell& cell,
                     const std::string& input_device);
// A cell of a report: against its limits, or, measured in rounds, the median of the figures of
// the rounds its runs ran in.
CellLimit cell_limit(const ExperimentReport& report, std::size_t cell);
// One run of a report: its cell's limit, or, measured in rounds, its own round's.
CellLimit record_limit(const ExperimentReport& report, std::size_t run);
// A cell faster than its limit by more than the limit's own spread (and rounding): the limit, not
// the cell, is suspect. `why` says which reason the records point to: a figure measured with few
// undisturbed passes or as a median at a busy moment, another moment than the runs', or -- measured
// in the same rounds or again after the runs -- a ceiling that does not bound this strategy.
struct LimitSuspect {
    std::size_t cell = 0;
    std::vector<LimitId> ids = {};  // the limits its figure comes from
    double pct = 0;                 // the cell's share
    std::string why;
};
std::vector<LimitSuspect> suspect_limits(const ExperimentReport& report);

// bytes / seconds as a percentage of the ceiling; none without a ceiling or a time.
std::optional<double> limit_pct(const CellLimit& limit, double bytes, double seconds);
// The ceiling of one run outside an experiment (the one-run commands): its strategy at the spec's
// threads (0: the online CPUs) as a cell of an experiment in `cache`.
CellLimit run_limit(const MachineLimits& limits, const RunSpec& spec, CacheMode cache);

}  // namespace sfp
