// Issue 43 §2: the form's swept rows come from the parameter tables like every other control.
// Block size, threads, packing and the test-only dirsum's choice "visit" (added before anything
// looks an algorithm up, with no line in app/) each get a row whose toggles the entry's type
// decides -- powers of two for sizes, 1 ... 2 x CPUs for threads, decades for counts -- and whose
// custom entries the table's limits judge: 0 threads (every online CPU) is a value like any other.
#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QtTest>

#include "experiment_panel.hpp"
#include "parameter_toggles.hpp"
#include "sfp/parameter.hpp"
#include "sfp/run.hpp"
#include "strategy_list.hpp"
#include "support/dirsum_unit.hpp"
#include "value_toggles.hpp"

using namespace gui;

namespace {

using Values = std::vector<std::uint64_t>;

// The panel's experiment, or the message of the InputError it throws.
QString problem_of(const ExperimentPanel& panel) {
    try {
        panel.experiment();
    } catch (const InputError& e) {
        return e.message;
    }
    return {};
}

// Types a custom entry into a row, with none of its toggles on.
void enter(ValueToggles* row, const QString& text) {
    row->setValues({});
    QTest::keyClicks(row->customField(), text);
}

}  // namespace

class TestParameterRows : public QObject {
    Q_OBJECT
private slots:
    void togglesAreChosenByType() {
        static constexpr std::string_view kWays[] = {"one", "two", "three"};
        const sfp::Parameter size{
            .name = "chunk", .type = sfp::ParameterType::size, .help = "", .fallback = 0, .min = 3000, .max = 40000};
        QCOMPARE(toggle_values(size, 2), (Values{4096, 8192, 16384, 32768}));
        QCOMPARE(toggle_values(sfp::kBlockSizeParameter, 2).front(), std::uint64_t(512));
        QCOMPARE(toggle_values(sfp::kBlockSizeParameter, 2).back(), std::uint64_t(16 << 20));
        QCOMPARE(toggle_values(sfp::kThreadsParameter, 2), (Values{1, 2, 3, 4}));
        QCOMPARE(toggle_values(sfp::kThreadsParameter, 64), (Values{1, 2, 4, 8, 16, 32, 64, 128}));
        const sfp::Parameter count{
            .name = "lines", .type = sfp::ParameterType::count, .help = "", .fallback = 0, .min = 0, .max = 5000};
        QCOMPARE(toggle_values(count, 2), (Values{1, 10, 100, 1000}));
        const sfp::Parameter huge{
            .name = "n", .type = sfp::ParameterType::count, .help = "", .fallback = 0, .min = 1, .max = INT64_MAX};
        QCOMPARE(toggle_values(huge, 2).size(), std::size_t(19));  // 1 ... 10^18, no overflow
        const sfp::Parameter choice{
            .name = "way", .type = sfp::ParameterType::choice, .help = "", .fallback = 0, .choices = kWays};
        QCOMPARE(toggle_values(choice, 2), (Values{0, 1, 2}));
        QCOMPARE(row_label(sfp::kBlockSizeParameter), QStringLiteral("Block sizes"));
        QCOMPARE(row_label(sfp::kThreadsParameter), QStringLiteral("Threads"));
        QCOMPARE(row_label(choice), QStringLiteral("Way"));
    }

    // Each sweepable entry of any table has its labelled row, with its type's toggles.
    void everySweepableEntryHasItsRow() {
        ExperimentPanel panel;
        QStringList names;
        for (const sfp::Parameter* p : sfp::cell_parameters()) {
            names << QString::fromUtf8(p->name.data(), qsizetype(p->name.size()));
            ValueToggles* row = panel.swept(p->name);
            QVERIFY2(row, qPrintable(names.back()));
            auto* form = qobject_cast<QFormLayout*>(row->parentWidget()->layout());
            QVERIFY(form);
            QCOMPARE(qobject_cast<QLabel*>(form->labelForField(row))->text(), row_label(*p));
            for (std::uint64_t v : toggle_values(*p, sfp::online_cpus())) {
                QVERIFY2(row->button(v), qPrintable(names.back() + " " + QString::number(v)));
                QCOMPARE(row->button(v)->text(), QString::fromStdString(sfp::value_text(*p, std::int64_t(v))));
            }
        }
        QCOMPARE(names, (QStringList{"block_size", "threads", "packing", "max_matches", "pattern_length", "visit"}));
        QCOMPARE(panel.blockSizes(), panel.swept("block_size"));
        QVERIFY(panel.threads()->button(2 * std::max(1u, sfp::online_cpus())));
        QVERIFY(!panel.threads()->button(0));
        QCOMPARE(panel.swept("visit")->button(1)->text(), QStringLiteral("reversed"));
    }

    // The table allows 0 threads (every online CPU): the form takes it; past the table's
    // maximum it is refused, naming the row.
    void threadsAreLimitedByTheTable() {
        ExperimentPanel panel;
        panel.algorithm()->setCurrentText(QStringLiteral("compare"));
        panel.strategies()->setChecked({"read", "mmap-mt"});
        panel.blockSizes()->setValues({4096});
        enter(panel.threads(), QStringLiteral("0"));
        QCOMPARE(problem_of(panel), QString());
        QCOMPARE(panel.experiment().sweeps.at("threads"), (Values{0}));
        enter(panel.threads(), QStringLiteral("0, 3"));
        QCOMPARE(panel.experiment().sweeps.at("threads"), (Values{0, 3}));
        enter(panel.threads(), QStringLiteral("1025"));
        QCOMPARE(problem_of(panel), QStringLiteral("Threads: 1025 is out of range (0 to 1024)"));
        enter(panel.threads(), QString());
        QVERIFY2(problem_of(panel).startsWith(QStringLiteral("Threads: choose at least one thread count")),
                 qPrintable(problem_of(panel)));
    }

    void blockSizesAreLimitedByTheTable() {
        ExperimentPanel panel;
        panel.algorithm()->setCurrentText(QStringLiteral("compare"));
        panel.strategies()->setChecked({"read"});
        enter(panel.blockSizes(), QStringLiteral("1, 3000"));
        QCOMPARE(panel.experiment().sweeps.at("block_size"), (Values{1, 3000}));
        enter(panel.blockSizes(), QStringLiteral("0"));
        QCOMPARE(problem_of(panel), QStringLiteral("Block sizes: 0 is out of range (1 to 1G)"));
        enter(panel.blockSizes(), QStringLiteral("2G"));
        QCOMPARE(problem_of(panel), QStringLiteral("Block sizes: 2G is out of range (1 to 1G)"));
    }

    // dirsum's "visit", added to the registry by this test alone, is swept from the window.
    void anAddedAlgorithmsSweptChoiceIsARow() {
        ExperimentPanel panel;
        panel.algorithm()->setCurrentText(QStringLiteral("dirsum"));
        panel.strategies()->setChecked({"walk"});
        panel.blockSizes()->setValues({4096});
        ValueToggles* visit = panel.swept("visit");
        QVERIFY(visit->isEnabled());
        visit->setValues({});
        QTest::mouseClick(visit->button(1), Qt::LeftButton);
        QCOMPARE(problem_of(panel), QString());
        QCOMPARE(panel.experiment().sweeps.at("visit"), (Values{1}));
        enter(visit, QStringLiteral("sorted"));
        QCOMPARE(panel.experiment().sweeps.at("visit"), (Values{0}));
    }
};

int main(int argc, char** argv) {
    dirsum::add();  // before anything looks an algorithm up
    QApplication app(argc, argv);
    TestParameterRows test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_parameter_rows.moc"
