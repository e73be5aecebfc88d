#include <QtTest>

#include "sfp/algorithm_io.hpp"
#include "sfp/experiment.hpp"
#include "sfp/registry.hpp"

class TestRegistry : public QObject {
    Q_OBJECT
private slots:
    void everyEntryIsComplete() {
        const auto list = sfp::strategies();
        QVERIFY(!list.empty());
        sfp::validate_registry(list);  // throws on a duplicate or a null run
        for (const auto& s : list) {
            const sfp::Support support = s.support();
            QVERIFY2(support.supported || !support.reason.empty(), "an unsupported strategy says why");
            QVERIFY(s.run != nullptr);
            QVERIFY(!s.description.empty());
        }
    }
    void rejectsDuplicates() {
        const auto list = sfp::strategies();
        std::vector<sfp::Strategy> twice = {list[0], list[0]};
        QVERIFY_THROWS_EXCEPTION(std::logic_error, sfp::validate_registry(twice));
    }
    void rejectsNullHooks() {
        sfp::Strategy broken = sfp::strategies()[0];
        broken.run = nullptr;
        std::vector<sfp::Strategy> one = {broken};
        QVERIFY_THROWS_EXCEPTION(std::logic_error, sfp::validate_registry(one));
    }
    void nullProbeMeansSupported() {  // a strategy that needs nothing a machine may lack has no probe
        sfp::Strategy plain = sfp::strategies()[0];
        plain.probe = nullptr;
        std::vector<sfp::Strategy> one = {plain};
        sfp::validate_registry(one);
        QVERIFY(plain.support().supported);
        QVERIFY(plain.support().reason.empty());
    }
    void findsByAlgorithmAndName() {
        QVERIFY(sfp::find_strategy("compare", "mmap-mt") != nullptr);
        QVERIFY(sfp::find_strategy("compare", "no-such") == nullptr);
        QVERIFY(sfp::find_strategy("nothing", "mmap-mt") == nullptr);
        const auto algos = sfp::algorithms();
        QVERIFY(std::find(algos.begin(), algos.end(), "compare") != algos.end());
        QCOMPARE(sfp::strategies_of("compare").size(), sfp::algorithm_io("compare")->strategies.size());  // its unit's
    }
};

QTEST_APPLESS_MAIN(TestRegistry)
#include "test_registry.moc"
