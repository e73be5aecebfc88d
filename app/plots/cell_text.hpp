#pragma once
// How the window names cells and sizes: in words for the progress line, short for plot ticks.
#include <QString>
#include <cstdint>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/parameter.hpp"

namespace plots {

QString size_text(std::uint64_t bytes);          // "512", "4K", "64M", "640000000"
QString rounded_size_text(std::uint64_t bytes);  // size_text when round, else "77.7 MiB" (captions)
QString runs_text(std::size_t n);                // "1 run", "54 runs"
// `digits` significant digits, never in e-notation (a tooltip reads "0.000032", not "3.2e-05").
QString plain_number(double value, int digits);

// A parameter's value in words: "64K blocks", "1 thread", "packing 1000", "order random".
QString parameter_words(const sfp::Parameter& p, std::int64_t value);

// Which parameters differ between the cells of one experiment: labels name only those. The
// parameters are the tables' (sfp::cell_parameters()): block size, threads, swept ones.
struct Varying {
    bool strategy = false, size = false;
    std::vector<const sfp::Parameter*> parameters;  // in sfp::cell_parameters() order
    bool varies(const sfp::Parameter& p) const;
    static Varying everything();  // every part named
};
Varying varying(const std::vector<sfp::Cell>& cells);

// "mmap-mt, 64K blocks, 2 threads, 64M file": what the progress panel shows. `parts` leaves
// out parameters (plot legends name only what tells lines apart); the strategy is always named
// and a parameter the cell does not use never is.
QString cell_words(const sfp::Cell& cell, const Varying& parts = Varying::everything());

// "mmap-mt 64K ×2 @64M", with only the varying parts: for ticks and legends.
QString short_label(const sfp::Cell& cell, const Varying& what);

}  // namespace plots
