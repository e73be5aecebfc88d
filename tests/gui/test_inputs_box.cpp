// The window's input box reads the engine's tables (issue 14, section 2): the kind list is the
// input-kind table, folders are taken exactly when the kind is a directory, and the default
// experiment generates the first algorithm's own kind.
#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "default_experiment.hpp"
#include "inputs_box.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/expand.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"

class TestInputsBox : public QObject {
    Q_OBJECT
private slots:
    void theKindListIsTheTable() {
        gui::InputsBox box;
        const auto* combo = box.findChild<QComboBox*>();
        QVERIFY(combo);
        const std::span<const sfp::InputKind> kinds = sfp::input_kinds();
        QCOMPARE(std::size_t(combo->count()), kinds.size());
        for (std::size_t i = 0; i < kinds.size(); ++i) {
            QCOMPARE(combo->itemData(int(i)).toString().toStdString(), std::string(kinds[i].name));
            QCOMPARE(combo->itemText(int(i)).toStdString(), std::string(kinds[i].label));
            box.setDataKind(std::string(kinds[i].name));
            QCOMPARE(box.dataKind(), std::string(kinds[i].name));
        }
    }

    // A folder is refused for a kind of files and taken for a directory kind.
    void foldersFollowTheKind() {
        QTemporaryDir dir;
        for (const sfp::InputKind& kind : sfp::input_kinds()) {
            gui::InputsBox box;
            box.setDataKind(std::string(kind.name));
            QSignalSpy refused(&box, &gui::InputsBox::refused);
            box.addFiles({dir.path()});
            QCOMPARE(box.files().size(), kind.directory ? 1 : 0);
            QCOMPARE(refused.size(), kind.directory ? 0 : 1);
        }
    }

    void theDefaultExperimentGeneratesItsAlgorithmsKind() {
        const sfp::Experiment e = gui::default_experiment();
        QCOMPARE(e.algorithm, std::string(sfp::algorithms().front()));
        QCOMPARE(e.data_kind, std::string(sfp::algorithm_io(e.algorithm)->data_kind));
        QVERIFY(sfp::find_input_kind(e.data_kind));
        QVERIFY(!sfp::expand(e).empty());
    }
};

QTEST_MAIN(TestInputsBox)
#include "test_inputs_box.moc"
