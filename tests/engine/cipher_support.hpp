#pragma once
// Shared by the cipher test suites: a simple reference transform, file helpers, one-line runs.
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sfp/cipher.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "support/cipher_digest_reference.hpp"
#include "support/option_text.hpp"

namespace cipher_test {

using Bytes = std::string;

// The reference, straight from the definitions: what one byte becomes.
inline Bytes reference_of_byte(int c, const std::string& transform, int shift) {
    auto rot = [](int b, int first, int span, int k) { return char(first + ((b - first + k) % span + span) % span); };
    if (transform == "caesar") return Bytes(1, char((c + shift + 512) % 256));
    if (transform == "widen") return Bytes{char(c), '\0'};              // atou: UTF-16LE code unit, shift not applied
    if (c >= 'A' && c <= 'Z') return Bytes(1, rot(c, 'A', 26, shift));  // letters
    if (c >= 'a' && c <= 'z') return Bytes(1, rot(c, 'a', 26, shift));
    if (c >= '0' && c <= '9') return Bytes(1, rot(c, '0', 10, shift));
    return Bytes(1, char(c));
}

// The whole expected output: each input byte replaced by what it becomes (looked up in a table
// of the 256 answers, so that sanitizer builds stay quick).
inline Bytes reference(const Bytes& in, const std::string& transform, int shift) {
    Bytes table[256];
    for (int c = 0; c < 256; ++c) table[c] = reference_of_byte(c, transform, shift);
    Bytes out;
    out.reserve(in.size() * table[0].size());
    for (const char ch : in) out += table[static_cast<unsigned char>(ch)];
    return out;
}

// Reproducible bytes: a mix of every byte value and text with letters and digits. Cached, as
// the suites ask for the same few inputs many times.
inline const Bytes& sample(std::size_t n, std::uint32_t seed = 1) {
    static std::map<std::pair<std::size_t, std::uint32_t>, Bytes> made;
    Bytes& b = made[{n, seed}];
    if (b.size() == n) return b;
    static const char text[] = "The quick brown Fox, 0123456789 jumps over 42 lazy dogs: ZzAa!\n";
    b.assign(n, '\0');
    std::uint32_t x = seed * 2654435761u + 12345u;
    for (std::size_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        b[i] = (i % 3 == 0) ? char(x >> 24) : text[(x >> 8) % (sizeof text - 1)];
    }
    return b;
}

inline std::uint64_t reference_digest(const Bytes& out) { return testing::reference_cipher_digest(out); }

inline void write_file(const std::string& path, const Bytes& data) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(data.data(), std::streamsize(data.size()));
    QVERIFY2(f.good(), path.c_str());
}

inline Bytes read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) return {};
    Bytes data(std::size_t(f.tellg()), '\0');
    f.seekg(0);
    f.read(data.data(), std::streamsize(data.size()));
    return data;
}

inline bool exists(const std::string& path) {
    struct stat st {};
    return lstat(path.c_str(), &st) == 0;
}

// Temporary files sfpbench left in `dir` (AtomicOutput names them ".<target>.sfp-XXXXXX").
inline std::vector<std::string> leftovers(const std::string& dir) {
    std::vector<std::string> found;
    if (DIR* d = opendir(dir.c_str())) {
        while (const dirent* e = readdir(d))
            if (std::string(e->d_name).find(".sfp-") != std::string::npos) found.push_back(e->d_name);
        closedir(d);
    }
    return found;
}

using Options = std::map<std::string, std::string>;

inline sfp::RunSpec spec_for(const std::string& strategy, const std::string& in, const std::string& out,
                             std::uint64_t block, unsigned threads, const Options& options) {
    sfp::RunSpec spec;
    spec.algorithm = "cipher";
    spec.strategy = strategy;
    spec.inputs = {in};
    spec.output = out;
    spec.block_size = block;
    spec.threads = threads;
    spec.options = testing::options_of("cipher", options);
    return spec;
}

inline sfp::RunResult run(const std::string& strategy, const std::string& in, const std::string& out,
                          std::uint64_t block, unsigned threads, const Options& options) {
    sfp::Progress progress;
    return sfp::run_once(spec_for(strategy, in, out, block, threads, options), progress);
}

inline std::string describe(const sfp::RunResult& r) {
    return std::string(sfp::to_string(r.status)) + (r.error.empty() ? "" : ": " + r.error);
}

// One data row per registered cipher strategy: a new strategy is tested the moment it is listed.
// `with_floors`: also the reference floors (cp), which report their progress only when done.
inline void strategy_rows(bool with_floors = true) {
    QTest::addColumn<QString>("strategy");
    for (const sfp::Strategy* s : sfp::strategies_of("cipher"))
        if (with_floors || !s->reference_floor)
            QTest::newRow(std::string(s->name).c_str()) << QString::fromUtf8(s->name.data(), qsizetype(s->name.size()));
}

// The strategy of the current row; QSKIPs (returns nullptr) when its probe says unsupported.
#define CIPHER_STRATEGY_OR_SKIP(var)                                                 \
    QFETCH(QString, strategy);                                                       \
    const sfp::Strategy* var = sfp::find_strategy("cipher", strategy.toStdString()); \
    QVERIFY(var != nullptr);                                                         \
    if (const sfp::Support support = var->support(); !support.supported)             \
    QSKIP(qPrintable(strategy + " is unsupported here: " + QString::fromStdString(support.reason)))

}  // namespace cipher_test
