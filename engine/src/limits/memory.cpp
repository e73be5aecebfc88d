// Memory read bandwidth: one stream, and two side by side (compare's access), over a buffer well
// beyond the last-level cache, each thread summing its own stripe.
#include "limits/measurements.hpp"
#include "limits/passes.hpp"

namespace sfp::limits {
namespace {

// The second stream starts this far past the first's half: 17 pages, so the two streams'
// addresses differ in the bits that pick a cache set and a DRAM bank, as the pages of two files
// do. Exactly half a huge-page buffer apart they fight over the same banks (a third of the speed
// on the development VM), which no compare of two files meets.
constexpr std::uint64_t kStreamSkew = 17 * 4096;

}  // namespace

Limit memory_read(Fixtures& f) {
    const std::span<const std::uint8_t> m = f.memory();
    Limit l{.id = LimitId::memory_read};
    l.points = passes_by_threads(f.bench(), [&](unsigned threads, unsigned k) {
        const Range w = pass_window(f.budget(), m.size(), threads, k, 4096);
        return timed_pass(double(w.end - w.begin), threads, [&](unsigned i) {
            const Range r = stripe(w.end - w.begin, threads, i, 4096);
            keep(scan(m.data() + w.begin + r.begin, r.end - r.begin));
        });
    });
    l.method = "sum of the 64-bit words of a " + size_words(m.size()) + " buffer (" + Fixtures::cache_words(m.size()) +
               "), one stripe per thread, " + passes_words(f.budget()) + "; " + threads_words(f.budget().threads);
    return l;
}

Limit two_stream_read(Fixtures& f) {
    const std::span<const std::uint8_t> m = f.memory();
    const std::uint64_t half = (m.size() - kStreamSkew) / 2 / 4096 * 4096;
    const std::uint8_t* second = m.data() + half + kStreamSkew;
    Limit l{.id = LimitId::two_stream_read};
    l.points = passes_by_threads(f.bench(), [&](unsigned threads, unsigned k) {
        const Range w = pass_window(f.budget(), half, threads, k, 4096);
        return timed_pass(double(2 * (w.end - w.begin)), threads, [&](unsigned i) {
            const Range r = stripe(w.end - w.begin, threads, i, 4096);
            keep(scan_two(m.data() + w.begin + r.begin, second + w.begin + r.begin, r.end - r.begin));
        });
    });
    l.method = "the two halves (" + size_words(half) +
               " each, 68 KiB apart) of the memory-read buffer summed side by "
               "side, as compare reads its two files; bytes of both streams, each stream " +
               passes_words(f.budget()) + "; " + threads_words(f.budget().threads);
    return l;
}

}  // namespace sfp::limits
