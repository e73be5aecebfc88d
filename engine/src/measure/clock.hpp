#pragma once
#include <chrono>
#include <ctime>
#include <string>

namespace sfp {

// Wall time for runs: monotonic, immune to clock adjustments.
class Stopwatch {
public:
    Stopwatch() : start_(std::chrono::steady_clock::now()) {}
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

private:
    std::chrono::steady_clock::time_point start_;
};

// Now, as ISO 8601 UTC to the second: "2026-11-22T18:05:57Z" ("" if the clock cannot say).
inline std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    char text[sizeof "2026-11-22T18:05:57Z"] = "";
    if (!gmtime_r(&now, &utc) || std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc) == 0) return {};
    return text;
}

}  // namespace sfp
