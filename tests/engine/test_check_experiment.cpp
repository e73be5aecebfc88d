// The one validator of a spec (sfp::check_experiment): each kind of problem named by its field
// with the message written out here (not built by the code under test), several at once, a
// value listed twice refused naming it, threads 0 valid (all online CPUs); the runner's plan and
// preflight report exactly its problems.
#include <QtTest>

#include "sfp/cell.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/expand.hpp"
#include "sfp/failure.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "support/temp_files.hpp"

namespace {

// A valid spec: two compare strategies on a generated 64K pair.
sfp::Experiment valid() {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.strategies = {"read", "mmap"};
    e.sizes = {64 << 10};
    e.repetitions = 1;
    return e;
}

sfp::Experiment given(std::vector<std::string> inputs) {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.inputs = std::move(inputs);
    return e;
}

sfp::Experiment generated(std::string algorithm, std::string kind, std::vector<std::uint64_t> sizes) {
    sfp::Experiment e;
    e.algorithm = std::move(algorithm);
    e.data_kind = std::move(kind);
    e.sizes = std::move(sizes);
    return e;
}

// "field: message" per problem (problems_text, which the runner's Failure says too).
QStringList lines(const std::vector<sfp::Problem>& problems) {
    return QString::fromStdString(sfp::problems_text(problems)).split('\n', Qt::SkipEmptyParts);
}

}  // namespace

class TestCheckExperiment : public QObject {
    Q_OBJECT
private slots:
    void aValidSpecHasNoProblem() {
        QCOMPARE(lines(sfp::check_experiment(valid())), QStringList{});
        sfp::Experiment e = valid();
        e.sweeps["threads"] = {0, 1};  // 0 = all online CPUs, a valid count
        e.strategies = {};             // none = all of the algorithm's
        QCOMPARE(lines(sfp::check_experiment(e)), QStringList{});
    }

    // Each kind of problem, alone: the one line it gives.
    void eachKindOfProblem_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        // The names known are the registry's, as it lists them (a new strategy is no change here).
        QStringList algorithms, strategies;
        for (std::string_view a : sfp::algorithms()) algorithms << QString::fromUtf8(a.data(), qsizetype(a.size()));
        for (const sfp::Strategy* s : sfp::strategies_of("compare"))
            strategies << QString::fromUtf8(s->name.data(), qsizetype(s->name.size()));
        QTest::newRow("algorithm") << "algorithm"
                                   << "algorithm: unknown algorithm 'nope' (known: " + algorithms.join(", ") + ")";
        QTest::newRow("strategy") << "strategy"
                                  << "strategies[1]: unknown compare strategy 'nope' (known: " + strategies.join(", ") +
                                         ")";
        QTest::newRow("strategy twice") << "strategy twice"
                                        << "strategies[2]: strategy 'read' is listed twice";
        QTest::newRow("no block") << "no block"
                                  << "block_sizes: needs at least one block size";
        QTest::newRow("block 0") << "block 0"
                                 << "block_sizes[0]: block size 0 is out of range (1 to 1G)";
        QTest::newRow("block twice") << "block twice"
                                     << "block_sizes[1]: block size 4K is listed twice";
        QTest::newRow("no threads") << "no threads"
                                    << "threads: needs at least one thread count (0 = all online CPUs)";
        QTest::newRow("threads 2000") << "threads 2000"
                                      << "threads[1]: thread count 2000 is out of range (0 to 1024)";
        QTest::newRow("threads twice") << "threads twice"
                                       << "threads[1]: thread count 2 is listed twice";
        QTest::newRow("repetitions") << "repetitions"
                                     << "repetitions: repetitions must be 1 to 100000";
        QTest::newRow("warmups") << "warmups"
                                 << "warmups: warm-ups must be 0 to 100000";
        QTest::newRow("unknown option")
            << "unknown option"
            << "options.nonsense: unknown compare option 'nonsense' (known: max_mismatches)";
        QTest::newRow("bad option")
            << "bad option"
            << "options.max_mismatches: option max_mismatches: -3 is out of range (1 to 1000000)";
        QTest::newRow("empty option") << "empty option"
                                      << "options: an option has an empty name";
        QTest::newRow("unknown sweep") << "unknown sweep"
                                       << "parameters.packing: compare has no swept option 'packing' (it has none)";
        QTest::newRow("sweep 0") << "sweep 0"
                                 << "parameters.packing[0]: packing 0 is out of range (1 to 100000)";
        QTest::newRow("sweep twice") << "sweep twice"
                                     << "parameters.packing[1]: packing 10 is listed twice";
        QTest::newRow("input count") << "input count"
                                     << "inputs: compare needs two files; got one: '/a'";
        QTest::newRow("empty input") << "empty input"
                                     << "inputs[1]: an input path is empty";
        QTest::newRow("inputs and sizes")
            << "inputs and sizes"
            << "inputs: give either inputs (existing files) or data_kind and sizes (generated data), not both";
        QTest::newRow("no data") << "no data"
                                 << "inputs: give inputs (existing files) or sizes (generated data)";
        QTest::newRow("no sizes") << "no sizes"
                                  << "sizes: needs at least one file size for the generated data";
        QTest::newRow("size twice") << "size twice"
                                    << "sizes[1]: size 64K is listed twice";
        QTest::newRow("unknown kind")
            << "unknown kind"
            << "data_kind: unknown kind 'nope' (pair, early-pair, random, text, needles or tree)";
        QTest::newRow("kind paths")
            << "kind paths"
            << "data_kind: 'random' makes one file per input set, but compare reads two files per run";
        QTest::newRow("kind shape") << "kind shape"
                                    << "data_kind: 'text' makes files, but iterate reads a directory";
    }
    void eachKindOfProblem() {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        sfp::Experiment e = valid();
        if (kind == "algorithm") e.algorithm = "nope";
        if (kind == "strategy") e.strategies = {"read", "nope"};
        if (kind == "strategy twice") e.strategies = {"read", "mmap", "read"};
        if (kind == "no block") e.sweeps["block_size"] = {};
        if (kind == "block 0") e.sweeps["block_size"] = {0};
        if (kind == "block twice") e.sweeps["block_size"] = {4096, 4096};
        if (kind == "no threads") e.sweeps["threads"] = {};
        if (kind == "threads 2000") e.sweeps["threads"] = {1, 2000};
        if (kind == "threads twice") e.sweeps["threads"] = {2, 2};
        if (kind == "repetitions") e.repetitions = 0;
        if (kind == "warmups") e.warmups = 100001;
        if (kind == "unknown option") e.options = {{"nonsense", "1"}};
        if (kind == "bad option") e.options = {{"max_mismatches", "-3"}};
        if (kind == "empty option") e.options = {{"", "1"}};
        if (kind == "unknown sweep") e.sweeps = {{"packing", {1}}};
        if (kind.startsWith("sweep")) {
            e.algorithm = "wordcount";
            e.strategies = {};
            e.sweeps = {
                {"packing", kind == "sweep 0" ? std::vector<std::uint64_t>{0} : std::vector<std::uint64_t>{10, 10}}};
        }
        if (kind == "input count") e = given({"/a"});
        if (kind == "empty input") e = given({"/a", ""});
        if (kind == "inputs and sizes") e.inputs = {"/a", "/b"};
        if (kind == "no data") e.sizes = {};
        if (kind == "no sizes") e = generated("compare", "pair", {});
        if (kind == "size twice") e.sizes = {64 << 10, 64 << 10};
        if (kind == "unknown kind") e.data_kind = "nope";
        if (kind == "kind paths") e.data_kind = "random";
        if (kind == "kind shape") e = generated("iterate", "text", {1 << 20});
        QCOMPARE(lines(sfp::check_experiment(e)), QStringList{expected});
    }

    // Repetitions run 1 to kMaxRepetitions (100000) and warm-ups 0 to it: each bound on both sides
    // and a value between.
    void countsAreBoundedOnBothSides_data() {
        QTest::addColumn<unsigned>("repetitions");
        QTest::addColumn<unsigned>("warmups");
        QTest::addColumn<QStringList>("expected");
        const QString reps = "repetitions: repetitions must be 1 to 100000";
        const QString warm = "warmups: warm-ups must be 0 to 100000";
        QTest::newRow("lowest") << 1u << 0u << QStringList{};
        QTest::newRow("between") << 317u << 12u << QStringList{};
        QTest::newRow("highest") << 100000u << 100000u << QStringList{};
        QTest::newRow("repetitions 0") << 0u << 0u << QStringList{reps};
        QTest::newRow("one past the highest") << 100001u << 100001u << QStringList{reps, warm};
    }
    void countsAreBoundedOnBothSides() {
        QFETCH(unsigned, repetitions);
        QFETCH(unsigned, warmups);
        QFETCH(QStringList, expected);
        QCOMPARE(sfp::kMaxRepetitions, 100000u);
        sfp::Experiment e = valid();
        e.repetitions = repetitions;
        e.warmups = warmups;
        QCOMPARE(lines(sfp::check_experiment(e)), expected);
    }

    // Given inputs: an algorithm of one input takes exactly one, compare exactly two, wordcount
    // and iterate (several inputs: files, trees) one or more; one fewer and one more on each side.
    void inputCountsOnBothSides_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("expected");
        QTest::newRow("cipher 1") << "cipher" << 1 << "";
        QTest::newRow("cipher 2") << "cipher" << 2 << "inputs: cipher needs one file; got two: '/input0', '/input1'";
        QTest::newRow("iterate 1") << "iterate" << 1 << "";
        QTest::newRow("iterate 3") << "iterate" << 3 << "";
        QTest::newRow("compare 1") << "compare" << 1 << "inputs: compare needs two files; got one: '/input0'";
        QTest::newRow("compare 2") << "compare" << 2 << "";
        QTest::newRow("compare 3") << "compare" << 3
                                   << "inputs: compare needs two files; got three: '/input0', '/input1', '/input2'";
        QTest::newRow("wordcount 1") << "wordcount" << 1 << "";
        QTest::newRow("wordcount 3") << "wordcount" << 3 << "";
    }
    void inputCountsOnBothSides() {
        QFETCH(QString, algorithm);
        QFETCH(int, count);
        QFETCH(QString, expected);
        sfp::Experiment e;
        e.algorithm = algorithm.toStdString();
        for (int i = 0; i < count; ++i) e.inputs.push_back("/input" + std::to_string(i));
        QStringList about_inputs;
        for (const QString& line : lines(sfp::check_experiment(e)))
            if (line.startsWith("inputs")) about_inputs << line;
        QCOMPARE(about_inputs, expected.isEmpty() ? QStringList{} : QStringList{expected});
    }

    // Every problem at once, in field order; the plan refuses with all of them, preflight lists them.
    void everyProblemAtOnce() {
        sfp::Experiment e = valid();
        e.sweeps["block_size"] = {0};
        e.sweeps["threads"] = {0};
        e.options = {{"max_mismatches", "-3"}, {"nonsense", "1"}};
        e.sizes = {1024, 1024};
        const QStringList expected = {
            "block_sizes[0]: block size 0 is out of range (1 to 1G)",
            "options.max_mismatches: option max_mismatches: -3 is out of range (1 to 1000000)",
            "options.nonsense: unknown compare option 'nonsense' (known: max_mismatches)",
            "sizes[1]: size 1K is listed twice"};
        QCOMPARE(lines(sfp::check_experiment(e)), expected);
        try {
            sfp::expand(e);
            QFAIL("expanded an invalid spec");
        } catch (const sfp::Failure& f) {
            QCOMPARE(QString(f.what()), expected.join('\n'));
        }
        e.workdir = QDir::tempPath().toStdString();
        const QStringList first = lines(sfp::preflight(e)).mid(0, expected.size());
        QCOMPARE(first, expected);
    }

    // Threads 0 runs on all online CPUs; given beside the same count as a number, it is one cell
    // (a spec valid on one machine stays valid on another).
    void threadsZeroIsAllOnlineCpus() {
        sfp::Experiment e = valid();
        e.strategies = {"pread-mt"};
        e.sweeps["threads"] = {0, sfp::online_cpus()};
        QCOMPARE(lines(sfp::check_experiment(e)), QStringList{});
        const std::vector<sfp::Cell> cells = sfp::expand(e);
        QCOMPARE(cells.size(), std::size_t(1));
        QCOMPARE(cells[0].value("threads"), std::uint64_t(sfp::online_cpus()));
    }

    // A bad option reads the same wherever it is found: the validator (every front end asks it:
    // the CLI's flags, the file reader, the window's form), run_once (which asks it too) and the
    // algorithm's own typed reader (its options struct, read from the table), reached here through
    // the runner's seam that skips the validator. The message is written out here.
    void aBadOptionReadsTheSameEverywhere_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("compare") << "compare"
                                 << "read"
                                 << "max_mismatches"
                                 << "-3"
                                 << "option max_mismatches: -3 is out of range (1 to 1000000)";
        QTest::newRow("cipher") << "cipher"
                                << "stream"
                                << "transform"
                                << "rot13"
                                << "option transform: 'rot13' is not one of caesar, letters or widen";
        QTest::newRow("wordcount") << "wordcount"
                                   << "pipeline"
                                   << "packing"
                                   << "0"
                                   << "option packing: 0 is out of range (1 to 100000)";
        QTest::newRow("iterate") << "iterate"
                                 << "fs"
                                 << "seed"
                                 << "x"
                                 << "option seed: 'x' is not a whole number (0 to 9223372036854775807)";
    }
    void aBadOptionReadsTheSameEverywhere() {
        QFETCH(QString, algorithm);
        QFETCH(QString, strategy);
        QFETCH(QString, option);
        QFETCH(QString, value);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string a = dir.filePath("a").toStdString(), b = dir.filePath("b").toStdString();
        testing::write_file(a, testing::pattern(5000, 1));
        testing::write_file(b, testing::pattern(5000, 2));
        sfp::RunSpec spec;
        spec.algorithm = algorithm.toStdString();
        spec.strategy = strategy.toStdString();
        spec.inputs = algorithm == "compare"   ? std::vector<std::string>{a, b}
                      : algorithm == "iterate" ? std::vector<std::string>{dir.path().toStdString()}
                                               : std::vector<std::string>{a};
        if (algorithm == "cipher") spec.output = dir.filePath("out").toStdString();
        sfp::Experiment e = sfp::experiment_of(spec);  // a bad value cannot be parsed into a spec
        e.options[option.toStdString()] = value.toStdString();

        const std::string field = "options." + option.toStdString();
        QCOMPARE(lines(sfp::check_experiment(e)), QStringList{QString::fromStdString(field) + ": " + message});
        // The one parse into a run's typed options (the planner's, a one-run command's flags) refuses
        // it in the same words: no run can be handed it.
        try {
            sfp::OptionValues::parsed(sfp::parameters_of(spec.algorithm),
                                      {{option.toStdString(), value.toStdString()}});
            QFAIL("a bad option parsed into a run's options");
        } catch (const sfp::Failure& f) {
            QCOMPARE(QString::fromStdString(f.what()), message);
        }
    }

    // run_once judges its spec by the one validator, not a check of its own: the same words as
    // an experiment file's, every problem at once.
    void runOnceAsksTheValidator() {
        sfp::RunSpec spec;
        spec.algorithm = "compare";
        spec.strategy = "read";
        spec.inputs = {"/nonexistent/a", "/nonexistent/b"};
        spec.block_size = 0;
        spec.threads = 2000;
        sfp::Progress progress;
        const sfp::RunResult r = sfp::run_once(spec, progress);
        QCOMPARE(r.status, sfp::Status::error);
        QCOMPARE(QString::fromStdString(r.error),
                 QStringLiteral("block_sizes[0]: block size 0 is out of range (1 to 1G)\n"
                                "threads[0]: thread count 2000 is out of range (0 to 1024)"));
    }
};

QTEST_APPLESS_MAIN(TestCheckExperiment)
#include "test_check_experiment.moc"
