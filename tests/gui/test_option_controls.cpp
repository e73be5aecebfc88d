// The experiment panel's option controls come from the algorithm's parameter table: a combo
// for a choice, a checkbox for a flag, a field for a number; only what is set becomes an option,
// and a loaded experiment's options come back into the same controls.
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QtTest>

#include "experiment_panel.hpp"
#include "option_controls.hpp"
#include "sfp/parameter.hpp"

using gui::ExperimentPanel;
using gui::OptionControls;

class TestOptionControls : public QObject {
    Q_OBJECT
private slots:
    void controlsFollowTheTable() {
        OptionControls controls;
        controls.setAlgorithm("cipher");
        for (const sfp::Parameter& p : sfp::parameters_of("cipher")) {
            QWidget* c = controls.control(std::string(p.name));
            if (p.sweepable) {  // block size, threads and swept ones: rows of their own
                QVERIFY2(!c, p.name.data());
                continue;
            }
            QVERIFY2(c, p.name.data());
            if (p.type == sfp::ParameterType::choice)
                QVERIFY(qobject_cast<QComboBox*>(c));
            else if (p.type == sfp::ParameterType::flag)
                QVERIFY(qobject_cast<QCheckBox*>(c));
            else
                QVERIFY(qobject_cast<QLineEdit*>(c));
        }
        QVERIFY(controls.options().empty());  // untouched: every default stays the engine's
        controls.setAlgorithm("compare");
        QVERIFY(!controls.control("transform"));  // rebuilt for the other algorithm
        QVERIFY(qobject_cast<QLineEdit*>(controls.control("max_mismatches")));
    }

    void setControlsBecomeOptionsAndBack() {
        OptionControls controls;
        controls.setAlgorithm("cipher");
        auto* transform = qobject_cast<QComboBox*>(controls.control("transform"));
        auto* fast = qobject_cast<QCheckBox*>(controls.control("fast"));
        auto* shift = qobject_cast<QLineEdit*>(controls.control("shift"));
        QVERIFY(transform && fast && shift);
        transform->setCurrentIndex(transform->findText(QStringLiteral("letters")));
        fast->setChecked(true);
        shift->setText(QStringLiteral("-3"));
        const std::map<std::string, std::string> expected{{"fast", "true"}, {"shift", "-3"}, {"transform", "letters"}};
        QCOMPARE(controls.options(), expected);

        OptionControls other;
        other.setAlgorithm("cipher");
        const auto rest =
            other.setOptions({{"fast", "1"}, {"shift", "-3"}, {"transform", "letters"}, {"colour", "red"}});
        QCOMPARE(rest, (std::map<std::string, std::string>{{"colour", "red"}}));  // not in the table
        QCOMPARE(other.options(), expected);
    }

    // Through the panel: the options reach the experiment; an unknown one stays visible and is
    // refused by the check, naming the known ones.
    void panelRoundTripsOptions() {
        ExperimentPanel panel;
        sfp::Experiment e;
        e.algorithm = "cipher";
        e.data_kind = "random";
        e.sizes = {1 << 20};
        e.strategies = {"stream"};
        e.options = {{"transform", "widen"}, {"flush", "true"}, {"colour", "red"}};
        panel.setExperiment(e);
        QCOMPARE(panel.experiment().options, e.options);
        QCOMPARE(qobject_cast<QComboBox*>(panel.optionControls()->control("transform"))->currentText(),
                 QStringLiteral("widen"));
        QString why;
        QVERIFY(!panel.validExperiment(&why));
        QVERIFY2(why.contains(QStringLiteral("unknown cipher option 'colour' (known: shift, transform")),
                 qPrintable(why));
    }
};

QTEST_MAIN(TestOptionControls)
#include "test_option_controls.moc"
