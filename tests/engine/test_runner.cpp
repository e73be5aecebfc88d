// The experiment runner: the run loop with its records and events, the agreement check (a
// test-only wrong strategy), failures and cancellation. The plan it runs: test_runner_plan.cpp.
#include <fcntl.h>
#include <unistd.h>

#include <QtTest>
#include <chrono>
#include <thread>

#include "sfp/cipher.hpp"
#include "sfp/compare.hpp"
#include "sfp/failure.hpp"
#include "sfp/labels.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_update.hpp"
#include "sfp/workspace.hpp"

namespace {

constexpr std::uint64_t kSize = 256u << 10;

// ---- test-only strategies, run through run_experiment's catalogue seam -------------------

sfp::Support yes() { return sfp::Support::yes(); }

std::uint64_t file_size(const std::string& path) {
    return std::uint64_t(QFileInfo(QString::fromStdString(path)).size());
}

// Claims every pair is identical: fast but wrong.
sfp::Outcome claims_identical(const sfp::RunSpec& spec, sfp::RunContext& ctx) {
    sfp::CompareOutcome o;
    o.size_a = file_size(spec.inputs.at(0));
    o.size_b = file_size(spec.inputs.at(1));
    ctx.add_progress(o.size_a + o.size_b);
    return o;
}

sfp::Outcome throws_failure(const sfp::RunSpec&, sfp::RunContext&) { sfp::fail("broken on purpose"); }

// Runs until told to stop, checking once per "block" as real strategies do.
sfp::Outcome until_cancelled(const sfp::RunSpec&, sfp::RunContext& ctx) {
    while (!ctx.should_stop()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return {};
}

// A writing algorithm: copies its input to spec.output block by block, checking for cancel.
sfp::Outcome copies_to_output(const sfp::RunSpec& spec, sfp::RunContext& ctx) {
    QFile in(QString::fromStdString(spec.inputs.at(0))), out(QString::fromStdString(spec.output));
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly)) sfp::fail("cannot open");
    sfp::CipherOutcome o;
    while (!in.atEnd() && !ctx.should_stop()) {
        const QByteArray block = in.read(64 << 10);
        out.write(block);
        o.output_bytes += std::uint64_t(block.size());
        ctx.add_progress(std::uint64_t(block.size()));
    }
    return o;
}

constexpr sfp::Strategy wrong{.algorithm = "compare",
                              .name = "wrong",
                              .description = "test: claims identical",
                              .probe = yes,
                              .run = claims_identical};
constexpr sfp::Strategy floor_{.algorithm = "compare",
                               .name = "floor",
                               .description = "test: a reference floor",
                               .reference_floor = true,
                               .probe = yes,
                               .run = claims_identical};
constexpr sfp::Strategy broken{.algorithm = "compare",
                               .name = "broken",
                               .description = "test: always throws",
                               .reads = sfp::kReadsBlock,
                               .probe = yes,
                               .run = throws_failure};
constexpr sfp::Strategy waits{.algorithm = "compare",
                              .name = "waits",
                              .description = "test: runs until cancelled",
                              .probe = yes,
                              .run = until_cancelled};
constexpr sfp::Strategy copier{.algorithm = "cipher",
                               .name = "copier",
                               .description = "test: copies to output",
                               .reads = sfp::kReadsBlock,
                               .probe = yes,
                               .run = copies_to_output};

std::vector<sfp::Strategy> catalogue(std::initializer_list<const char*> real,
                                     std::initializer_list<sfp::Strategy> fakes) {
    std::vector<sfp::Strategy> list;
    for (const char* name : real) list.push_back(*sfp::find_strategy("compare", name));
    list.insert(list.end(), fakes);
    return list;
}

sfp::Experiment small_experiment(const QTemporaryDir& dir) {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.sizes = {kSize};
    e.repetitions = 3;
    e.warmups = 1;
    e.workdir = dir.path().toStdString();
    return e;
}

QStringList files_in(const QString& dir) {
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

// Records every event; optionally cancels when the run with index `cancel_at` starts.
struct Recorder : sfp::ExperimentObserver {
    sfp::Progress* progress = nullptr;
    std::size_t cancel_at = SIZE_MAX;
    std::vector<std::size_t> started;
    std::vector<std::size_t> total;
    std::size_t finished = 0;
    std::vector<std::string> messages;
    std::string scratch_seen_after_run;
    void run_started(const sfp::Cell&, unsigned, std::size_t index, std::size_t n) override {
        started.push_back(index);
        total.push_back(n);
        if (index == cancel_at) progress->cancel = true;
    }
    // Each run arrives once, with what it changed; `mirror` applies them, as the window does.
    sfp::ExperimentReport mirror, moved;  // by copied and by moved updates
    std::size_t touched_cells = 0;        // statistics handed over, over all updates
    void run_finished(sfp::RunUpdate&& u) override {
        ++finished;
        QCOMPARE(u.index, mirror.runs.size());
        QVERIFY(!u.stats.empty());
        QCOMPARE(u.stats.front().cell, u.record.cell);  // the run's own cell first
        touched_cells += u.stats.size();
        for (const sfp::CellStats& st : u.stats)
            while (mirror.stats.size() <= st.cell) mirror.stats.emplace_back().cell = mirror.stats.size() - 1;
        sfp::apply(mirror, u);
        // The window's way: the record (and input sets) moved in, the rest of the update kept.
        sfp::RunUpdate taken = u;
        moved.stats.resize(mirror.stats.size());
        for (std::size_t c = 0; c < moved.stats.size(); ++c) moved.stats[c].cell = c;
        sfp::apply(moved, std::move(taken));
        QCOMPARE(taken.stats.size(), u.stats.size());
        QCOMPARE(taken.statuses.size(), u.statuses.size());
        QCOMPARE(taken.ranking.has_value(), u.ranking.has_value());
        for (const sfp::CellStats& st : u.stats) {  // the refreshed statistics count every run so far
            std::size_t ok = 0, failed = 0;
            for (const sfp::RunRecord& run : mirror.runs)
                if (run.cell == st.cell) ++(run.status == sfp::RunStatus::ok ? ok : failed);
            QCOMPARE(st.real.n, ok);
            QCOMPARE(st.failed, failed);
        }
    }
    // The mirror holds what the final report holds (runs, statuses, statistics, rankings).
    void compareMirror(const sfp::ExperimentReport& report) const {
        QCOMPARE(mirror.runs.size(), report.runs.size());
        QCOMPARE(moved.runs.size(), report.runs.size());
        for (std::size_t i = 0; i < report.runs.size(); ++i) {
            QCOMPARE(mirror.runs[i].cell, report.runs[i].cell);
            QCOMPARE(mirror.runs[i].status, report.runs[i].status);
            QCOMPARE(moved.runs[i].status, report.runs[i].status);
            QCOMPARE(moved.runs[i].result.digest, report.runs[i].result.digest);
            QCOMPARE(moved.runs[i].result.error, report.runs[i].result.error);
            QCOMPARE(moved.runs[i].result.real_s, report.runs[i].result.real_s);
        }
        QCOMPARE(moved.input_sets.size(), report.input_sets.size());
        for (std::size_t c = 0; c < mirror.stats.size(); ++c) {
            QCOMPARE(mirror.stats[c].real.n, report.stats.at(c).real.n);
            QCOMPARE(mirror.stats[c].real.median, report.stats.at(c).real.median);
            QCOMPARE(mirror.stats[c].failed, report.stats.at(c).failed);
        }
        QCOMPARE(mirror.rankings.size(), report.rankings.size());
        for (std::size_t i = 0; i < report.rankings.size(); ++i) {
            QCOMPARE(mirror.rankings[i].input_set, report.rankings[i].input_set);
            QCOMPARE(mirror.rankings[i].fastest_cell, report.rankings[i].fastest_cell);
            QCOMPARE(mirror.rankings[i].slower, report.rankings[i].slower);
        }
    }
    void message(const std::string& text) override { messages.push_back(text); }
};

}  // namespace

class TestRunner : public QObject {
    Q_OBJECT
private slots:
    void runsEveryCellRepetitionsTimes() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.strategies = {"read", "mmap"};
        e.sweeps["block_size"] = {4096, 65536};
        sfp::Progress progress;
        Recorder rec;
        rec.progress = &progress;
        const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);  // the report keeps whole seconds
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress, &rec);
        const QDateTime measured = QDateTime::fromString(QString::fromStdString(report.measured_at), Qt::ISODate);
        QVERIFY2(measured.isValid() && measured.timeSpec() == Qt::UTC && report.measured_at.ends_with('Z'),
                 report.measured_at.c_str());  // ISO 8601 UTC: "2026-11-22T18:05:57Z"
        QVERIFY(measured >= before && measured <= QDateTime::currentDateTimeUtc());
        QCOMPARE(report.cells.size(), std::size_t(3));  // read x 2 blocks, mmap
        QCOMPARE(report.runs.size(), std::size_t(9));
        QVERIFY(!report.cancelled);
        QCOMPARE(rec.finished, std::size_t(9));
        rec.compareMirror(report);
        QCOMPARE(rec.touched_cells, std::size_t(9));  // all agree: each run refreshed its own cell only
        for (std::size_t i = 0; i < rec.started.size(); ++i) {
            QCOMPARE(rec.started[i], i);
            QCOMPARE(rec.total[i], std::size_t(9));
        }
        QVERIFY(std::any_of(rec.messages.begin(), rec.messages.end(),
                            [](const std::string& m) { return m.starts_with("warm-up"); }));
        QCOMPARE(report.input_sets.size(), std::size_t(1));
        QCOMPARE(report.input_sets[0].paths, sfp::generated_paths(e.workdir, "pair", kSize, e.seed));
        const std::string digest = report.runs[0].result.digest;
        for (const sfp::RunRecord& r : report.runs) {
            QCOMPARE(r.status, sfp::RunStatus::ok);
            QCOMPARE(r.result.digest, digest);
            QCOMPARE(r.result.bytes, 2 * kSize);
            QVERIFY(r.repetition >= 1 && r.repetition <= 3);
        }
        // The generated pair differs in two bytes; every strategy found them.
        const auto& outcome = report.runs[0].result.outcome.get<sfp::CompareOutcome>();
        QCOMPARE(outcome.mismatches.size(), std::size_t(2));
        QCOMPARE(report.stats.size(), std::size_t(3));
        for (const sfp::CellStats& st : report.stats) {
            QCOMPARE(st.real.n, std::size_t(3));
            QCOMPARE(st.failed, std::size_t(0));
            QVERIFY(st.throughput_mbs > 0);
        }
        QCOMPARE(report.rankings.size(), std::size_t(1));
        QCOMPARE(report.rankings[0].slower.size(), std::size_t(2));
        const auto lines = sfp::ranking_lines(report);
        QCOMPARE(lines.size(), std::size_t(4));
        QCOMPARE(lines[0], std::string("256K:"));
        QVERIFY(lines[1].starts_with("fastest: "));
        QVERIFY2(lines[3].find("× slower") != std::string::npos && lines[3].ends_with("(n=3; 6 needed)"),
                 lines[3].c_str());
        QVERIFY(report.fits.empty());  // one size: nothing to fit
        QVERIFY(!report.machine.kernel.empty());
        QVERIFY(report.machine.cores >= 1);
        QVERIFY(!report.machine.filesystem.empty());
        // the mount's source ("/dev/vda", "tmpfs"): /proc/self/mounts names one for every path
        QVERIFY2(!report.machine.device.empty() && report.machine.device != "unknown", report.machine.device.c_str());
        QVERIFY2(report.cache_method.starts_with("hot: inputs evicted ("), report.cache_method.c_str());
    }

    void givenInputsAreOneInputSet() {
        QTemporaryDir dir;
        const auto files = sfp::ensure_generated(dir.path().toStdString(), "pair", 5000, 2);
        sfp::Experiment e;
        e.algorithm = "compare";
        e.inputs = files;
        e.strategies = {"read"};
        e.repetitions = 2;
        e.warmups = 0;
        e.options = {{"max_mismatches", "1"}};
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        QCOMPARE(report.cells.size(), std::size_t(1));
        QCOMPARE(report.cells[0].file_size, std::uint64_t(5000));
        QCOMPARE(report.runs.size(), std::size_t(2));
        QCOMPARE(report.runs[0].result.outcome.get<sfp::CompareOutcome>().mismatches.size(), std::size_t(1));
    }

    void sizeSweepIsFitted() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.strategies = {"read"};
        e.sizes = {64 << 10, 128 << 10, 256 << 10};
        e.repetitions = 1;
        e.warmups = 0;
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        QCOMPARE(report.input_sets.size(), std::size_t(3));
        QCOMPARE(report.rankings.size(), std::size_t(3));
        QCOMPARE(report.fits.size(), std::size_t(1));
        QCOMPARE(report.cells[report.fits[0].cell].strategy, std::string("read"));
        QCOMPARE(report.cells[report.fits[0].cell].value("block_size"), sfp::kDefaultBlockSize);
        QCOMPARE(report.fits[0].points, std::size_t(3));
    }

    void wrongOutcomeIsMismatch() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.strategies = {"read", "mmap", "wrong", "floor"};
        const auto list = catalogue({"read", "mmap"}, {wrong, floor_});
        sfp::Progress progress;
        Recorder rec;  // checks the statistics after every run, while statuses flip to MISMATCH
        rec.progress = &progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, list, progress, &rec);
        QCOMPARE(report.runs.size(), std::size_t(12));
        for (const sfp::RunRecord& r : report.runs) {
            const std::string& s = report.cells[r.cell].strategy;
            QCOMPARE(r.result.status, sfp::Status::ok);
            // The floor computes the same wrong answer but is left out of the check.
            QCOMPARE(r.status, s == "wrong" ? sfp::RunStatus::mismatch : sfp::RunStatus::ok);
        }
        for (const sfp::CellStats& st : report.stats) {
            const std::string& s = report.cells[st.cell].strategy;
            QCOMPARE(st.failed, std::size_t(s == "wrong" ? 3 : 0));
            QCOMPARE(st.real.n, std::size_t(s == "wrong" ? 0 : 3));
        }
        // Neither the wrong strategy nor the floor is ranked.
        QCOMPARE(report.rankings.size(), std::size_t(1));
        QCOMPARE(report.rankings[0].slower.size(), std::size_t(1));
        rec.compareMirror(report);  // the flips reached the observer
    }

    void withoutMajorityEveryDisagreementIsFlagged() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.strategies = {"read", "wrong"};
        e.repetitions = 1;
        const auto list = catalogue({"read"}, {wrong});
        sfp::Progress progress;
        Recorder rec;  // checks the statistics after every run, while statuses flip to MISMATCH
        rec.progress = &progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, list, progress, &rec);
        for (const sfp::RunRecord& r : report.runs) QCOMPARE(r.status, sfp::RunStatus::mismatch);
        QVERIFY(report.rankings.empty());
        rec.compareMirror(report);  // the earlier run's flip and the ranking's removal too
    }

    void failingCellDoesNotStopTheMatrix() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.strategies = {"broken", "read"};
        e.sweeps["block_size"] = {4096, 8192};
        const auto list = catalogue({"read"}, {broken});
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, list, progress);
        QCOMPARE(report.runs.size(), std::size_t(4 * 3));
        for (const sfp::RunRecord& r : report.runs) {
            if (report.cells[r.cell].strategy == "broken") {
                QCOMPARE(r.status, sfp::RunStatus::error);
                QCOMPARE(r.result.error, std::string("broken on purpose"));
            } else {
                QCOMPARE(r.status, sfp::RunStatus::ok);
            }
        }
    }

    void unpreparableInputsFailOnlyTheirRuns() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.workdir = dir.path().toStdString() + "/a-file";
        QFile f(QString::fromStdString(e.workdir));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        e.strategies = {"read"};
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);  // does not throw
        QCOMPARE(report.runs.size(), std::size_t(3));
        for (const sfp::RunRecord& r : report.runs) {
            QCOMPARE(r.status, sfp::RunStatus::error);
            QVERIFY2(r.result.error.find(e.workdir) != std::string::npos, r.result.error.c_str());
        }
    }

    void cancelKeepsCompletedRunsAndNoTemporaryFiles() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.algorithm = "cipher";
        e.strategies = {"copier"};
        e.sweeps["block_size"] = {4096, 8192};
        const std::vector<sfp::Strategy> list = {copier};
        sfp::Progress progress;
        Recorder rec;
        rec.progress = &progress;
        rec.cancel_at = 3;  // like Ctrl-C while the fourth run starts
        const sfp::ExperimentReport report = sfp::run_experiment(e, list, progress, &rec);
        QVERIFY(report.cancelled);
        QCOMPARE(report.runs.size(), std::size_t(3));
        for (const sfp::RunRecord& r : report.runs) {
            QCOMPARE(r.status, sfp::RunStatus::ok);
            QCOMPARE(r.result.outcome.get<sfp::CipherOutcome>().output_bytes, kSize);
        }
        // Left behind: the generated input, the manifest and the workspace's lock file. No scratch
        // output, no temporary.
        const QString input =
            QFileInfo(QString::fromStdString(sfp::generated_paths(e.workdir, "random", kSize, e.seed).front()))
                .fileName();
        QCOMPARE(files_in(dir.path()), (QStringList{".sfpbench.lock", input, "sfpbench-manifest.txt"}));
        // ... and clean removes those, which proves the manifest listed everything made.
        QCOMPARE(sfp::clean_workspace(e.workdir).size(), std::size_t(2));
        QVERIFY(files_in(dir.path()).isEmpty());
    }

    void cancelFromAnotherThreadStopsTheCurrentRun() {
        QTemporaryDir dir;
        sfp::Experiment e = small_experiment(dir);
        e.strategies = {"waits"};
        e.warmups = 0;
        const std::vector<sfp::Strategy> list = {waits};
        sfp::Progress progress;
        std::thread canceller([&progress] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            progress.cancel = true;  // what the CLI's SIGINT handler and the GUI's button do
        });
        const sfp::ExperimentReport report = sfp::run_experiment(e, list, progress);
        canceller.join();
        QVERIFY(report.cancelled);
        QVERIFY(report.runs.empty());  // the interrupted run is not a completed run
        QCOMPARE(report.stats.size(), std::size_t(1));
        QCOMPARE(report.stats[0].real.n, std::size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestRunner)
#include "test_runner.moc"
