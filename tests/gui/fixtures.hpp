#pragma once
// Hand-made reports and small experiments shared by the GUI tests.
#include <QTemporaryDir>
#include <bit>
#include <string>

#include "hand_made.hpp"
#include "sfp/cell.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"
#include "sfp/stats.hpp"

namespace fixtures {

using hand_made::cell;
using hand_made::run;

// Two strategies over two block sizes, and one that uses no block size; three repetitions each,
// one of them failed and one MISMATCH. No runner statistics: the GUI computes them live.
inline sfp::ExperimentReport sweep() {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "compare";
    r.experiment.data_kind = "pair";
    r.experiment.sizes = {1 << 20};
    r.experiment.repetitions = 3;
    r.cells = {cell("read", 4096, 0), cell("read", 65536, 0), cell("pread-mt", 4096, 2), cell("pread-mt", 65536, 2),
               cell("mmap", 0, 0)};
    const double base[] = {0.30, 0.10, 0.20, 0.05, 0.08};
    for (unsigned rep = 1; rep <= 3; ++rep)
        for (std::size_t c = 0; c < r.cells.size(); ++c)
            r.runs.push_back(run(c, rep, base[c] + 0.01 * rep, base[c] / 4, base[c] / 2));
    r.runs.push_back(run(0, 4, 0, 0, 0, sfp::RunStatus::error, "cannot open '/x': No such file or directory"));
    r.runs.push_back(run(4, 4, 0.09, 0.02, 0.04, sfp::RunStatus::mismatch));
    return r;
}

// The matrix people sweep: sizes 8M and 16M, threads 1, 2, 4, seven strategies of which some
// use no block size or no threads -- 84 cells, two repetitions each. Times are made so that
// more threads and larger blocks are faster: "best" has one right answer per point.
inline sfp::ExperimentReport wide() {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "compare";
    r.experiment.data_kind = "pair";
    r.experiment.sizes = {8u << 20, 16u << 20};
    r.experiment.repetitions = 2;
    const std::vector<std::uint64_t> blocks{512, 4096, 65536, 1 << 20};
    const std::vector<unsigned> threads{1, 2, 4};
    struct Kind {
        std::string name;
        bool blocks, threads;
        std::size_t block_count;
    };
    const Kind kinds[] = {{"read", true, false, 4},    {"pread-mt", true, true, 4}, {"adaptive", true, true, 4},
                          {"uring-mt", true, true, 3}, {"mmap-mt", false, true, 0}, {"mmap", false, false, 0},
                          {"cmp", false, false, 0}};
    for (std::size_t k = 0; k < std::size(kinds); ++k)
        for (std::size_t set = 0; set < 2; ++set)
            for (std::size_t b = 0; b < (kinds[k].blocks ? kinds[k].block_count : 1); ++b)
                for (std::size_t t = 0; t < (kinds[k].threads ? threads.size() : 1); ++t) {
                    sfp::Cell c = cell(kinds[k].name, kinds[k].blocks ? blocks[b] : 0,
                                       kinds[k].threads ? threads[t] : 0, r.experiment.sizes[set]);
                    c.input_set = set;
                    r.cells.push_back(c);
                }
    for (unsigned rep = 1; rep <= 2; ++rep)
        for (std::size_t i = 0; i < r.cells.size(); ++i) {
            const sfp::Cell& c = r.cells[i];
            const double t = double(c.file_size >> 20) * 0.01 * (1 + 0.01 * double(i % 7)) /
                                 (c.value("block_size") ? double(std::countr_zero(c.value("block_size"))) : 10.0) /
                                 double(c.value("threads") ? c.value("threads") : 1) +
                             0.001 * rep;
            sfp::RunRecord run = fixtures::run(i, rep, t, t / 2, t / 4);
            run.result.bytes = c.file_size;
            r.runs.push_back(run);
        }
    return r;
}

// A small generated-data experiment in `workdir`.
inline sfp::Experiment small(const QTemporaryDir& workdir, std::vector<std::string> strategies,
                             std::vector<std::uint64_t> blocks, std::uint64_t size, unsigned repetitions) {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.data_kind = "pair";
    e.sizes = {size};
    e.strategies = std::move(strategies);
    e.sweeps["block_size"] = std::move(blocks);
    e.sweeps["threads"] = {2};
    e.repetitions = repetitions;
    e.warmups = 0;
    e.workdir = workdir.path().toStdString();
    return e;
}

// Every cell of an experiment run twice, cell c taking (c + 1) x 10 ms: a lesson's plot and
// tables without the machine.
inline sfp::ExperimentReport made_up(const sfp::Experiment& e) {
    sfp::ExperimentReport r;
    r.experiment = e;
    r.cells = sfp::expand(e);
    for (std::size_t c = 0; c < r.cells.size(); ++c) {
        const double seconds = 0.01 * double(c + 1);
        for (unsigned rep = 1; rep <= 2; ++rep)
            r.runs.push_back(hand_made::run(c, rep, seconds, 0, 0, sfp::RunStatus::ok, {}, r.cells[c].file_size));
        sfp::CellStats st;
        st.cell = c;
        st.real = sfp::summarize({seconds, seconds});
        st.throughput_mbs = double(r.cells[c].file_size) / seconds / 1e6;
        r.stats.push_back(st);
    }
    return r;
}

}  // namespace fixtures
