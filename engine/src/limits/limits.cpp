// The limits' names, and the figure a limit gives for a thread count.
#include <algorithm>

#include "sfp/limits.hpp"
#include "sfp/stats.hpp"

namespace sfp {
namespace {

struct Names {
    LimitId id;
    std::string_view key, name;
};
constexpr Names kNames[] = {
    {LimitId::memory_read, "memory-read", "memory read"},
    {LimitId::two_stream_read, "two-stream-read", "two-stream memory read"},
    {LimitId::page_cache_read, "page-cache-read", "page-cache read"},
    {LimitId::mapped_scan_large, "mapped-scan-large", "mapped scan, large folios"},
    {LimitId::mapped_scan_small, "mapped-scan-small", "mapped scan, small folios"},
    {LimitId::page_cache_write, "page-cache-write", "page-cache write"},
    {LimitId::device_read_qd1, "device-read-qd1", "device read, queue depth 1"},
    {LimitId::device_read_qd32, "device-read-qd32", "device read, queue depth 32"},
    {LimitId::small_files_cold, "small-files-cold", "small files, cold"},
    {LimitId::small_files_hot, "small-files-hot", "small files, hot"},
};

const Names& names_of(LimitId id) noexcept {
    for (const Names& n : kNames)
        if (n.id == id) return n;
    return kNames[0];  // unreachable: every id is listed
}

// The point figure(threads) takes: the best figure among those with at most `threads` threads.
const LimitPoint* best_point(const Limit& limit, unsigned threads) {
    if (!limit.measured()) return nullptr;
    if (limit.points.size() == 1) return &limit.points.front();
    const unsigned most = std::max(1u, threads);
    const LimitPoint* best = nullptr;
    for (const LimitPoint& p : limit.points)
        if (p.threads <= most && (!best || p.figure() > best->figure())) best = &p;
    return best ? best : &limit.points.front();
}

}  // namespace

std::string_view limit_key(LimitId id) noexcept { return names_of(id).key; }
std::string_view limit_name(LimitId id) noexcept { return names_of(id).name; }

std::optional<LimitId> limit_from_key(std::string_view key) noexcept {
    for (const Names& n : kNames)
        if (n.key == key) return n.id;
    return std::nullopt;
}

double LimitPoint::median() const { return rates.empty() ? 0 : summarize(rates).median; }

double LimitPoint::figure() const {
    if (!by_passes()) return median();
    return rates.empty() ? 0 : *std::max_element(rates.begin(), rates.end());
}

double LimitPoint::spread() const {
    const double middle = median();
    if (middle <= 0) return 0;
    return *std::max_element(rates.begin(), rates.end()) / middle - 1;
}

bool Limit::uncertain() const noexcept {
    return std::any_of(points.begin(), points.end(), [](const LimitPoint& p) { return p.uncertain(); });
}

double Limit::figure(unsigned threads) const {
    const LimitPoint* p = best_point(*this, threads);
    return p ? p->figure() : 0;
}

const LimitPoint* Limit::point(unsigned threads) const { return best_point(*this, threads); }

double Limit::files_per_s(unsigned threads) const { return bytes_per_file > 0 ? figure(threads) / bytes_per_file : 0; }

unsigned Limit::figure_threads(unsigned threads) const {
    const LimitPoint* p = best_point(*this, threads);
    return p ? p->threads : 0;
}

const Limit* MachineLimits::find(LimitId id) const noexcept {
    for (const Limit& l : limits)
        if (l.id == id) return &l;
    return nullptr;
}

void MachineLimits::put(Limit limit) {
    std::erase_if(limits, [&](const Limit& l) { return l.id == limit.id; });
    limits.push_back(std::move(limit));
    std::sort(limits.begin(), limits.end(), [](const Limit& a, const Limit& b) { return a.id < b.id; });
}

}  // namespace sfp
