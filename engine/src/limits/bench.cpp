#include "limits/bench.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <exception>
#include <latch>
#include <mutex>
#include <thread>

#include "sfp/failure.hpp"
#include "stream_prefetch.hpp"

namespace sfp::limits {
namespace {

// What on_threads returns in tests, instead of the clock's seconds (0: the clock's).
std::atomic<double> fixed_seconds_for_tests{0};

}  // namespace

// In the workspace, named as its file: "sfp-limits" made hidden and tagged.
Scratch::Scratch(const std::string& workdir) : dir_(workdir + "/sfp-limits") {}

double on_threads(unsigned threads, const std::function<void(unsigned)>& work) {
    std::latch ready(std::ptrdiff_t(threads) + 1);
    std::mutex failed;
    std::exception_ptr error;
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned i = 0; i < threads; ++i)
        pool.emplace_back([&, i] {
            ready.arrive_and_wait();
            try {
                work(i);
            } catch (...) {
                const std::lock_guard lock(failed);
                if (!error) error = std::current_exception();
            }
        });
    ready.arrive_and_wait();
    const auto start = std::chrono::steady_clock::now();
    for (std::thread& t : pool) t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (error) std::rethrow_exception(error);
    const double fixed = fixed_seconds_for_tests.load();
    return fixed > 0 ? fixed : seconds;
}

void set_on_threads_seconds_for_tests(double seconds) noexcept { fixed_seconds_for_tests.store(seconds); }
double on_threads_seconds_for_tests() noexcept { return fixed_seconds_for_tests.load(); }

Range stripe(std::uint64_t size, unsigned parts, unsigned index, std::uint64_t align) {
    const std::uint64_t units = (size + align - 1) / align;
    const std::uint64_t begin = std::min(size, units * index / parts * align);
    const std::uint64_t end = std::min(size, units * (index + 1) / parts * align);
    return {begin, end};
}

std::vector<double> repeat(const Bench& bench, double bytes, const std::function<double()>& once) {
    std::vector<double> rates;
    const auto start = std::chrono::steady_clock::now();
    const auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    while (rates.size() < bench.budget.min_repetitions ||
           (rates.size() < bench.budget.max_repetitions && spent() < bench.budget.seconds_each)) {
        bench.check();
        const double seconds = once();
        bench.check();  // a repetition the cancel cut short is no measurement
        rates.push_back(bytes / std::max(seconds, 1e-9));
    }
    return rates;
}

std::uint64_t scan(const std::uint8_t* data, std::uint64_t bytes) {
    const auto* w = reinterpret_cast<const std::uint64_t*>(data);
    const std::uint64_t n = bytes / 8;
    std::uint64_t a = 0, b = 0, c = 0, d = 0, i = 0;
    for (; i + 8 <= n; i += 8) {  // a cache line per turn, the line ahead asked for as the kernels do
        prefetch_ahead(w + i);
        a += w[i] + w[i + 4], b += w[i + 1] + w[i + 5], c += w[i + 2] + w[i + 6], d += w[i + 3] + w[i + 7];
    }
    for (; i < n; ++i) a += w[i];
    return a ^ b ^ c ^ d;
}

std::uint64_t scan_two(const std::uint8_t* x, const std::uint8_t* y, std::uint64_t bytes) {
    const auto* u = reinterpret_cast<const std::uint64_t*>(x);
    const auto* v = reinterpret_cast<const std::uint64_t*>(y);
    const std::uint64_t n = bytes / 8;
    std::uint64_t a = 0, b = 0, c = 0, d = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        prefetch_ahead(u + i), prefetch_ahead(v + i);
        for (std::uint64_t k = i; k < i + 8; k += 2) a += u[k], b += v[k], c += u[k + 1], d += v[k + 1];
    }
    for (; i < n; ++i) a += u[i] ^ v[i];
    return a ^ b ^ c ^ d;
}

void keep(std::uint64_t value) {
    static std::atomic<std::uint64_t> sink{0};
    sink.fetch_xor(value, std::memory_order_relaxed);
}

void fill(std::uint8_t* data, std::uint64_t bytes, std::uint64_t seed) {
    std::uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    auto* w = reinterpret_cast<std::uint64_t*>(data);
    for (std::uint64_t i = 0; i < bytes / 8; ++i) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift64
        w[i] = x;
    }
    for (std::uint64_t i = bytes / 8 * 8; i < bytes; ++i) data[i] = std::uint8_t(i);
}

std::string size_words(std::uint64_t bytes) {
    if (bytes >= (1ull << 30) && bytes % (1ull << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (1ull << 20)) return std::to_string((bytes + (1ull << 19)) >> 20) + " MiB";
    if (bytes >= (1ull << 10)) return std::to_string((bytes + 512) >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string threads_words(const std::vector<unsigned>& threads) {
    std::string out;
    for (unsigned t : threads) out += (out.empty() ? "" : ", ") + std::to_string(t);
    return out + (threads.size() == 1 && threads[0] == 1 ? " thread" : " threads");
}

}  // namespace sfp::limits
