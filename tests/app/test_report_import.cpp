// Importing reports: what report_json writes comes back with the same medians and the same
// parameters as the plan's cells; two small sets matched by hand; files that are not reports,
// of another version or algorithm are refused.
#include <QTemporaryDir>
#include <QtTest>
#include <tuple>
#include <algorithm>
#include <set>

#include "report_export.hpp"
#include "report_import.hpp"
#include "sfp/expand.hpp"

namespace {

sfp::Summary summary_of(std::size_t n, double median) {
    sfp::Summary s;
    s.n = n;
    s.median = median;
    return s;
}

// Wordcount: loop at 4K (median 0.5 s), pipeline packing 1000 (0.2 s), one cell whose runs all failed.
sfp::ExperimentReport sample_report(double loop_s, double pipeline_s) {
    sfp::ExperimentReport rep;
    rep.experiment.algorithm = "wordcount";
    rep.experiment.sizes = {1 << 20};
    rep.machine = {"host", "Test CPU", "Linux 6.1.0", "ext4", "0.1.0", 2, 8ull << 30, "/dev/sda"};
    rep.cells = {{"loop", 0, 1 << 20, false, {{"block_size", 4096}}},
                 {"pipeline", 0, 1 << 20, false, {{"block_size", 65536}, {"threads", 2}, {"packing", 1000}}},
                 {"strtok", 0, 1 << 20, false}};
    rep.stats.resize(3);
    rep.stats[0].cell = 0, rep.stats[0].real = summary_of(3, loop_s);
    rep.stats[1].cell = 1, rep.stats[1].real = summary_of(3, pipeline_s);
    rep.stats[2].cell = 2, rep.stats[2].real = summary_of(0, 0);
    return rep;
}

QByteArray with(QByteArray json, const char* from, const char* to) { return json.replace(from, to); }

}  // namespace

class TestReportImport : public QObject {
    Q_OBJECT
private slots:
    void round_trip_keeps_medians() {
        const core::ResultSet set = core::import_report_text(core::report_json(sample_report(0.5, 0.2)), "a.json");
        QCOMPARE(set.algorithm, std::string("wordcount"));
        QCOMPARE(set.cache, std::string("hot"));
        QCOMPARE(set.machine, std::string("Test CPU, 2 cores, 8 GiB RAM, Linux 6.1.0"));
        QCOMPARE(set.cells.size(), std::size_t(3));
        QCOMPARE(set.cells[0].label(), std::string("loop block=4K size=1M"));
        QCOMPARE(*set.cells[0].median_s, 0.5);
        QCOMPARE(set.cells[1].label(), std::string("pipeline block=64K threads=2 size=1M packing=1000"));
        QCOMPARE(*set.cells[1].median_s, 0.2);
        QCOMPARE(set.cells[1].n, std::size_t(3));
        QVERIFY(!set.cells[2].median_s);  // no run succeeded: no median, not 0
    }

    // One representation of a cell's parameters: a report of a fresh wordcount plan (block
    // sizes, threads and packing swept, every strategy) read back from its JSON, and made in
    // memory, holds each cell's parameters as the plan's cell does, packing included.
    void imported_cells_carry_every_parameter_of_the_plan() {
        sfp::Experiment e;
        e.algorithm = "wordcount";
        e.data_kind = "text";
        e.sizes = {1 << 20};
        e.sweeps = {{"block_size", {4096, 65536}}, {"threads", {1, 3}}, {"packing", {10, 1000}}};
        sfp::ExperimentReport rep;
        rep.experiment = e;
        rep.cells = sfp::expand(e);
        for (std::size_t i = 0; i < rep.cells.size(); ++i) {
            rep.stats.emplace_back();
            rep.stats.back().cell = i, rep.stats.back().real = summary_of(1, 0.1);
        }
        const core::ResultSet sets[] = {core::import_report_text(core::report_json(rep), "fresh.json"),
                                        core::result_set(rep, "fresh")};
        for (const core::ResultSet& set : sets) {
            QCOMPARE(set.cells.size(), rep.cells.size());
            for (std::size_t i = 0; i < rep.cells.size(); ++i) {
                QCOMPARE(set.cells[i].strategy, rep.cells[i].strategy);
                QCOMPARE(set.cells[i].file_size, rep.cells[i].file_size);
                QCOMPARE(set.cells[i].parameters, rep.cells[i].parameters);
            }
        }
        std::set<std::uint64_t> packings;  // not vacuous: pipeline's cells sweep packing
        for (const core::ImportedCell& c : sets[0].cells)
            if (c.strategy == "pipeline") packings.insert(c.parameters.at("packing"));
        QCOMPARE(packings, (std::set<std::uint64_t>{10, 1000}));
        const auto pipeline = std::ranges::find(sets[0].cells, std::string("pipeline"), &core::ImportedCell::strategy);
        QCOMPARE(pipeline->label(), std::string("pipeline block=4K threads=1 size=1M packing=10"));
    }

    // A set is dated by when it was measured; one from before measured_at has no date of its
    // own (import_report then takes the file's).
    void dated_by_when_it_was_measured() {
        sfp::ExperimentReport rep = sample_report(0.5, 0.2);
        QCOMPARE(core::import_report_text(core::report_json(rep), "a.json").date, std::string());
        rep.measured_at = "2026-11-22T18:05:57Z";
        QCOMPARE(core::import_report_text(core::report_json(rep), "a.json").date, std::string("2026-11-22"));
    }

    // The reader is the whole report's (report_load), lenient only about what is left out: a set
    // of cells and medians alone is read, a field present with the wrong type is refused.
    void reads_what_a_reference_states_and_refuses_wrong_types() {
        const QByteArray bare = R"({"format": "sfpbench-report", "version": 1, "experiment": {"algorithm": "compare"},
            "cells": [{"strategy": "read", "block_size": 4096}], "statistics": [{"cell": 0, "real_s": {"n": 2, "median": 0.25}}]})";
        const core::ResultSet set = core::import_report_text(bare, "bare.json");
        QCOMPARE(set.cells.size(), std::size_t(1));
        QCOMPARE(set.cells[0].label(), std::string("read block=4K"));
        QCOMPARE(*set.cells[0].median_s, 0.25);
        try {
            core::import_report_text(with(bare, "\"block_size\": 4096", "\"block_size\": \"4K\""), "bare.json");
            QFAIL("a block size in words was accepted");
        } catch (const core::ImportError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("report 'bare.json': field 'cells[0].block_size': expected a number"));
        }
    }

    void ratio_table_by_hand() {
        core::ResultSet a = core::import_report_text(core::report_json(sample_report(0.5, 0.2)), "a.json");
        sfp::ExperimentReport other = sample_report(1.5, 0.1);
        other.cells[1].parameters["packing"] = 10;  // a different cell: only in one set each
        const core::ResultSet b = core::import_report_text(core::report_json(other), "b.json");
        const core::Comparison c = core::compare_sets(a, b);
        QCOMPARE(c.both.size(), std::size_t(2));
        QCOMPARE(c.both[0].a->strategy, std::string("loop"));
        QCOMPARE(*c.both[0].ratio(), 3.0);  // 1.5 / 0.5
        QVERIFY(!c.both[1].ratio());        // strtok: no median on either side
        QCOMPARE(c.only_a.size(), std::size_t(1));
        QCOMPARE(c.only_a[0]->parameters.at("packing"), std::uint64_t(1000));
        QCOMPARE(c.only_b.size(), std::size_t(1));
        QCOMPARE(c.only_b[0]->parameters.at("packing"), std::uint64_t(10));

        const core::ResultSet n = core::normalised_to_fastest(a);
        QCOMPARE(*n.cells[0].median_s, 2.5);  // 0.5 / 0.2
        QCOMPARE(*n.cells[1].median_s, 1.0);
    }

    // compMP's 640 MB and 5 GB times: each size against its own fastest, never one another
    // (lesson 2 drew 185 s beside 0.56 s as if one curve).
    void normalises_each_file_size_on_its_own() {
        core::ResultSet set;
        for (const auto& [strategy, size, median] :
             {std::tuple{"mmap-mt", 640, 0.5}, std::tuple{"read", 640, 2.0}, std::tuple{"mmap-mt", 5120, 200.0},
              std::tuple{"read", 5120, 50.0}}) {
            core::ImportedCell c;
            c.strategy = strategy;
            c.file_size = std::uint64_t(size);
            c.median_s = median;
            set.cells.push_back(c);
        }
        const core::ResultSet n = core::normalised_to_fastest(set);
        QVERIFY(n.relative);
        QCOMPARE(*n.cells[0].median_s, 1.0);
        QCOMPARE(*n.cells[1].median_s, 4.0);
        QCOMPARE(*n.cells[2].median_s, 4.0);
        QCOMPARE(*n.cells[3].median_s, 1.0);
    }

    void refuses_bad_files_naming_them() {
        const QByteArray good = core::report_json(sample_report(0.5, 0.2));
        const auto refusal = [](const QByteArray& text, const std::string& algorithm = {}) -> std::string {
            try {
                core::import_report_text(text, "x.json", algorithm);
            } catch (const core::ImportError& e) {
                return e.what();
            }
            return "accepted";
        };
        QCOMPARE(refusal("a,b\n1,2\n"), std::string("report 'x.json': not JSON (illegal value at byte 1)"));
        QCOMPARE(refusal(R"({"version": 1, "algorithm": "compare"})"),
                 std::string("report 'x.json': not an sfpbench report (no \"format\": \"sfpbench-report\") "
                             "(an experiment spec? import a report: `run --json`)"));
        QCOMPARE(refusal(with(good, "\"version\": 1", "\"version\": 2")),
                 std::string(
                     "report 'x.json': format version 2 (written by a newer sfpbench); this sfpbench reads version 1"));
        QCOMPARE(refusal(with(good, "\"version\": 1", "\"version\": 0")),
                 std::string("report 'x.json': format version 0 (an older format); this sfpbench reads version 1"));
        QCOMPARE(refusal(with(good, "\"version\": 1", "\"versio\": 1")),
                 std::string("report 'x.json': no format version; this sfpbench reads version 1"));
        QCOMPARE(refusal(good, "compare"), std::string("report 'x.json': results of wordcount, not compare"));
        QCOMPARE(refusal(with(good, "\"strategy\": \"loop\"", "\"strategy\": \"\"")),
                 std::string("report 'x.json': cells[0] has no strategy"));
        QCOMPARE(refusal(good, "wordcount"), std::string("accepted"));
    }

    void missing_file_names_the_reason() {
        QTemporaryDir dir;
        try {
            core::import_report(dir.filePath("none.json"));
            QFAIL("accepted a missing file");
        } catch (const core::ImportError& e) {
            QVERIFY2(QString(e.what()).contains("none.json': cannot read: No such file"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestReportImport)
#include "test_report_import.moc"
