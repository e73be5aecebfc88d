#pragma once
// The experiment form: inputs, algorithm, strategies, parameters, repetitions. Turns into an
// sfp::Experiment (and back), and shows the run count and a rough duration before starting.
#include <QWidget>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "run_estimate.hpp"
#include "tree_counts.hpp"
#include "sfp/experiment.hpp"
#include "sfp/parameter.hpp"
#include "sfp/plan.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace gui {

class InputsBox;
class OptionControls;
class StrategyList;
class ValueToggles;

class ExperimentPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExperimentPanel(QWidget* parent = nullptr);

    // What the form says, unchecked. Throws InputError for text that does not parse.
    sfp::Experiment experiment() const;
    // What the form says, checked (sfp::preflight: the engine's validator, input files exist);
    // nothing and every problem, one per line, otherwise.
    std::optional<sfp::Experiment> validExperiment(QString* why) const;
    // The same judged and resolved once (sfp::plan), given trees left unlisted (their cells'
    // file_size 0; the estimate counts their files in the background): the form's verdict and
    // estimate at each change, on the GUI thread. A Run plans again, listed, in the controller's job.
    std::optional<sfp::Plan> validPlan(QString* why) const;
    // How many files given trees hold, counted off the GUI thread (none while counting).
    TreeCounts* treeCounts() const { return treeCounts_; }
    void setExperiment(const sfp::Experiment& experiment);

    void setRates(const RateBook& rates);  // for the duration estimate
    QString estimateText() const;
    // From the last check of the form: is it runnable (else its problems, one per line), and
    // how many timed runs it makes.
    bool isValid() const { return valid_; }
    QString problems() const { return problems_; }
    std::size_t plannedRuns() const { return planned_runs_; }
    // Run count and duration: the window shows it beside the Run button, always in view.
    QLabel* estimateLabel() { return estimate_; }

    InputsBox* inputs() { return inputs_; }
    StrategyList* strategies() { return strategies_; }
    // A swept parameter's row (block_size, threads, packing), or nullptr.
    ValueToggles* swept(std::string_view name) const;
    ValueToggles* blockSizes() const { return swept(sfp::kBlockSizeParameter.name); }
    ValueToggles* threads() const { return swept(sfp::kThreadsParameter.name); }
    QComboBox* algorithm() { return algorithm_; }
    // The experiment's own commands (listed after the strategies); the buttons under the list
    // add, edit and remove them through CommandDialog.
    const std::vector<sfp::Command>& commands() const { return commands_; }
    void setCommands(const std::vector<sfp::Command>& commands);
    QSpinBox* repetitions() { return repetitions_; }
    OptionControls* optionControls() { return optionControls_; }

signals:
    void changed();

private:
    // The form's own problems (no strategy, no input, no size) into `problems`, and the
    // experiment it says when its text parses.
    std::optional<sfp::Experiment> formExperiment(QStringList& problems) const;
    QWidget* makeParameters();
    QWidget* makeCommandButtons();
    void editCommand(bool adding);
    void removeCommand();
    void onAlgorithmChanged();
    void refresh();                                      // enables the parameters in use and updates the estimate
    bool checkedRead(std::string_view parameter) const;  // does a checked strategy read it?

    InputsBox* inputs_;
    QComboBox* algorithm_;
    StrategyList* strategies_;
    std::vector<sfp::Command> commands_;
    // One row per sweepable entry of the tables (sfp::cell_parameters), in their order.
    std::vector<std::pair<const sfp::Parameter*, ValueToggles*>> swept_;
    QSpinBox* repetitions_ = nullptr;
    QSpinBox* warmups_ = nullptr;
    QComboBox* cache_ = nullptr;
    QComboBox* order_ = nullptr;
    QCheckBox* limitsInRounds_ = nullptr;  // Experiment::limits_in_rounds
    QCheckBox* timeline_ = nullptr;        // Experiment::timeline
    QLineEdit* options_ = nullptr;         // options the table does not declare (refused, but shown)
    OptionControls* optionControls_ = nullptr;
    QLabel* estimate_;
    std::uint64_t seed_ = 1;  // kept from a loaded experiment: the interleaved order depends on it
    RateBook rates_;
    TreeCounts* treeCounts_ = new TreeCounts(this);  // given trees' file counts, counted off the GUI thread and kept
    bool valid_ = false;
    QString problems_;
    std::size_t planned_runs_ = 0;
};

}  // namespace gui
