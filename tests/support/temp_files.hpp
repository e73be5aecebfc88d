#pragma once
// Small helpers for engine tests: write bytes to files in a temporary directory.
#include <QTemporaryDir>
#include <QtTest>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace testing {

using Bytes = std::vector<std::uint8_t>;

inline void write_file(const std::string& path, const Bytes& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    QVERIFY2(out.good(), path.c_str());
}

inline Bytes read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), {});
}

// Deterministic, non-repeating bytes (so a shifted comparison can't accidentally pass).
inline Bytes pattern(std::size_t n, std::uint32_t seed = 7) {
    Bytes b(n);
    std::uint32_t x = seed * 2654435761u + 1;
    for (auto& v : b) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        v = std::uint8_t(x >> 24);
    }
    return b;
}

}  // namespace testing
