#include "stats/sorted_matrix_select.hpp"

#include <algorithm>
#include <random>
#include <vector>

namespace sfp::stats {
namespace {

struct Walker {
    const SortedMatrix& m;
    std::size_t length(std::size_t row) const { return m.row_length ? m.row_length(row) : m.columns; }

    // Per row, how many cells are below `pivot` (or at most `pivot`). Rows ascend down a column,
    // so each row's count is at most the one above it: one walk of rows + columns steps.
    std::vector<std::size_t> counts(double pivot, bool or_equal) const {
        std::vector<std::size_t> out(m.rows);
        std::size_t c = m.columns;
        for (std::size_t r = 0; r < m.rows; ++r) {
            while (c > 0 && (or_equal ? m.cell(r, c - 1) > pivot : m.cell(r, c - 1) >= pivot)) --c;
            out[r] = std::min(c, length(r));
        }
        return out;
    }
};

std::size_t sum(const std::vector<std::size_t>& v) {
    std::size_t s = 0;
    for (std::size_t x : v) s += x;
    return s;
}

}  // namespace

double select_kth(const SortedMatrix& m, std::size_t k) {
    const Walker w{m};
    // The cells still in question: row r's columns [low[r], high[r]).
    std::vector<std::size_t> low(m.rows, 0), high(m.rows);
    for (std::size_t r = 0; r < m.rows; ++r) high[r] = w.length(r);
    std::mt19937_64 random(0x5eed);  // any pivot gives the same answer; fixed for repeatable timing
    for (;;) {
        std::size_t remaining = 0;
        for (std::size_t r = 0; r < m.rows; ++r) remaining += high[r] - low[r];
        std::size_t pick = std::uniform_int_distribution<std::size_t>(0, remaining - 1)(random);
        std::size_t row = 0;
        while (pick >= high[row] - low[row]) pick -= high[row] - low[row], ++row;
        const double pivot = m.cell(row, low[row] + pick);
        const std::vector<std::size_t> below = w.counts(pivot, false);
        if (k < sum(below)) {
            for (std::size_t r = 0; r < m.rows; ++r) high[r] = std::min(high[r], below[r]);
            continue;
        }
        const std::vector<std::size_t> at_most = w.counts(pivot, true);
        if (k < sum(at_most)) return pivot;
        for (std::size_t r = 0; r < m.rows; ++r) low[r] = std::max(low[r], at_most[r]);
    }
}

}  // namespace sfp::stats
