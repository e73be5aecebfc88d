// The declared parameter tables (sfp/parameter.hpp): every algorithm's table is well formed,
// values parse and print by type, the plan's matrix is the product over the parameters each
// strategy uses (checked against a plain loop written here), and bad options are all named.
#include <QtTest>

#include <set>

#include "sfp/cell.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/labels.hpp"
#include "sfp/option_values.hpp"
#include "sfp/parameter.hpp"
#include "sfp/preflight.hpp"
#include "sfp/registry.hpp"

namespace {

sfp::Support yes() { return sfp::Support::yes(); }
sfp::Outcome nothing(const sfp::RunSpec&, sfp::RunContext&) { return {}; }

constexpr std::string_view kThreadsAndPacking[] = {"threads", "packing"};
constexpr sfp::Strategy packer{.algorithm = "wordcount",
                               .name = "packer",
                               .description = "test: packing and threads",
                               .reads = kThreadsAndPacking,
                               .probe = yes,
                               .run = nothing};
constexpr sfp::Strategy blocker{.algorithm = "wordcount",
                                .name = "blocker",
                                .description = "test: block only",
                                .reads = sfp::kReadsBlock,
                                .probe = yes,
                                .run = nothing};
constexpr sfp::Strategy plain{
    .algorithm = "wordcount", .name = "plain", .description = "test: uses nothing", .probe = yes, .run = nothing};

bool names(const sfp::Strategy& s, std::string_view parameter) {
    return std::ranges::find(s.reads, parameter) != s.reads.end();
}

sfp::Experiment wordcount_experiment() {
    sfp::Experiment e;
    e.algorithm = "wordcount";
    e.data_kind = "text";
    e.sizes = {1000, 2000};
    e.sweeps["block_size"] = {4096, 65536};
    e.sweeps["threads"] = {1, 3};
    e.sweeps["packing"] = {1, 10, 1000};
    return e;
}

// Which problems name which field, as "field: message" lines.
QStringList lines(const std::vector<sfp::Problem>& problems) {
    QStringList out;
    for (const sfp::Problem& p : problems) out << QString::fromStdString(p.field + ": " + p.message);
    return out;
}

}  // namespace

class TestParameters : public QObject {
    Q_OBJECT
private slots:
    void everyTableIsWellFormed() {
        QVERIFY(!sfp::algorithms().empty());
        for (std::string_view algorithm : sfp::algorithms()) {
            const auto table = sfp::parameters_of(algorithm);
            QVERIFY2(table.size() >= 2, algorithm.data());
            QCOMPARE(table[0].name, std::string_view("block_size"));  // the CSV column names
            QCOMPARE(table[1].name, std::string_view("threads"));
            std::set<std::string_view> names;
            for (const sfp::Parameter& p : table) {
                QVERIFY2(names.insert(p.name).second, p.name.data());
                QVERIFY2(!p.help.empty(), p.name.data());
                if (p.type == sfp::ParameterType::text) continue;
                // The default is a legal value and survives text and back.
                QVERIFY2(sfp::limit_error(p, p.fallback).empty(), p.name.data());
                const sfp::ParsedValue back = sfp::parse_value(p, sfp::value_text(p, p.fallback));
                QVERIFY2(back.error.empty(), back.error.c_str());
                QCOMPARE(back.value, p.fallback);
                if (p.type == sfp::ParameterType::choice) QVERIFY(!p.choices.empty());
            }
        }
        QVERIFY(sfp::parameters_of("nope").empty());
    }

    void valuesParseByType_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("value");   // when ok
        QTest::addColumn<QString>("error");  // "" = ok, else a part of the message
        QTest::newRow("size") << "compare"
                              << "block_size"
                              << "64K" << qint64(65536) << "";
        QTest::newRow("size 0") << "compare"
                                << "block_size"
                                << "0" << qint64(0) << "out of range (1 to 1G)";
        QTest::newRow("size too big") << "compare"
                                      << "block_size"
                                      << "2G" << qint64(0) << "out of range";
        QTest::newRow("size junk") << "compare"
                                   << "block_size"
                                   << "4Q" << qint64(0) << "not a size";
        QTest::newRow("count") << "compare"
                               << "max_mismatches"
                               << "1000000" << qint64(1000000) << "";
        QTest::newRow("count 0") << "compare"
                                 << "max_mismatches"
                                 << "0" << qint64(0) << "0 is out of range (1 to 1000000)";
        QTest::newRow("count sign") << "compare"
                                    << "max_mismatches"
                                    << "+5" << qint64(0) << "not a whole number";
        QTest::newRow("count empty") << "compare"
                                     << "max_mismatches"
                                     << "" << qint64(0) << "not a whole number";
        QTest::newRow("range low") << "cipher"
                                   << "shift"
                                   << "-255" << qint64(-255) << "";
        QTest::newRow("range below") << "cipher"
                                     << "shift"
                                     << "-256" << qint64(0) << "out of range (-255 to 255)";
        QTest::newRow("choice") << "cipher"
                                << "transform"
                                << "widen" << qint64(2) << "";
        QTest::newRow("choice bad") << "cipher"
                                    << "transform"
                                    << "rot13" << qint64(0) << "not one of caesar, letters or widen";
        QTest::newRow("flag set") << "cipher"
                                  << "fast"
                                  << "" << qint64(1) << "";
        QTest::newRow("flag off") << "cipher"
                                  << "fast"
                                  << "false" << qint64(0) << "";
        QTest::newRow("flag bad") << "cipher"
                                  << "fast"
                                  << "maybe" << qint64(0) << "not true or false";
        QTest::newRow("threads 0") << "compare"
                                   << "threads"
                                   << "0" << qint64(0) << "";
        QTest::newRow("threads many") << "compare"
                                      << "threads"
                                      << "1025" << qint64(0) << "out of range (0 to 1024)";
    }
    void valuesParseByType() {
        QFETCH(QString, algorithm);
        QFETCH(QString, name);
        QFETCH(QString, text);
        QFETCH(qint64, value);
        QFETCH(QString, error);
        const sfp::Parameter* p = sfp::find_parameter(algorithm.toStdString(), name.toStdString());
        QVERIFY(p);
        const sfp::ParsedValue parsed = sfp::parse_value(*p, text.toStdString());
        if (error.isEmpty()) {
            QVERIFY2(parsed.error.empty(), parsed.error.c_str());
            QCOMPARE(qint64(parsed.value), value);
        } else {
            QVERIFY2(QString::fromStdString(parsed.error).contains(error), parsed.error.c_str());
        }
    }

    // The matrix against a plain loop: per strategy, per input set, the product of the values
    // of the parameters it uses, in table order (block size, threads, then packing).
    void expansionIsTheProductOverUsedParameters() {
        const sfp::Strategy list[] = {packer, blocker, plain};
        const sfp::Experiment e = wordcount_experiment();
        const std::vector<sfp::Cell> cells = sfp::expand(e, list);
        std::vector<QString> expected, got;
        for (const sfp::Strategy& s : list)
            for (std::size_t set = 0; set < e.sizes.size(); ++set) {
                const bool b = names(s, "block_size"), t = names(s, "threads"), k = names(s, "packing");
                for (std::uint64_t block : b ? e.sweeps.at("block_size") : std::vector<std::uint64_t>{0})
                    for (std::uint64_t threads : t ? e.sweeps.at("threads") : std::vector<std::uint64_t>{0})
                        for (std::uint64_t packing : k ? e.sweeps.at("packing") : std::vector<std::uint64_t>{0})
                            expected.push_back(QString("%1 %2 %3 %4 %5")
                                                   .arg(QString::fromUtf8(s.name.data(), qsizetype(s.name.size())))
                                                   .arg(set)
                                                   .arg(block)
                                                   .arg(threads)
                                                   .arg(packing));
            }
        for (const sfp::Cell& c : cells) {
            const auto it = c.parameters.find("packing");
            got.push_back(QString("%1 %2 %3 %4 %5")
                              .arg(QString::fromStdString(c.strategy))
                              .arg(c.input_set)
                              .arg(c.value("block_size"))
                              .arg(c.value("threads"))
                              .arg(it == c.parameters.end() ? 0 : it->second));
        }
        QCOMPARE(got, expected);
        QCOMPARE(cells.size(), std::size_t(2 * 2 * 3 + 2 * 2 + 2));
    }

    void unsweptParametersTakeTheirOptionThenTheirDefault() {
        const sfp::Strategy list[] = {packer};
        sfp::Experiment e = wordcount_experiment();
        e.sweeps.clear();
        e.sweeps["threads"] = {2};
        QCOMPARE(sfp::expand(e, list).at(0).parameters.at("packing"),
                 std::uint64_t(sfp::find_parameter("wordcount", "packing")->fallback));
        e.options["packing"] = "77";
        QCOMPARE(sfp::expand(e, list).at(0).parameters.at("packing"), std::uint64_t(77));
    }

    void badSweepsAreRefusedNamingTheKnownOnes() {
        const sfp::Strategy list[] = {packer};
        sfp::Experiment e = wordcount_experiment();
        e.sweeps["packing"] = {0};
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::expand(e, list));
        e.sweeps = {{"pakcing", {1}}};
        try {
            sfp::expand(e, list);
            QFAIL("an unknown swept parameter was accepted");
        } catch (const sfp::Failure& f) {
            QVERIFY2(QString(f.what()).contains("(it has: packing)"), f.what());
        }
    }

    // Unknown names and bad values of every kind, all in one preflight, each named.
    void everyBadOptionIsNamedAtOnce() {
        sfp::Experiment e;
        e.algorithm = "cipher";
        e.inputs = {"/nonexistent-sfpbench-input"};
        e.options = {{"shift", "300"}, {"transform", "rot13"}, {"fast", "maybe"}, {"colour", "red"}, {"threads", "2"}};
        const QStringList got = lines(sfp::preflight(e));
        const QString all = got.join("\n");
        QVERIFY2(all.contains("options.shift: option shift: 300 is out of range (-255 to 255)"), qPrintable(all));
        QVERIFY2(all.contains("options.transform: option transform: 'rot13' is not one of caesar, letters or widen"),
                 qPrintable(all));
        QVERIFY2(all.contains("options.fast: option fast: 'maybe' is not true or false"), qPrintable(all));
        QVERIFY2(all.contains("unknown cipher option 'colour' (known: shift, transform, fast, flush, direct, "
                              "output_exists, in_place)"),
                 qPrintable(all));
        QVERIFY2(all.contains("unknown cipher option 'threads'"), qPrintable(all));  // it has a field of its own
        QVERIFY2(all.contains("inputs[0]: "), qPrintable(all));                      // and the rest is still checked
    }

    void goodOptionsPassAndTheAlgorithmJudgesCombinations() {
        sfp::Experiment e;
        e.algorithm = "cipher";
        e.sizes = {4096};
        e.options = {{"shift", "-3"}, {"transform", "letters"}, {"fast", ""}};
        QVERIFY(lines(sfp::preflight(e)).filter("options").isEmpty());
        e.options = {{"in_place", "true"}, {"output_exists", "1"}};  // each fine, not together
        QVERIFY2(lines(sfp::preflight(e)).filter("cannot be combined").size() == 1,
                 qPrintable(lines(sfp::preflight(e)).join("\n")));
    }

    // The one accessor: block size, threads and swept options all in the cell's one map (absent =
    // unused), read, written and cleared alike; a choice is an index shown by name.
    void oneAccessorForEveryCellParameter() {
        static constexpr std::string_view orders[] = {"alpha", "inode", "random"};
        static constexpr sfp::Parameter order{
            .name = "order", .type = sfp::ParameterType::choice, .help = "test", .choices = orders, .sweepable = true};
        const sfp::Parameter& packing = *sfp::find_parameter("wordcount", "packing");
        sfp::Cell cell{.strategy = "s"};
        for (const sfp::Parameter* p : {&sfp::kBlockSizeParameter, &sfp::kThreadsParameter, &packing, &order}) {
            QVERIFY(!sfp::parameter_value(cell, *p));
            QCOMPARE(sfp::parameter_text(cell, *p), std::string("-"));
        }
        sfp::set_parameter_value(cell, sfp::kBlockSizeParameter, 65536);
        sfp::set_parameter_value(cell, sfp::kThreadsParameter, 3);
        sfp::set_parameter_value(cell, packing, 1000);
        sfp::set_parameter_value(cell, order, 0);  // index 0 is a value, not "unused"
        QCOMPARE(cell.value("block_size"), std::uint64_t(65536));
        QCOMPARE(cell.value("threads"), std::uint64_t(3));
        QCOMPARE(cell.parameters.at("packing"), std::uint64_t(1000));
        QCOMPARE(sfp::parameter_value(cell, sfp::kBlockSizeParameter), std::optional<std::int64_t>(65536));
        QCOMPARE(sfp::parameter_value(cell, order), std::optional<std::int64_t>(0));
        QCOMPARE(sfp::parameter_text(cell, sfp::kBlockSizeParameter), std::string("64K"));
        QCOMPARE(sfp::parameter_text(cell, order), std::string("alpha"));
        // the label names the tables' parameters only: this test's "order" is in no table
        QVERIFY2(sfp::cell_label(cell).starts_with("s block=64K threads=3 packing=1000 size="),
                 sfp::cell_label(cell).c_str());
        for (const sfp::Parameter* p : {&sfp::kBlockSizeParameter, &sfp::kThreadsParameter, &packing, &order}) {
            cell.parameters.erase(std::string(p->name));  // as for a strategy that does not use it
            QVERIFY(!sfp::parameter_value(cell, *p));
        }
        QVERIFY(cell.parameters.empty());
        QCOMPARE(cell.value("block_size"), std::uint64_t(0));
    }

    // Cells compare by value: equal copies are equal, and a difference in any one field or in any
    // one parameter (its value, or used by one and not the other) makes them differ.
    void cellsCompareByValue() {
        const sfp::Cell base{.strategy = "pipeline",
                             .input_set = 1,
                             .file_size = 1 << 20,
                             .parameters = {{"block_size", 4096}, {"threads", 2}, {"packing", 1000}}};
        QVERIFY(base == sfp::Cell(base));
        for (const auto& [name, value] : base.parameters) {
            sfp::Cell other = base;
            other.parameters[name] = value + 1;
            QVERIFY2(!(other == base), name.c_str());
            other.parameters.erase(name);  // unused by the other's strategy
            QVERIFY2(!(other == base), name.c_str());
        }
        sfp::Cell other = base;
        other.strategy = "loop";
        QVERIFY(other != base);
        other = base, other.input_set = 0;
        QVERIFY(other != base);
        other = base, other.file_size = 1;
        QVERIFY(other != base);
        other = base, other.reference_floor = true;
        QVERIFY(other != base);
    }

    // Labels and the cells' parameter list loop over the tables: packing is named by wordcount's
    // table, block and threads always appear ("-" when unused), a swept one only when used.
    void labelsNameTheTablesParameters() {
        const std::vector<const sfp::Parameter*> all = sfp::cell_parameters();
        QVERIFY(all.size() >= 3);
        QCOMPARE(all[0]->name, std::string_view("block_size"));
        QCOMPARE(all[1]->name, std::string_view("threads"));
        for (const sfp::Parameter* p : sfp::swept_parameters()) QVERIFY(std::count(all.begin(), all.end(), p) == 1);
        sfp::Cell cell{.strategy = "pipeline", .file_size = 1 << 20, .parameters = {{"threads", 2}}};
        cell.parameters["packing"] = 1000;
        QCOMPARE(sfp::cell_label(cell), std::string("pipeline block=- threads=2 packing=1000 size=1M"));
        QCOMPARE(sfp::swept_text(cell, "packing"), std::string("1000"));
        cell.parameters.erase("packing");
        QCOMPARE(sfp::cell_label(cell), std::string("pipeline block=- threads=2 size=1M"));
        QCOMPARE(sfp::swept_text(cell, "packing"), std::string("-"));
    }

    // The experiment's values of a parameter: its own field, its sweep, else its one option.
    void experimentValuesOfAParameter() {
        const sfp::Parameter& packing = *sfp::find_parameter("wordcount", "packing");
        sfp::Experiment e = wordcount_experiment();
        QCOMPARE(sfp::parameter_values(e, sfp::kBlockSizeParameter), (std::vector<std::int64_t>{4096, 65536}));
        QCOMPARE(sfp::parameter_values(e, sfp::kThreadsParameter), (std::vector<std::int64_t>{1, 3}));
        QCOMPARE(sfp::parameter_values(e, packing), (std::vector<std::int64_t>{1, 10, 1000}));
        e.sweeps.clear();
        QVERIFY(sfp::parameter_values(e, packing).empty());  // the plan then uses the default
        e.options["packing"] = "77";
        QCOMPARE(sfp::parameter_values(e, packing), std::vector<std::int64_t>{77});
        e.options["packing"] = "lots";
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::parameter_values(e, packing));
    }

    // A run's options are parsed once, by type, and read back as numbers; the text they came from
    // is written back the way an experiment file spells it; what the table refuses never parses.
    void optionValuesAreParsedOnceByType() {
        const auto table = sfp::parameters_of("cipher");
        const sfp::OptionValues o =
            sfp::OptionValues::parsed(table, {{"shift", "-7"}, {"transform", "letters"}, {"fast", "yes"}});
        const auto entry = [](std::string_view name) { return *sfp::find_parameter("cipher", name); };
        QCOMPARE(o.number(entry("shift")), std::int64_t(-7));
        QCOMPARE(o.number(entry("transform")), std::int64_t(1));  // the index of letters among the choices
        QCOMPARE(o.number(entry("fast")), std::int64_t(1));
        QVERIFY(o.given("shift") && !o.given("flush"));
        QCOMPARE(o.text(entry("transform")), std::string("letters"));
        QCOMPARE(o.text(entry("flush")), std::string("false"));  // the fallback, as a file writes it
        QCOMPARE(o.number(entry("flush")), entry("flush").fallback);
        const std::map<std::string, std::string> texts{{"fast", "true"}, {"shift", "-7"}, {"transform", "letters"}};
        QCOMPARE(o.texts(), texts);
        QCOMPARE(sfp::OptionValues::parsed(table, o.texts()), o);

        const sfp::OptionValues search =
            sfp::OptionValues::parsed(sfp::parameters_of("search"), {{"pattern", "a b"}, {"max_matches", "1000"}});
        QCOMPARE(search.text(*sfp::find_parameter("search", "pattern")), std::string("a b"));
        QCOMPARE(search.number(*sfp::find_parameter("search", "max_matches")), std::int64_t(1000));

        for (const auto& [given, says] : std::vector<std::pair<std::map<std::string, std::string>, std::string>>{
                 {{{"shift", "256"}}, "option shift: 256 is out of range (-255 to 255)"},
                 {{{"transform", "rot13"}}, "option transform: 'rot13' is not one of caesar, letters or widen"},
                 {{{"colour", "red"}}, "unknown option 'colour'"},
                 {{{"block_size", "4K"}}, "unknown option 'block_size'"}}) {
            try {
                sfp::OptionValues::parsed(table, given);
                QFAIL(("parsed: " + says).c_str());
            } catch (const sfp::Failure& f) {
                QCOMPARE(std::string(f.what()), says);
            }
        }
    }

    void decadesOnlyForWideCounts() {
        QVERIFY(sfp::spans_decades(*sfp::find_parameter("wordcount", "packing")));  // 1 to 100000
        QVERIFY(!sfp::spans_decades(sfp::kThreadsParameter));                       // from 0
        QVERIFY(!sfp::spans_decades(sfp::kBlockSizeParameter));                     // a size: log2
    }
};

QTEST_GUILESS_MAIN(TestParameters)
#include "test_parameters.moc"
