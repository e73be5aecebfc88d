// The k-th smallest cell of an implicit matrix whose rows and columns both ascend -- the n*m
// pairwise differences of two sorted samples, the Walsh averages of one -- in memory linear in
// the rows and columns, never the cells (Monahan's selection, ACM TOMS 10(3), 1984: a random
// remaining cell as pivot, each row's cells below it counted by one staircase walk).
#pragma once

#include <cstddef>
#include <functional>

namespace sfp::stats {

struct SortedMatrix {
    std::size_t rows = 0, columns = 0;
    // Cell (row, column); ascends along a row and down a column.
    std::function<double(std::size_t, std::size_t)> cell;
    // How many leading cells of `row` belong to the matrix (the Walsh triangle keeps i <= j);
    // all `columns` when empty.
    std::function<std::size_t(std::size_t)> row_length;
};

// The k-th smallest cell (0-based); k must be below the number of cells.
double select_kth(const SortedMatrix& m, std::size_t k);

}  // namespace sfp::stats
