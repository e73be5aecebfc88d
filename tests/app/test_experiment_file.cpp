// Experiment specs: what is saved is read back exactly; a bad field is named in the error.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>

#include "atomic_write.hpp"
#include "experiment_file.hpp"
#include "sfp/parameter.hpp"

namespace {

sfp::Experiment generated_spec() {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.data_kind = "pair";
    e.sizes = {1 << 20, 640000000};
    e.strategies = {"read", "mmap-mt"};
    e.sweeps["block_size"] = {512, 4096, 1 << 20};
    e.sweeps["threads"] = {1, 2};
    e.repetitions = 3;
    e.warmups = 0;
    e.cache = sfp::CacheMode::cold;
    e.order = sfp::Order::sequential;
    e.seed = (1ull << 60) + 7;  // beyond 2^53: must survive as a string
    e.options = {{"max_mismatches", "16"}};
    e.workdir = "/tmp/somewhere, with \"quotes\"";
    return e;
}

// Every sweepable parameter's values as the plan expands them: the ones given, else the table's
// fallback (a file always states block sizes and threads; a spec in memory may leave them out).
std::map<std::string, std::vector<std::uint64_t>> values_of(const sfp::Experiment& e) {
    std::map<std::string, std::vector<std::uint64_t>> out;
    for (const sfp::Parameter& p : sfp::parameters_of(e.algorithm))
        if (p.sweepable) out[std::string(p.name)] = sfp::swept_values(e, p);
    return out;
}

void compare_specs(const sfp::Experiment& a, const sfp::Experiment& b) {
    QCOMPARE(a.version, b.version);
    QCOMPARE(a.algorithm, b.algorithm);
    QCOMPARE(a.inputs, b.inputs);
    QCOMPARE(a.data_kind, b.data_kind);
    QCOMPARE(a.sizes, b.sizes);
    QCOMPARE(a.strategies, b.strategies);
    QCOMPARE(values_of(a), values_of(b));
    QCOMPARE(a.repetitions, b.repetitions);
    QCOMPARE(a.warmups, b.warmups);
    QCOMPARE(a.cache, b.cache);
    QCOMPARE(a.order, b.order);
    QCOMPARE(a.seed, b.seed);
    QCOMPARE(a.options, b.options);
    QCOMPARE(a.workdir, b.workdir);
    QCOMPARE(a.limits_in_rounds, b.limits_in_rounds);
    QCOMPARE(a.timeline, b.timeline);
}

QJsonObject valid_json() { return core::experiment_to_json(generated_spec()); }

}  // namespace

class TestExperimentFile : public QObject {
    Q_OBJECT
private slots:
    void roundTripsGeneratedData() {
        const sfp::Experiment e = generated_spec();
        compare_specs(core::experiment_from_json(core::experiment_to_json(e)), e);
    }

    // Issue 39 §2: a lesson about the limit asks for limits in rounds in its file; `run
    // --limits-in-rounds` and the window's form set the same field.
    void roundTripsLimitsInRounds() {
        sfp::Experiment e = generated_spec();
        e.order = sfp::Order::interleaved;
        e.limits_in_rounds = true;
        const QJsonObject json = core::experiment_to_json(e);
        QCOMPARE(json["limits_in_rounds"].toBool(), true);
        compare_specs(core::experiment_from_json(json), e);
        compare_specs(core::experiment_from_json(QJsonDocument::fromJson(core::experiment_text(e)).object()), e);
        QJsonObject without = json;
        without.remove(QStringLiteral("limits_in_rounds"));
        QCOMPARE(core::experiment_from_json(without).limits_in_rounds, false);  // the default: the kept limits
    }

    // Issue 44: lesson 10 asks for every run's timeline in its file; `run --timeline` and the
    // window's Timeline row set the same field, written only when true.
    void roundTripsTimeline() {
        sfp::Experiment e = generated_spec();
        e.timeline = true;
        const QJsonObject json = core::experiment_to_json(e);
        QCOMPARE(json["timeline"].toBool(), true);
        compare_specs(core::experiment_from_json(json), e);
        QJsonObject without = json;
        without.remove(QStringLiteral("timeline"));
        QCOMPARE(core::experiment_from_json(without).timeline, false);
        QVERIFY(!core::experiment_to_json(generated_spec()).contains("timeline"));
        QJsonObject bad = json;
        bad["timeline"] = QStringLiteral("yes");
        try {
            core::experiment_from_json(bad);
            QFAIL("\"timeline\": \"yes\" was taken");
        } catch (const core::SpecError& err) {
            QVERIFY2(QString(err.what()).contains("field 'timeline': expected true or false"), err.what());
        }
    }

    void roundTripsSweptOptions() {
        sfp::Experiment e;
        e.algorithm = "wordcount";
        e.data_kind = "text";
        e.sizes = {1 << 20};
        e.sweeps["packing"] = {1, 1000, 100000};
        const sfp::Experiment back = core::experiment_from_json(core::experiment_to_json(e));
        QCOMPARE(values_of(back), values_of(e));
        QJsonObject json = core::experiment_to_json(e);
        QCOMPARE(json["parameters"].toObject()["packing"].toArray(), (QJsonArray{1, 1000, 100000}));
        json["parameters"] = QJsonObject{{"packing", QJsonArray{1, 0}}};
        try {
            core::experiment_from_json(json);
            QFAIL("packing 0 was accepted");
        } catch (const core::SpecError& err) {
            QCOMPARE(err.field, std::string("parameters.packing[1]"));
        }
        json["parameters"] = QJsonObject{{"packing", QJsonArray{1}}};
        json["packing"] = QJsonArray{1};  // the version-1 place is unknown in version 2
        QVERIFY_THROWS_EXCEPTION(core::SpecError, core::experiment_from_json(json));
        json.remove("packing");
        json["algorithm"] = "compare";
        json["data_kind"] = "pair";
        try {
            core::experiment_from_json(json);
            QFAIL("packing was accepted for compare");
        } catch (const core::SpecError& err) {
            QVERIFY2(QString(err.what()).contains("compare has no swept option 'packing' (it has none)"), err.what());
        }
    }

    // Files saved before the parameter tables: swept options as top-level fields.
    void readsVersionOne() {
        const QJsonObject v1{{"version", 1},
                             {"algorithm", "wordcount"},
                             {"sizes", QJsonArray{"1M"}},
                             {"block_sizes", QJsonArray{"4K"}},
                             {"threads", QJsonArray{1, 2}},
                             {"packing", QJsonArray{1, 1000}}};
        const sfp::Experiment e = core::experiment_from_json(v1);
        QCOMPARE(e.sweeps.at("packing"), (std::vector<std::uint64_t>{1, 1000}));
        QCOMPARE(e.sweeps.at("threads"), (std::vector<std::uint64_t>{1, 2}));
        QCOMPARE(e.data_kind, std::string("text"));
        QCOMPARE(core::experiment_to_json(e)["version"].toInt(), 2);  // saved again: the current version
        QJsonObject bad = v1;
        bad["parameters"] = QJsonObject{};  // a version-2 field in a version-1 file
        QVERIFY_THROWS_EXCEPTION(core::SpecError, core::experiment_from_json(bad));
        // a bad value is named as the version-1 file spells it, not as version 2 would
        const std::pair<QJsonArray, std::string> wrong[] = {
            {QJsonArray{0}, "packing[0]"}, {QJsonArray{1, 1}, "packing[1]"}, {QJsonArray{}, "packing"}};
        for (const auto& [values, field] : wrong) {
            bad = v1;
            bad["packing"] = values;
            try {
                core::experiment_from_json(bad);
                QFAIL(qPrintable("accepted packing " + QJsonDocument(values).toJson(QJsonDocument::Compact)));
            } catch (const core::SpecError& err) {
                QCOMPARE(err.field, field);
            }
        }
        QJsonObject v2 = core::experiment_to_json(e);  // the same value in version 2: "parameters.packing[0]"
        v2["parameters"] = QJsonObject{{"packing", QJsonArray{0}}};
        try {
            core::experiment_from_json(v2);
            QFAIL("packing 0 was accepted");
        } catch (const core::SpecError& err) {
            QCOMPARE(err.field, std::string("parameters.packing[0]"));
        }
    }

    // One reading names every problem, in reading order; the first is also `field`/`reason`.
    void namesEveryProblemAtOnce() {
        QJsonObject json = valid_json();
        json["threads"] = QJsonArray{1, -1, 2000};
        json["block_sizes"] = QJsonArray{"4Q", "4K", "4K"};
        json["cache"] = "warm";
        json["repetitons"] = 3;
        try {
            core::experiment_from_json(json);
            QFAIL("accepted a spec with four bad fields");
        } catch (const core::SpecError& e) {
            QStringList fields;
            for (const core::SpecProblem& p : e.problems) fields << QString::fromStdString(p.field);
            // threads[2] (2000) is the validator's to judge, once the list reads
            QCOMPARE(fields, (QStringList{"repetitons", "block_sizes[0]", "threads[1]", "cache"}));
            QCOMPARE(e.field, std::string("repetitons"));
            QVERIFY2(QString(e.what()).startsWith("4 problems:\n  field 'repetitons': unknown field"), e.what());
        }
        // the checks after the reading: a duplicate block size once the bad one is fixed
        json = valid_json();
        json["block_sizes"] = QJsonArray{"4K", "4K"};
        json["threads"] = QJsonArray{1, 1};
        try {
            core::experiment_from_json(json);
            QFAIL("accepted duplicates");
        } catch (const core::SpecError& e) {
            QCOMPARE(e.problems.size(), std::size_t(2));
            QCOMPARE(e.problems[0].field, std::string("block_sizes[1]"));
            QCOMPARE(e.problems[1].field, std::string("threads[1]"));
        }
    }

    void roundTripsGivenInputs() {
        sfp::Experiment e;
        e.algorithm = "compare";
        e.inputs = {"/data/a b.bin", "/data/ä.bin"};
        e.strategies = {};  // none = every strategy of the algorithm
        e.sweeps["threads"] = {0};
        compare_specs(core::experiment_from_json(core::experiment_to_json(e)), e);
    }

    void writesSizesAsPeopleDo() {
        const QJsonObject json = valid_json();
        QCOMPARE(json["block_sizes"].toArray(), (QJsonArray{"512", "4K", "1M"}));
        QCOMPARE(json["sizes"].toArray(), (QJsonArray{"1M", 640000000}));
        QCOMPARE(json["version"].toInt(), 2);
        QCOMPARE(json["seed"].toString(), QString::number((1ull << 60) + 7));
    }

    void readsSizesAsNumbersOrText() {
        QJsonObject json = valid_json();
        json["block_sizes"] = QJsonArray{512, "4k", "64K", 1048576.0};
        json["sizes"] = QJsonArray{"1G", 1000};
        json["seed"] = 42;
        json.remove("data_kind");  // defaults to what the algorithm reads
        const sfp::Experiment e = core::experiment_from_json(json);
        QCOMPARE(e.sweeps.at("block_size"), (std::vector<std::uint64_t>{512, 4096, 65536, 1048576}));
        QCOMPARE(e.sizes, (std::vector<std::uint64_t>{1ull << 30, 1000}));
        QCOMPARE(e.seed, std::uint64_t(42));
        QCOMPARE(e.data_kind, std::string("pair"));
    }

    void fileTextListsFieldsInReadingOrder() {
        const QByteArray text = core::experiment_text(generated_spec());
        QVERIFY2(text.startsWith("{\n  \"version\": 2,\n  \"algorithm\": \"compare\",\n"), text.constData());
        QVERIFY2(text.contains("\n  \"block_sizes\": [\"512\",\"4K\",\"1M\"],\n"), text.constData());
        compare_specs(core::experiment_from_json(QJsonDocument::fromJson(text).object()), generated_spec());
    }

    void defaultsForOptionalFields() {
        const QJsonObject json{{"version", 1}, {"algorithm", "compare"}, {"sizes", QJsonArray{"1M"}}};
        const sfp::Experiment e = core::experiment_from_json(json);
        const sfp::Experiment d;
        QCOMPARE(e.repetitions, d.repetitions);
        QCOMPARE(e.warmups, d.warmups);
        QCOMPARE(values_of(e), values_of(d));
        QCOMPARE(e.cache, d.cache);
        QCOMPARE(e.order, d.order);
        QVERIFY(e.strategies.empty());
    }

    void namesTheBadField_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");  // Undefined: remove the key
        QTest::addColumn<QString>("message");   // what() starts with this

        QTest::newRow("bad size") << "block_sizes" << QJsonValue(QJsonArray{"4K", "64K", "4Q"})
                                  << "field 'block_sizes[2]': expected a size like 4K";
        QTest::newRow("size not a list") << "block_sizes" << QJsonValue("4K") << "field 'block_sizes': expected a list";
        QTest::newRow("block 0") << "block_sizes" << QJsonValue(QJsonArray{0})
                                 << "field 'block_sizes[0]': block size 0 is out of range";
        QTest::newRow("block twice") << "block_sizes" << QJsonValue(QJsonArray{"4K", 4096})
                                     << "field 'block_sizes[1]': block size 4K is listed twice";
        QTest::newRow("negative threads")
            << "threads" << QJsonValue(QJsonArray{1, -1})
            << "field 'threads[1]': expected a whole number (0 = all online CPUs), got -1";
        QTest::newRow("too many threads") << "threads" << QJsonValue(QJsonArray{2000})
                                          << "field 'threads[0]': thread count 2000 is out of range (0 to 1024)";
        QTest::newRow("half a thread") << "threads" << QJsonValue(QJsonArray{1.5}) << "field 'threads[0]'";
        QTest::newRow("no threads") << "threads" << QJsonValue(QJsonArray{}) << "field 'threads': needs at least one";
        QTest::newRow("zero reps") << "repetitions" << QJsonValue(0)
                                   << "field 'repetitions': repetitions must be 1 to 100000";
        QTest::newRow("text reps") << "repetitions" << QJsonValue("five")
                                   << "field 'repetitions': expected a whole number";
        QTest::newRow("cache") << "cache" << QJsonValue("warm")
                               << "field 'cache': expected hot or hot-written or cold, got \"warm\"";
        QTest::newRow("order") << "order" << QJsonValue("random")
                               << "field 'order': expected interleaved or sequential";
        QTest::newRow("strategy") << "strategies" << QJsonValue(QJsonArray{"read", "nope"})
                                  << "field 'strategies[1]': unknown compare strategy 'nope' (known: ";
        QTest::newRow("algorithm") << "algorithm" << QJsonValue("nope")
                                   << "field 'algorithm': unknown algorithm 'nope'";
        QTest::newRow("version 3") << "version" << QJsonValue(3)
                                   << "field 'version': this sfpbench reads versions 1 to 2";
        QTest::newRow("no version") << "version" << QJsonValue(QJsonValue::Undefined) << "field 'version': missing";
        QTest::newRow("no algorithm") << "algorithm" << QJsonValue(QJsonValue::Undefined)
                                      << "field 'algorithm': missing";
        QTest::newRow("typo") << "repetitons" << QJsonValue(3) << "field 'repetitons': unknown field";
        QTest::newRow("seed") << "seed" << QJsonValue(-1) << "field 'seed': expected a whole number";
        // 9007199254740993 written as a number reads as 2^53: never taken for another seed silently.
        QTest::newRow("seed 2^53+1") << "seed"
                                     << QJsonValue(QJsonDocument::fromJson("[9007199254740993]").array().at(0))
                                     << "field 'seed': a number from 2^53 (9007199254740992) on is rounded";
        QTest::newRow("option") << "options" << QJsonValue(QJsonObject{{"a", QJsonArray{1}}}) << "field 'options.a'";
        QTest::newRow("kind") << "data_kind" << QJsonValue("random")
                              << "field 'data_kind': 'random' makes one file per input set, but compare reads two";
        QTest::newRow("no sizes") << "sizes" << QJsonValue(QJsonArray{}) << "field 'sizes': needs at least one";
        QTest::newRow("inputs and sizes")
            << "inputs" << QJsonValue(QJsonArray{"a", "b"}) << "field 'inputs': give either";
        QTest::newRow("workdir") << "workdir" << QJsonValue(5) << "field 'workdir': expected a string, got 5";
        QTest::newRow("limits_in_rounds") << "limits_in_rounds" << QJsonValue("yes")
                                          << "field 'limits_in_rounds': expected true or false, got \"yes\"";
        // valid_json() runs in sequential order, where there are no rounds
        QTest::newRow("rounds, sequential") << "limits_in_rounds" << QJsonValue(true)
                                            << "field 'limits_in_rounds': limits in rounds need the interleaved order";
    }
    void namesTheBadField() {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject json = valid_json();
        if (value.isUndefined())
            json.remove(key);
        else
            json[key] = value;
        try {
            core::experiment_from_json(json);
            QFAIL("accepted a bad spec");
        } catch (const core::SpecError& e) {
            QVERIFY2(QString(e.what()).startsWith(message), e.what());
        }
    }

    void inputCountMustMatchTheAlgorithm() {
        sfp::Experiment e;
        e.inputs = {"only-one"};
        try {
            core::check_experiment(e);
            QFAIL("accepted one input for compare");
        } catch (const core::SpecError& err) {
            QCOMPARE(err.field, std::string("inputs"));
            QCOMPARE(err.reason, std::string("compare needs two files; got one: 'only-one'"));
        }
    }

    void savesAndLoadsFiles() {
        QTemporaryDir dir;
        const QString path = dir.filePath("spec.json");
        core::save_experiment(path, generated_spec());
        compare_specs(core::load_experiment(path), generated_spec());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"spec.json"});  // no temporary left
    }

    void loadErrorsNameThePath_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\n  \"version\": 1,\n  oops\n}")
                                  << "not valid JSON at line 3, column ";
        QTest::newRow("array") << QByteArray("[1, 2]") << "expected a JSON object";
        QTest::newRow("bad field") << QByteArray(R"({"version": 1, "algorithm": "compare", "sizes": ["1X"]})")
                                   << "field 'sizes[0]': expected a size like 4K";
        // JSON keeps the last of a key given twice: refused, naming it, wherever it is
        QTest::newRow("key twice") << QByteArray(
                                          "{\"version\": 1, \"algorithm\": \"compare\",\n \"repetitions\": 5, "
                                          "\"repetitions\": 50}")
                                   << "field 'repetitions': given twice (again at line 2, column 20)";
        QTest::newRow("key twice, escaped")
            << QByteArray(R"({"version": 1, "sweeps": {"threads": [1], "thr\u0065ads": [2]}})")
            << "field 'sweeps.threads': given twice";
        QTest::newRow("NUL in a path") << QByteArray(
                                              R"({"version": 1, "algorithm": "compare", "inputs": ["a", "b\u0000c"]})")
                                       << "field 'inputs[1]': holds a NUL character";
        QTest::newRow("same key, other objects")
            << QByteArray(R"({"version": 1, "a": {"x": 1}, "b": {"x": 1}, "sizes": ["1X"]})")
            << "field 'a': unknown field";  // no duplicate: the next problem
    }
    void loadErrorsNameThePath() {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.json");
        core::write_atomically(path, content);
        try {
            core::load_experiment(path);
            QFAIL("loaded a bad file");
        } catch (const core::SpecError& e) {
            const QString what = e.what();
            QVERIFY2(what.startsWith("experiment '" + path + "': "), e.what());
            QVERIFY2(what.contains(message), e.what());
        }
    }

    void onlyRegularSmallFiles_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("device") << "/dev/zero"
                                << "it is a character device";
        QTest::newRow("directory") << "/tmp"
                                   << "it is a directory";
        QTest::newRow("huge") << "huge.json"
                              << "over the 1 MiB an experiment file may have";
        QTest::newRow("fifo") << "fifo"
                              << "it is a FIFO";
    }
    void onlyRegularSmallFiles() {
        QFETCH(QString, path);
        QFETCH(QString, message);
        QTemporaryDir dir;
        core::write_atomically(dir.filePath("huge.json"), QByteArray(2 << 20, ' '));
        QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath("fifo")).constData(), 0600), 0);
        try {
            core::load_experiment(path.startsWith('/') ? path : dir.filePath(path));
            QFAIL("loaded it");
        } catch (const core::SpecError& e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }

    void missingFileIsASpecError() {
        QVERIFY_THROWS_EXCEPTION(core::SpecError, core::load_experiment("/nonexistent/spec.json"));
    }
};

QTEST_APPLESS_MAIN(TestExperimentFile)
#include "test_experiment_file.moc"
