#include "limits/passes.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>

#include "measure/spent.hpp"

namespace sfp::limits {
namespace {

constexpr unsigned kMostPasses = 20000;  // a bound for a point whatever its budget

double wall_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Seconds the calling thread has waited runnable for a CPU so far; -1 when not kept.
double waited_seconds() {
    const int fd = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[128];
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) return -1;
    text[n] = '\0';
    char* after_runtime = nullptr;
    std::strtoull(text, &after_runtime, 10);
    char* end = nullptr;
    const unsigned long long waited_ns = std::strtoull(after_runtime, &end, 10);
    return end == after_runtime ? -1 : double(waited_ns) * 1e-9;
}

double first_start(const Pass& pass) {
    double first = pass.threads.empty() ? 0 : pass.threads.front().start;
    for (const ThreadSpan& t : pass.threads) first = std::min(first, t.start);
    return first;
}

}  // namespace

double Pass::seconds() const {
    double last = first_start(*this);
    for (const ThreadSpan& t : threads) last = std::max(last, t.end);
    return last - first_start(*this);
}

double Pass::rate() const { return bytes / std::max(seconds(), 1e-9); }

bool undisturbed(const Pass& pass) {
    if (pass.threads.empty()) return false;
    const double first = first_start(pass);
    for (const ThreadSpan& t : pass.threads) {
        const double waited = t.waited >= 0 ? t.waited : std::max(0.0, t.end - t.start - t.cpu);
        if ((t.start - first) + waited > kOffCpuShare * (t.end - first)) return false;
    }
    return true;
}

LimitPoint point_of(unsigned threads, std::span<const Pass> passes) {
    LimitPoint p{.threads = threads, .passes_taken = unsigned(passes.size())};
    double fastest = 0;
    for (const Pass& pass : passes) {
        fastest = std::max(fastest, pass.rate());
        if (undisturbed(pass)) p.rates.push_back(pass.rate());
    }
    p.passes_kept = unsigned(p.rates.size());
    if (p.rates.empty() && !passes.empty()) p.rates = {fastest};  // no better figure; uncertain
    return p;
}

Pass timed_pass(double bytes, unsigned threads, const std::function<void(unsigned)>& work) {
    Pass pass{.bytes = bytes, .threads = std::vector<ThreadSpan>(threads)};
    std::atomic<unsigned> arrived{0};
    std::atomic<bool> go{false};
    std::mutex failed;
    std::exception_ptr error;
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned i = 0; i < threads; ++i)
        pool.emplace_back([&, i] {
            arrived.fetch_add(1);
            while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
            ThreadSpan& span = pass.threads[i];
            const double waited = waited_seconds(), cpu = thread_cpu_seconds();
            span.start = wall_seconds();
            try {
                work(i);
            } catch (...) {
                const std::lock_guard lock(failed);
                if (!error) error = std::current_exception();
            }
            span.end = wall_seconds();
            span.cpu = thread_cpu_seconds() - cpu;
            const double waited_after = waited_seconds();
            span.waited = waited < 0 || waited_after < 0 ? -1 : waited_after - waited;
        });
    while (arrived.load() < threads) std::this_thread::yield();
    go.store(true, std::memory_order_release);
    for (std::thread& t : pool) t.join();
    if (error) std::rethrow_exception(error);
    if (const double fixed = on_threads_seconds_for_tests(); fixed > 0)
        for (ThreadSpan& span : pass.threads) span = {.start = 0, .end = fixed, .cpu = fixed, .waited = 0};
    return pass;
}

LimitPoint take_passes(const Bench& bench, unsigned threads, const std::function<Pass(unsigned)>& once) {
    std::vector<Pass> passes;
    unsigned kept = 0;
    const auto start = std::chrono::steady_clock::now();
    const auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    while (passes.size() < bench.budget.min_repetitions ||
           (kept < bench.budget.passes_enough && passes.size() < kMostPasses && spent() < bench.budget.seconds_each)) {
        bench.check();
        passes.push_back(once(unsigned(passes.size())));
        bench.check();  // a pass the cancel cut short is no measurement
        kept += undisturbed(passes.back()) ? 1 : 0;
    }
    return point_of(threads, passes);
}

std::vector<LimitPoint> passes_by_threads(const Bench& bench, const std::function<Pass(unsigned, unsigned)>& once) {
    std::vector<LimitPoint> points;
    for (unsigned t : bench.budget.threads)
        points.push_back(take_passes(bench, t, [&](unsigned k) { return once(t, k); }));
    return points;
}

Range pass_window(const LimitBudget& budget, std::uint64_t size, unsigned threads, unsigned k, std::uint64_t align) {
    std::uint64_t length = std::min(size, budget.pass_bytes * std::max(1u, threads)) / align * align;
    if (length == 0) length = size;  // smaller than one unit: all of it
    if (length == 0) return {};
    const std::uint64_t windows = size / length;
    const std::uint64_t begin = (k % windows) * length;
    return {begin, begin + length};
}

FileRange file_window(const LimitBudget& budget, std::span<const std::uint64_t> sizes, unsigned threads, unsigned k) {
    if (sizes.empty()) return {};
    double total = 0;
    for (std::uint64_t s : sizes) total += double(s);
    const double mean = std::max(1.0, total / double(sizes.size()));
    const std::size_t per_thread = std::max<std::size_t>(1, std::size_t(double(budget.pass_bytes) / mean));
    const std::size_t count = std::min(sizes.size(), per_thread * std::max(1u, threads));
    FileRange w{.begin = (k % (sizes.size() / count)) * count};
    w.end = w.begin + count;
    for (std::size_t i = w.begin; i < w.end; ++i) w.bytes += double(sizes[i]);
    return w;
}

std::string passes_words(const LimitBudget& budget) {
    return "in passes of " + size_words(budget.pass_bytes) +
           " per thread, the fastest of those no thread waited for a CPU in";
}

}  // namespace sfp::limits
