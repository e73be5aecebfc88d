// An algorithm is one unit (issue 14, section 2): the input-kind table, and a test-only
// algorithm ("dirsum", tests/support/dirsum_unit.hpp: a directory input, a swept choice)
// added through sfp::add_algorithm() that the runner expands, generates for, prepares and
// runs without knowing it.
#include <sys/stat.h>

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <set>

#include "sfp/algorithm_io.hpp"
#include "sfp/cell.hpp"
#include "sfp/datagen.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/preflight.hpp"
#include "sfp/progress.hpp"
#include "sfp/registry.hpp"
#include "sfp/report.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_record.hpp"
#include "sfp/workspace.hpp"
#include "support/dirsum_unit.hpp"
#include "support/temp_files.hpp"

namespace {

std::uint64_t bytes_of(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? std::uint64_t(st.st_size) : 0;
}

// A small hand-made tree: nested folders, an empty file, a file larger than a block.
void make_tree(const std::string& root) {
    std::filesystem::create_directories(root + "/a/b");
    testing::write_file(root + "/one.bin", testing::pattern(1000, 1));
    testing::write_file(root + "/a/two.bin", testing::pattern(70000, 2));
    testing::write_file(root + "/a/b/empty.bin", {});
    testing::write_file(root + "/a/b/three.bin", testing::pattern(4096, 3));
}

sfp::Experiment dirsum_experiment(const std::string& work) {
    sfp::Experiment e;
    e.algorithm = "dirsum";
    e.strategies = {"walk"};
    e.sweeps["block_size"] = {4096, 65536};
    e.sweeps["visit"] = {0, 1};
    e.repetitions = 2;
    e.warmups = 0;
    e.workdir = work;
    return e;
}

}  // namespace

class TestAlgorithmUnit : public QObject {
    Q_OBJECT
private slots:
    // Each kind: a label, a generator, as many workspace names as it has paths, each the stem
    // plus its suffix; and generation through the table writes exactly those paths.
    void everyKindIsWholeInTheTable() {
        std::set<std::string_view> names;
        for (const sfp::InputKind& k : sfp::input_kinds()) {
            QVERIFY(names.insert(k.name).second);
            QVERIFY(!k.label.empty() && !k.help.empty() && k.generate);
            QVERIFY(k.paths() >= 1);
            QVERIFY(!k.directory || k.paths() == 1);
            QCOMPARE(sfp::files_of_kind(k.name), unsigned(k.paths()));
            const std::vector<std::string> paths = sfp::generated_paths("/w", k.name, 65536, 3);
            QCOMPARE(paths.size(), k.paths());
            for (std::size_t i = 0; i < paths.size(); ++i)
                QCOMPARE(paths[i], "/w/" + std::string(k.name) + "-64K-seed3" + std::string(k.suffixes[i]));
        }
        QCOMPARE(sfp::find_input_kind("no-such-kind"), nullptr);
        QCOMPARE(sfp::files_of_kind("no-such-kind"), 0u);
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::generated_paths("/w", "no-such-kind", 1, 1));
    }

    void everyKindGeneratesThroughTheTable() {
        QTemporaryDir dir;
        for (const sfp::InputKind& k : sfp::input_kinds()) {
            const std::vector<std::string> made = sfp::ensure_generated(dir.path().toStdString(), k.name, 65536, 2);
            for (const std::string& p : made) {
                struct stat st {};
                QVERIFY2(::stat(p.c_str(), &st) == 0, p.c_str());
                QCOMPARE(S_ISDIR(st.st_mode), k.directory);
                if (!k.directory) QCOMPARE(std::uint64_t(st.st_size), std::uint64_t(65536));
            }
        }
    }

    // The runner's pairs differ where a run must find it: the middle and the last byte.
    void workspacePairsDifferInTheMiddleAndAtTheEnd() {
        QTemporaryDir dir;
        for (std::uint64_t size : {1ull, 2ull, 4097ull}) {
            const std::vector<std::string> ab = sfp::ensure_generated(dir.path().toStdString(), "pair", size, 5);
            const testing::Bytes a = testing::read_file(ab[0]), b = testing::read_file(ab[1]);
            QCOMPARE(a.size(), size);
            QCOMPARE(b.size(), size);
            std::set<std::uint64_t> differ;
            for (std::size_t i = 0; i < a.size(); ++i)
                if (a[i] != b[i]) differ.insert(i);
            QCOMPARE(differ, (std::set<std::uint64_t>{size / 2, size - 1}));
        }
    }

    // A directory stands for every file under it (warm, evict, residency); its size is theirs.
    void aTreeIsEveryFileUnderIt() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString() + "/t";
        make_tree(root);
        const sfp::InputKind& tree = *sfp::find_input_kind("tree");
        std::vector<std::string> files = tree.files_of({root});
        std::sort(files.begin(), files.end());
        const std::vector<std::string> expected = {root + "/a/b/empty.bin", root + "/a/b/three.bin",
                                                   root + "/a/two.bin", root + "/one.bin"};
        QCOMPARE(files, expected);
        QCOMPARE(tree.size_of({root}), std::uint64_t(1000 + 70000 + 4096));
        const sfp::InputKind& pair = *sfp::find_input_kind("pair");
        QCOMPARE(pair.files_of({root + "/one.bin", root + "/a/two.bin"}),
                 (std::vector<std::string>{root + "/one.bin", root + "/a/two.bin"}));
        QCOMPARE(pair.size_of({root + "/one.bin", root + "/a/two.bin"}), std::uint64_t(1000));  // the first's
    }

    void kindOptionsAreChecked() {
        const sfp::InputKind& tree = *sfp::find_input_kind("tree");
        sfp::check_generate_options(tree, {.options = {{"size_mix", "large"}, {"files", "3"}}});
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::check_generate_options(tree, {.options = {{"size_mix", "huge"}}}));
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::check_generate_options(tree, {.options = {{"mismatch_at", "1"}}}));
        QTemporaryDir dir;  // a text option is judged by the generator, before anything is written
        const std::string a = dir.path().toStdString() + "/a", b = dir.path().toStdString() + "/b";
        const sfp::InputKind& pair = *sfp::find_input_kind("pair");
        QVERIFY_THROWS_EXCEPTION(sfp::Failure,
                                 pair.generate({a, b}, {.size = 16, .options = {{"mismatch_at", "x"}}}, nullptr));
        QVERIFY(!QFile::exists(QString::fromStdString(a)));
        pair.generate({a, b}, {.size = 16, .seed = 1, .options = {{"mismatch_at", "0,last"}}}, nullptr);
        const testing::Bytes x = testing::read_file(a), y = testing::read_file(b);
        QCOMPARE(x.size(), std::size_t(16));
        for (std::size_t i = 0; i < x.size(); ++i) QCOMPARE(x[i] != y[i], i == 0 || i == 15);
    }

    void theAddedAlgorithmIsRegistered() {
        QVERIFY(sfp::algorithm_io("dirsum"));
        QVERIFY(sfp::find_strategy("dirsum", "walk"));
        QVERIFY(sfp::find_parameter("dirsum", "visit"));
        const std::vector<std::string_view> all = sfp::algorithms();
        QVERIFY(std::find(all.begin(), all.end(), "dirsum") != all.end());
        QVERIFY(std::find(all.begin(), all.end(), "compare") != all.end());  // the shipped ones stay
        // In use now: nothing more may be added, and a name is never taken twice.
        QVERIFY_THROWS_EXCEPTION(std::logic_error, dirsum::add());
        const sfp::AlgorithmIo other{
            .algorithm = "other", .data_kind = "random", .parameters = {}, .strategies = {}, .default_strategy = {}};
        QVERIFY_THROWS_EXCEPTION(std::logic_error, sfp::add_algorithm(other));
    }

    // Generated trees of two sizes x two block sizes x the two visits: 8 cells, 16 runs, each
    // with the reference digest of its tree, the choice reaching the strategy by its name.
    void theRunnerMultipliesCellsByTheChoice() {
        QTemporaryDir dir;
        sfp::Experiment e = dirsum_experiment(dir.path().toStdString() + "/work");
        e.sizes = {256 << 10, 512 << 10};
        const std::vector<sfp::Cell> cells = sfp::expand(e);
        QCOMPARE(cells.size(), std::size_t(2 * 2 * 2));
        std::set<std::tuple<std::size_t, std::uint64_t, std::uint64_t>> distinct;
        for (const sfp::Cell& c : cells) {
            QCOMPARE(c.parameters.size(), std::size_t(2));  // block size and visit: walk uses no threads
            distinct.insert({c.input_set, c.value("block_size"), c.parameters.at("visit")});
        }
        QCOMPARE(distinct.size(), cells.size());

        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        QCOMPARE(report.input_sets.size(), std::size_t(2));
        QCOMPARE(report.runs.size(), std::size_t(16));
        for (const sfp::RunRecord& r : report.runs) {
            QVERIFY2(r.status == sfp::RunStatus::ok, r.result.error.c_str());
            const std::string& root = report.input_sets[report.cells[r.cell].input_set].paths.at(0);
            const dirsum::Sum expected = dirsum::reference(root);
            QCOMPARE(r.result.digest, sfp::digest_of(expected));
            QCOMPARE(r.result.bytes, expected.bytes);
            QVERIFY(expected.files > 1);
            QVERIFY2(r.residency_pct >= 90, std::to_string(r.residency_pct).c_str());  // hot: its files, measured
        }
    }

    // The outcome is dirsum's own type, held, digested and described by the engine through the
    // unit's canonical() and describe(); a run that miscounts is flagged, the others are not.
    void itsOwnOutcomeIsDigestedAndAPlantedDisagreementFlagged() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString() + "/t";
        make_tree(root);
        sfp::Experiment e = dirsum_experiment(dir.path().toStdString() + "/work");
        e.inputs = {root};
        e.sweeps["block_size"] = {4096, 65536, 1 << 20};
        const dirsum::Sum expected = dirsum::reference(root);
        dirsum::wrong_at_block = 65536;
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        dirsum::wrong_at_block = 0;
        QCOMPARE(report.runs.size(), std::size_t(3 * 2 * 2));
        for (const sfp::RunRecord& r : report.runs) {
            const dirsum::Sum* sum = r.result.outcome.get_if<dirsum::Sum>();
            QVERIFY(sum);
            const bool planted = report.cells[r.cell].value("block_size") == 65536;
            QCOMPARE(r.status, planted ? sfp::RunStatus::mismatch : sfp::RunStatus::ok);
            QCOMPARE(sum->checksum, expected.checksum + (planted ? 1 : 0));
            QCOMPARE(r.result.digest == sfp::digest_of(expected), !planted);
            const sfp::Description d = r.result.outcome.description();
            QCOMPARE(d.fields.size(), std::size_t(3));
            QCOMPARE(d.fields[0].name, std::string("files"));
            QCOMPARE(d.fields[0].value, sfp::Description(std::uint64_t(4)));
            QCOMPARE(d.fields[2].value, sfp::Description(sfp::hex16(sum->checksum)));
        }
    }

    // Given a directory: one input set, its size every file's bytes under it.
    void aGivenDirectoryIsSizedAndRun() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString() + "/t";
        make_tree(root);
        sfp::Experiment e = dirsum_experiment(dir.path().toStdString() + "/work");
        e.inputs = {root};
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        QCOMPARE(report.cells.size(), std::size_t(4));
        for (const sfp::Cell& c : report.cells) QCOMPARE(c.file_size, std::uint64_t(1000 + 70000 + 4096));
        QCOMPARE(report.runs.size(), std::size_t(8));
        for (const sfp::RunRecord& r : report.runs) {
            QVERIFY2(r.status == sfp::RunStatus::ok, r.result.error.c_str());
            QCOMPARE(r.result.digest, sfp::digest_of(dirsum::reference(root)));
        }
        QCOMPARE(bytes_of(root + "/one.bin"), std::uint64_t(1000));  // the input is left as it was
    }

    // Without a check of its own, a given input is checked by the algorithm's kind: a tree must
    // be a directory, a pair's two paths readable files.
    void preflightChecksAGivenInputByItsKind() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString() + "/t";
        make_tree(root);
        sfp::Experiment e = dirsum_experiment(dir.path().toStdString() + "/work");
        e.inputs = {root};
        QVERIFY(sfp::preflight(e).empty());
        e.inputs = {root + "/one.bin"};
        std::vector<sfp::Problem> problems = sfp::preflight(e);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].field, std::string("inputs[0]"));
        QVERIFY2(problems[0].message.find("not a directory") != std::string::npos, problems[0].message.c_str());
        sfp::Experiment c;
        c.algorithm = "compare";
        c.inputs = {root + "/one.bin", root};
        problems = sfp::preflight(c);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].field, std::string("inputs[1]"));
    }

    // A kind of another shape is refused before anything is generated.
    void aKindOfAnotherShapeIsRefused() {
        QTemporaryDir dir;
        sfp::Experiment e = dirsum_experiment(dir.path().toStdString() + "/work");
        e.sizes = {4096};
        e.data_kind = "random";  // one file, but dirsum reads a directory
        try {
            sfp::expand(e);
            QFAIL("expanded");
        } catch (const sfp::Failure& f) {
            QVERIFY2(std::string(f.what()).starts_with("data_kind:"), f.what());
            QVERIFY2(std::string(f.what()).find("a directory") != std::string::npos, f.what());
        }
        e.data_kind = "no-such-kind";
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::expand(e));
        QVERIFY(!QFile::exists(dir.path() + "/work"));
    }
};

int main(int argc, char** argv) {
    dirsum::add();  // before anything looks an algorithm up
    TestAlgorithmUnit test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_algorithm_unit.moc"
