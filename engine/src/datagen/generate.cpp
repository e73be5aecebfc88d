// Reproducible generated inputs. Random bytes are a pure function of (offset, seed), so any
// part of a file can be predicted without reading it back, and generation streams at GB/s.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <array>
#include <cstring>
#include <memory>
#include <set>

#include "io/atomic_output.hpp"
#include "io/output_target.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp {
namespace {

constexpr std::size_t kChunk = 1u << 20;

// splitmix64: a high-quality mix of a counter, cheap enough for ~8 GB/s.
constexpr std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t word_at(std::uint64_t index, std::uint64_t seed) noexcept { return mix(index ^ mix(seed)); }

// Fills buf with the random bytes of [offset, offset+n); offset is a multiple of 8.
void fill_random(std::uint8_t* buf, std::size_t n, std::uint64_t offset, std::uint64_t seed) {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const std::uint64_t w = word_at((offset + i) / 8, seed);
        std::memcpy(buf + i, &w, 8);
    }
    for (; i < n; ++i) buf[i] = random_byte_at(offset + i, seed);
}

void stop_if_cancelled(const std::atomic<bool>* cancel) {
    if (cancel && cancel->load(std::memory_order_relaxed)) fail("generation cancelled: no file was written");
}

// Space for `size` bytes in each output, checked in one go (so the message says the total)
// and then reserved, before anything is written.
void make_room(std::initializer_list<AtomicOutput*> outs, std::uint64_t size) {
    const std::uint64_t total = size * outs.size();
    if (outs.size() > 1 && total / outs.size() != size) fail("size " + std::to_string(size) + " is too large");
    const std::string& first = (*outs.begin())->target();
    require_free_space(first.substr(0, first.rfind('/') + 1), total);
    for (AtomicOutput* out : outs) out->reserve(size);
}

// Streams `size` bytes produced by fill(buf, n, offset) into each of the outputs.
template <class Fill, class Patch>
void stream_out(std::initializer_list<AtomicOutput*> outs, std::uint64_t size, const std::atomic<bool>* cancel,
                Fill fill, Patch patch) {
    make_room(outs, size);
    const auto buf = std::make_unique_for_overwrite<std::uint8_t[]>(kChunk);
    for (std::uint64_t off = 0; off < size; off += kChunk) {
        stop_if_cancelled(cancel);
        const std::size_t n = std::size_t(std::min<std::uint64_t>(kChunk, size - off));
        fill(buf.get(), n, off);
        std::size_t which = 0;
        for (AtomicOutput* out : outs) {
            patch(which++, buf.get(), n, off);
            out->write_all(buf.get(), n);
        }
    }
    for (AtomicOutput* out : outs) out->commit();
}

constexpr auto no_patch = [](std::size_t, std::uint8_t*, std::size_t, std::uint64_t) {};

}  // namespace

std::uint8_t random_byte_at(std::uint64_t offset, std::uint64_t seed) {
    return std::uint8_t(word_at(offset / 8, seed) >> (8 * (offset % 8)));  // little-endian layout
}

void generate_random(const std::string& path, std::uint64_t size, std::uint64_t seed, const std::atomic<bool>* cancel,
                     Links links) {
    AtomicOutput out(path, links);
    stream_out(
        {&out}, size, cancel,
        [seed](std::uint8_t* b, std::size_t n, std::uint64_t off) { fill_random(b, n, off, seed); }, no_patch);
}

void generate_pair(const std::string& a, const std::string& b, std::uint64_t size,
                   const std::vector<std::uint64_t>& mismatch_offsets, std::uint64_t seed,
                   const std::atomic<bool>* cancel, Links links) {
    if (same_output(resolve_output_target(a, links), resolve_output_target(b, links)))
        fail("a pair needs two different files, but '" + a + "' and '" + b + "' name the same file");
    for (std::uint64_t o : mismatch_offsets)
        if (o >= size)
            fail("mismatch offset " + std::to_string(o) + " is beyond the file size " + std::to_string(size));
    const std::set<std::uint64_t> offsets(mismatch_offsets.begin(), mismatch_offsets.end());
    AtomicOutput out_a(a, links), out_b(b, links);
    // B is A with each listed byte inverted (so it always differs). A is written from the
    // buffer first, then B's bytes are inverted in place; the next chunk refills the buffer.
    auto flip = [&](std::size_t which, std::uint8_t* buf, std::size_t n, std::uint64_t off) {
        if (which == 1)
            for (auto it = offsets.lower_bound(off); it != offsets.end() && *it < off + n; ++it)
                buf[*it - off] = std::uint8_t(~buf[*it - off]);
    };
    stream_out(
        {&out_a, &out_b}, size, cancel,
        [seed](std::uint8_t* buf, std::size_t n, std::uint64_t off) { fill_random(buf, n, off, seed); }, flip);
}

namespace {

void plant(const AtomicOutput& out, const std::string& path, std::uint64_t size, const Needles& needles) {
    const std::uint64_t n = needles.needle.size();
    if (n == 0 || n > size) return;
    for (std::uint64_t at : needles.at) {
        const std::uint64_t where = std::min(at, size - n);
        if (::pwrite(out.fd(), needles.needle.data(), n, off_t(where)) != ssize_t(n))
            fail_errno("cannot plant the needle in", path, errno);
    }
}

}  // namespace

void generate_text(const std::string& path, std::uint64_t size, std::uint64_t seed, const std::atomic<bool>* cancel,
                   Links links, const Needles& needles) {
    // English word lengths 1..12 (per mille), letters roughly by frequency, some punctuation,
    // lines of about 60-80 characters.
    static constexpr std::array<unsigned, 12> length_permille = {30, 170, 200, 160, 110, 90, 80, 60, 40, 30, 15, 15};
    static constexpr char letters[] =
        "eeeeeeeeeeeettttttttaaaaaaaaooooooooiiiiiiinnnnnnnsssssshhhhhhrrrrrrddddllllcccuuummmwwffggyyppbbvkjxqz";
    static constexpr char punctuation[] = ",,,,,..;:!?";
    std::uint64_t state = mix(seed);
    auto next = [&state] { return state = mix(state); };
    AtomicOutput out(path, links);
    make_room({&out}, size);
    std::string buf;
    buf.reserve(kChunk + 64);
    std::uint64_t written = 0;
    std::size_t column = 0;
    while (written < size) {
        stop_if_cancelled(cancel);
        while (buf.size() < kChunk) {
            unsigned pick = unsigned(next() % 1000), len = 1;
            for (unsigned p : length_permille) {
                if (pick < p) break;
                pick -= p;
                ++len;
            }
            len = std::min(len, 12u);
            const std::uint64_t r = next();
            const bool capital = (r & 15) == 0;
            for (unsigned i = 0; i < len; ++i) {
                char c = letters[(r >> (8 + 3 * i)) % (sizeof letters - 1)];
                if (i == 0 && capital) c = char(c - 'a' + 'A');
                buf.push_back(c);
            }
            if ((r >> 60) == 0) buf.push_back(punctuation[(r >> 4) % (sizeof punctuation - 1)]);
            column += len + 1;
            if (column > 60 + (r >> 56) % 20) {
                buf.push_back('\n');
                column = 0;
            } else {
                buf.push_back(' ');
            }
        }
        const std::size_t n = std::size_t(std::min<std::uint64_t>(buf.size(), size - written));
        out.write_all(buf.data(), n);
        written += n;
        buf.erase(0, n);
    }
    plant(out, path, size, needles);
    out.commit();
}

}  // namespace sfp
