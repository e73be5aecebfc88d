// A view of an algorithm's own (histogram, listing) is offered by what its unit declares
// (sfp::AlgorithmIo::views), never by its name: the test-only dirsum declares the listing view,
// "bare" (dirsum's twin, a directory input too) declares none, and the Plot combo follows --
// listing for dirsum, neither for bare, while the general views stay offered to both.
#include <QApplication>
#include <QComboBox>
#include <QListView>
#include <QtTest>

#include "fixtures.hpp"
#include "plot_panel.hpp"
#include "plots.hpp"
#include "sfp/algorithm_io.hpp"
#include "support/dirsum_unit.hpp"

using namespace gui;

namespace {

constexpr std::string_view kListing[] = {"listing"};
const sfp::Strategy kBareWalk = [] {
    sfp::Strategy s = dirsum::kStrategies[0];
    s.algorithm = "bare";
    return s;
}();
const sfp::Strategy kBareStrategies[] = {kBareWalk};

void add_units() {
    static sfp::AlgorithmIo listed = dirsum::kIo;
    listed.views = kListing;
    static sfp::AlgorithmIo bare = dirsum::kIo;
    bare.algorithm = "bare";
    bare.strategies = kBareStrategies;
    sfp::add_algorithm(listed);
    sfp::add_algorithm(bare);
}

bool offered(PlotPanel& panel, const std::string& algorithm, plots::Kind kind) {
    sfp::ExperimentReport r = fixtures::sweep();
    r.experiment.algorithm = algorithm;
    panel.setReport(r);
    panel.redrawNow();
    auto* combo = panel.findChild<QComboBox*>(QStringLiteral("plotKind"));
    return !qobject_cast<QListView*>(combo->view())->isRowHidden(int(kind));
}

}  // namespace

class TestDeclaredViews : public QObject {
    Q_OBJECT
private slots:
    void theRegistryDeclaresTheViews() {
        QVERIFY(plots::kind_applies(plots::Kind::listing, "dirsum"));
        QVERIFY(!plots::kind_applies(plots::Kind::histogram, "dirsum"));
        QVERIFY(!plots::kind_applies(plots::Kind::listing, "bare"));  // a tree, but no listing declared
        QVERIFY(!plots::kind_applies(plots::Kind::histogram, "bare"));
        QVERIFY(plots::kind_applies(plots::Kind::histogram, "wordcount"));
        QVERIFY(!plots::kind_applies(plots::Kind::listing, "wordcount"));
        QVERIFY(plots::kind_applies(plots::Kind::listing, "iterate"));
        QVERIFY(!plots::kind_applies(plots::Kind::listing, "compare"));
        for (const char* algorithm : {"dirsum", "bare", "compare"})
            for (plots::Kind general :
                 {plots::Kind::lines, plots::Kind::box, plots::Kind::time_split, plots::Kind::why})
                QVERIFY2(plots::kind_applies(general, algorithm), algorithm);
    }

    void thePlotComboFollows() {
        PlotPanel panel;
        QVERIFY(offered(panel, "dirsum", plots::Kind::listing));
        QVERIFY(!offered(panel, "dirsum", plots::Kind::histogram));
        QVERIFY(!offered(panel, "bare", plots::Kind::listing));
        QVERIFY(offered(panel, "bare", plots::Kind::lines));
    }
};

int main(int argc, char** argv) {
    add_units();  // before anything looks an algorithm up
    QApplication app(argc, argv);
    TestDeclaredViews test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_declared_views.moc"
