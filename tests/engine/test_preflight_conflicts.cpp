// Options a strategy refuses (cipher's direct with mapped strategies, `cp` or `copy-range`, or an unaligned
// block) are found by preflight per cell, before anything runs: checked against a table of the
// rules written here, and against what each strategy's run actually refuses.
#include <QtTest>

#include <set>

#include "cipher_support.hpp"
#include "sfp/experiment.hpp"
#include "sfp/parameter.hpp"
#include "sfp/preflight.hpp"
#include "sfp/registry.hpp"

namespace {

using namespace cipher_test;

// The reference: which cells direct I/O cannot serve, straight from the option's help text.
bool direct_refused(const sfp::Strategy& s, std::uint64_t block) {
    static const std::set<std::string_view> mapped = {"mmap", "mmap-in", "mmap-mt", "mmap-window"};
    if (mapped.contains(s.name) || s.name == "cp" || s.name == "copy-range")
        return true;  // mapped, or copied its own way
    return sfp::uses(s, sfp::kBlockSizeParameter) && block % 4096 != 0;
}

QStringList option_problems(const sfp::Experiment& e) {
    QStringList out;
    for (const sfp::Problem& p : sfp::preflight(e))
        if (p.field.starts_with("options")) out << QString::fromStdString(p.message);
    return out;
}

}  // namespace

class TestPreflightConflicts : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string input_;

    sfp::Experiment direct_experiment(std::vector<std::string> strategies, std::vector<std::uint64_t> blocks) const {
        sfp::Experiment e;
        e.algorithm = "cipher";
        e.inputs = {input_};
        e.strategies = std::move(strategies);
        e.sweeps["block_size"] = std::move(blocks);
        e.sweeps["threads"] = {1};
        e.options = {{"direct", "1"}};
        return e;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        input_ = dir_.filePath("in").toStdString();
        write_file(input_, sample(8192));
    }

    void eachStrategyAsTheReferenceSays_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<quint64>("block");
        for (const sfp::Strategy* s : sfp::strategies_of("cipher"))
            for (const quint64 block : {quint64(4096), quint64(512)})
                QTest::addRow("%s/%llu", std::string(s->name).c_str(), block)
                    << QString::fromUtf8(s->name.data(), qsizetype(s->name.size())) << block;
    }
    void eachStrategyAsTheReferenceSays() {
        QFETCH(QString, strategy);
        QFETCH(quint64, block);
        const sfp::Strategy* s = sfp::find_strategy("cipher", strategy.toStdString());
        QVERIFY(s != nullptr);
        const QStringList got = option_problems(direct_experiment({strategy.toStdString()}, {block}));
        if (!direct_refused(*s, block)) {
            QVERIFY2(got.isEmpty(), qPrintable(got.join("\n")));
            return;
        }
        QCOMPARE(got.size(), 1);
        QVERIFY2(got[0].startsWith("option direct: " + strategy + " "), qPrintable(got[0]));
        // Refused whatever the block (mapped, cp), or for this block alone, which it names.
        QCOMPARE(got[0].contains("block size " + QString::number(block)), !direct_refused(*s, 4096));
    }

    // Preflight and the run apply one rule: the run refuses exactly what preflight flagged, with
    // the same words. (A filesystem refusing O_DIRECT itself is another error, allowed here.)
    void theRunRefusesTheSame_data() { eachStrategyAsTheReferenceSays_data(); }
    void theRunRefusesTheSame() {
        QFETCH(QString, strategy);
        QFETCH(quint64, block);
        const sfp::Strategy* s = sfp::find_strategy("cipher", strategy.toStdString());
        QVERIFY(s != nullptr);
        if (const sfp::Support support = s->support(); !support.supported)
            QSKIP(qPrintable(strategy + " is unsupported here: " + QString::fromStdString(support.reason)));
        const QStringList flagged = option_problems(direct_experiment({strategy.toStdString()}, {block}));
        const std::uint64_t run_block = sfp::uses(*s, sfp::kBlockSizeParameter) ? block : sfp::kDefaultBlockSize;
        const sfp::RunResult r =
            run(strategy.toStdString(), input_, dir_.filePath("out").toStdString(), run_block, 1, {{"direct", "1"}});
        const bool refused = r.error.starts_with("option direct:");
        QCOMPARE(refused, !flagged.isEmpty());
        if (refused) QCOMPARE(flagged[0], QString::fromStdString(r.error));
    }

    // Every size, thread count and block of a strategy is one cell, but one conflict is one line.
    void oneProblemPerConflictWhateverTheMatrix() {
        sfp::Experiment e = direct_experiment({}, {4096, 512, 1024});
        e.sweeps["threads"] = {1, 2};
        std::size_t expected = 0;
        for (const sfp::Strategy* s : sfp::strategies_of("cipher")) {
            if (direct_refused(*s, 4096))
                ++expected;  // refused whatever the block
            else
                expected += (direct_refused(*s, 512) ? 1 : 0) + (direct_refused(*s, 1024) ? 1 : 0);
        }
        const QStringList got = option_problems(e);
        QCOMPARE(got.size(), qsizetype(expected));
        QCOMPARE(QSet<QString>(got.begin(), got.end()).size(), got.size());
        QVERIFY(expected >= 6);  // 4 mapped + cp + copy-range at least: the table above still matches the registry
    }

    void noConflictWithoutDirectOrWithAlignedBuffers() {
        sfp::Experiment e = direct_experiment({}, {512});
        e.options = {{"flush", "1"}, {"fast", "1"}};
        QVERIFY2(option_problems(e).isEmpty(), qPrintable(option_problems(e).join("\n")));
        e = direct_experiment({"stream", "threads", "pool"}, {4096, 1 << 20});
        QVERIFY2(option_problems(e).isEmpty(), qPrintable(option_problems(e).join("\n")));
    }

    // A bad value is named once; the per-strategy rules wait until the options parse.
    void aBadValueIsNotRepeatedPerStrategy() {
        sfp::Experiment e = direct_experiment({}, {4096});
        e.options = {{"direct", "maybe"}};
        const QStringList got = option_problems(e);
        QCOMPARE(got.size(), 1);
        QVERIFY2(got[0].contains("'maybe'"), qPrintable(got[0]));
    }
};

QTEST_GUILESS_MAIN(TestPreflightConflicts)
#include "test_preflight_conflicts.moc"
