#include "experiment_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include "command_dialog.hpp"
#include "inputs_box.hpp"
#include "sfp/command_catalogue.hpp"
#include "run_estimate.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/experiment.hpp"
#include "sfp/preflight.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/schedule.hpp"
#include "option_controls.hpp"
#include "parameter_toggles.hpp"
#include "sfp/parameter.hpp"
#include "strategy_list.hpp"
#include "value_toggles.hpp"

namespace gui {

ExperimentPanel::ExperimentPanel(QWidget* parent)
    : QWidget(parent), inputs_(new InputsBox(this)), algorithm_(new QComboBox(this)),
      strategies_(new StrategyList(this)), estimate_(new QLabel(this)) {
    algorithm_->setObjectName(QStringLiteral("algorithm"));
    for (std::string_view a : sfp::algorithms()) algorithm_->addItem(QString::fromUtf8(a.data(), qsizetype(a.size())));
    auto* work = new QGroupBox(tr("Algorithm and strategies"), this);
    auto* workLayout = new QVBoxLayout(work);
    workLayout->addWidget(algorithm_);
    workLayout->addWidget(strategies_);
    workLayout->addWidget(makeCommandButtons());
    strategies_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    estimate_->setObjectName(QStringLiteral("estimate"));
    estimate_->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(inputs_);
    layout->addWidget(work);
    layout->addWidget(makeParameters());
    layout->addStretch(1);

    connect(algorithm_, &QComboBox::currentIndexChanged, this, &ExperimentPanel::onAlgorithmChanged);
    connect(inputs_, &InputsBox::changed, this, &ExperimentPanel::refresh);
    connect(strategies_, &StrategyList::changed, this, &ExperimentPanel::refresh);
    connect(treeCounts_, &TreeCounts::counted, this, &ExperimentPanel::refresh);
    onAlgorithmChanged();
}

QWidget* ExperimentPanel::makeParameters() {
    auto* box = new QGroupBox(tr("Parameters"), this);
    repetitions_ = new QSpinBox(box);
    // The engine's own limits (check_experiment), so that the form holds every value a file or
    // the CLI may give: a narrower range would clamp a loaded experiment without a word.
    repetitions_->setRange(1, int(sfp::kMaxRepetitions));
    repetitions_->setValue(3);
    warmups_ = new QSpinBox(box);
    warmups_->setRange(0, int(sfp::kMaxRepetitions));
    warmups_->setToolTip(tr("Untimed runs per cell before the timed ones"));
    cache_ = new QComboBox(box);
    cache_->addItem(tr("hot (evicted, then read once)"), int(sfp::CacheMode::hot));
    cache_->addItem(tr("hot-written (as writing left it)"), int(sfp::CacheMode::hot_written));
    cache_->addItem(tr("cold (evicted before every run)"), int(sfp::CacheMode::cold));
    order_ = new QComboBox(box);
    order_->addItem(tr("interleaved (fair to drifting machines)"), int(sfp::Order::interleaved));
    order_->addItem(tr("sequential (cell by cell)"), int(sfp::Order::sequential));
    limitsInRounds_ = new QCheckBox(tr("measured again in every round"), box);
    limitsInRounds_->setObjectName(QStringLiteral("limitsInRounds"));
    limitsInRounds_->setToolTip(
        tr("The limits the cells are judged against (% of limit) measured among the "
           "cells at the start of every round, about a second each: every run against "
           "the ceiling of its own minutes (interleaved order only)"));
    timeline_ = new QCheckBox(tr("record what each thread did when"), box);
    timeline_->setObjectName(QStringLiteral("timeline"));
    timeline_->setToolTip(
        tr("Every run keeps each thread's blocks, hand-offs and waits for the Timeline plot and "
           "the JSON report (a clock read per unit of work)"));
    options_ = new QLineEdit(box);
    options_->setPlaceholderText(tr("other options, name=value"));
    optionControls_ = new OptionControls(box);
    auto* form = new QFormLayout(box);
    for (const sfp::Parameter* p : sfp::cell_parameters()) {  // block size, threads, packing, ...
        ValueToggles* toggles = parameter_toggles(*p, box);
        swept_.emplace_back(p, toggles);
        form->addRow(row_label(*p), toggles);
        connect(toggles, &ValueToggles::changed, this, &ExperimentPanel::refresh);
    }
    form->addRow(tr("Repetitions"), repetitions_);
    form->addRow(tr("Warm-ups"), warmups_);
    form->addRow(tr("Cache"), cache_);
    form->addRow(tr("Order"), order_);
    form->addRow(tr("Limits"), limitsInRounds_);
    form->addRow(tr("Timeline"), timeline_);
    form->addRow(tr("Options"), optionControls_);
    form->addRow(tr("Other options"), options_);
    for (QSpinBox* spin : {repetitions_, warmups_})
        connect(spin, &QSpinBox::valueChanged, this, &ExperimentPanel::refresh);
    for (QComboBox* combo : {cache_, order_})
        connect(combo, &QComboBox::currentIndexChanged, this, &ExperimentPanel::refresh);
    connect(options_, &QLineEdit::textChanged, this, &ExperimentPanel::refresh);
    connect(limitsInRounds_, &QCheckBox::toggled, this, &ExperimentPanel::refresh);
    connect(optionControls_, &OptionControls::changed, this, &ExperimentPanel::refresh);
    return box;
}

QWidget* ExperimentPanel::makeCommandButtons() {
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    const auto button = [&](const char* name, const QString& text, const QString& tip, auto slot) {
        auto* b = new QPushButton(text, row);
        b->setObjectName(QString::fromLatin1(name));
        b->setToolTip(tip);
        layout->addWidget(b);
        connect(b, &QPushButton::clicked, this, slot);
    };
    button("addCommand", tr("Add command…"), tr("Your own program as a strategy, timed and checked like the others"),
           [this] { editCommand(true); });
    button("editCommand", tr("Edit…"), tr("Edit the selected command"), [this] { editCommand(false); });
    button("removeCommand", tr("Remove"), tr("Remove the selected command"), [this] { removeCommand(); });
    layout->addStretch(1);
    return row;
}

void ExperimentPanel::setCommands(const std::vector<sfp::Command>& commands) {
    commands_ = commands;
    strategies_->setCommands(commands_);  // emits changed: the form is judged again
}

void ExperimentPanel::editCommand(bool adding) {
    const std::optional<std::string> current = strategies_->currentCommand();
    if (!adding && !current) return;
    auto it = std::find_if(commands_.begin(), commands_.end(),
                           [&](const sfp::Command& c) { return current && c.name == *current; });
    CommandDialog dialog(adding ? sfp::Command{} : *it, algorithm_->currentText().toStdString(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    std::vector<sfp::Command> next = commands_;
    if (adding)
        next.push_back(dialog.command());
    else
        next[std::size_t(it - commands_.begin())] = dialog.command();
    setCommands(next);
}

void ExperimentPanel::removeCommand() {
    const std::optional<std::string> current = strategies_->currentCommand();
    if (!current) return;
    std::vector<sfp::Command> next = commands_;
    std::erase_if(next, [&](const sfp::Command& c) { return c.name == *current; });
    setCommands(next);
}

void ExperimentPanel::onAlgorithmChanged() {
    const std::string algorithm = algorithm_->currentText().toStdString();
    strategies_->setAlgorithm(algorithm);
    strategies_->setCommands(commands_);
    optionControls_->setAlgorithm(algorithm);
    if (const sfp::AlgorithmIo* io = sfp::algorithm_io(algorithm)) inputs_->setDataKind(std::string(io->data_kind));
    refresh();
}

sfp::Experiment ExperimentPanel::experiment() const {
    sfp::Experiment e;
    e.algorithm = algorithm_->currentText().toStdString();
    if (inputs_->generated()) {
        e.data_kind = inputs_->dataKind();
        e.sizes = inputs_->sizes();
    } else {
        for (const QString& f : inputs_->files()) e.inputs.push_back(f.toStdString());
    }
    e.workdir = inputs_->workdir().toStdString();
    e.strategies = strategies_->checked();
    e.commands = commands_;
    for (const auto& [p, toggles] : swept_) {
        const std::string name(p->name);
        // A run field (block size, threads) has a list of its own in the file, kept even when
        // unused, and needs a value when used; another parameter is swept only where it is read.
        if (!sfp::is_run_field(*p) && !checkedRead(name)) continue;
        if (std::vector<std::uint64_t> values = toggles->values(); !values.empty())
            e.sweeps[name] = std::move(values);
        else if (sfp::is_run_field(*p) && checkedRead(name))
            throw InputError{tr("%1: choose at least one %2 (a checked strategy uses it)")
                                 .arg(row_label(*p), QString::fromStdString(sfp::noun_of(*p)))};
    }
    e.repetitions = unsigned(repetitions_->value());
    e.warmups = unsigned(warmups_->value());
    e.cache = sfp::CacheMode(cache_->currentData().toInt());
    e.order = sfp::Order(order_->currentData().toInt());
    e.seed = seed_;
    e.limits_in_rounds = limitsInRounds_->isChecked();
    e.timeline = timeline_->isChecked();
    e.options = optionControls_->options();
    for (const QString& pair :
         options_->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        if (eq <= 0) throw InputError{tr("Options: '%1' is not name=value").arg(pair)};
        e.options[pair.left(eq).toStdString()] = pair.mid(eq + 1).toStdString();
    }
    return e;
}

std::optional<sfp::Experiment> ExperimentPanel::formExperiment(QStringList& problems) const {
    if (strategies_->checked().empty()) problems << tr("Strategies: check at least one strategy");
    if (!inputs_->generated() && inputs_->files().isEmpty())
        problems << tr("Input data: add input files (Add…, or drop them onto the window) or choose generated data");
    try {
        sfp::Experiment e = experiment();
        if (!e.data_kind.empty() && e.sizes.empty())
            problems << tr("File sizes: enter at least one size for the generated data, e.g. 64M");
        return e;
    } catch (const InputError& e) {
        problems << e.message;
    } catch (const std::exception& e) {
        problems << tr("Invalid experiment: %1").arg(QString::fromUtf8(e.what()));
    }
    return std::nullopt;
}

std::optional<sfp::Experiment> ExperimentPanel::validExperiment(QString* why) const {
    // Every problem at once, one per line: one look fixes the whole form.
    QStringList problems;
    std::optional<sfp::Experiment> e = formExperiment(problems);
    try {
        if (e && problems.isEmpty())  // the engine's validator, then what it would find only at run time:
            // unreadable or special inputs, a workspace that is a file, sizes beyond the free space
            for (const sfp::Problem& p : sfp::preflight(*e)) problems << QString::fromStdString(p.message);
    } catch (const std::exception& error) {
        problems << tr("Invalid experiment: %1").arg(QString::fromUtf8(error.what()));
    }
    if (e && problems.isEmpty()) return e;
    *why = problems.join(QLatin1Char('\n'));
    return std::nullopt;
}

std::optional<sfp::Plan> ExperimentPanel::validPlan(QString* why) const {
    QStringList problems;
    const std::optional<sfp::Experiment> e = formExperiment(problems);
    std::optional<sfp::Plan> plan;
    try {
        if (e && problems.isEmpty()) {  // the same problems in the same words as validExperiment's
            sfp::PlanOutcome outcome = sfp::plan(*e, sfp::TreeSizes::unlisted);
            for (const sfp::Problem& p : outcome.problems) problems << QString::fromStdString(p.message);
            plan = std::move(outcome.plan);
        }
    } catch (const std::exception& error) {
        problems << tr("Invalid experiment: %1").arg(QString::fromUtf8(error.what()));
    }
    if (plan && problems.isEmpty()) return plan;
    *why = problems.join(QLatin1Char('\n'));
    return std::nullopt;
}

void ExperimentPanel::setExperiment(const sfp::Experiment& e) {
    const int a = algorithm_->findText(QString::fromStdString(e.algorithm));
    if (a >= 0) algorithm_->setCurrentIndex(a);
    inputs_->setGenerated(!e.data_kind.empty() || e.inputs.empty());
    if (!e.data_kind.empty()) inputs_->setDataKind(e.data_kind);
    inputs_->setSizes(e.sizes);
    QStringList files;
    for (const std::string& f : e.inputs) files << QString::fromStdString(f);
    inputs_->setFiles(files);
    if (!e.workdir.empty()) inputs_->setWorkdir(QString::fromStdString(e.workdir));
    std::vector<std::string> strategies = e.strategies;
    if (strategies.empty()) {  // a spec without strategies means all of the algorithm's, and its commands
        for (const sfp::Strategy* s : sfp::strategies_of(e.algorithm)) strategies.emplace_back(s->name);
        for (const sfp::Command& c : e.commands) strategies.push_back(c.name);
    }
    setCommands(e.commands);
    strategies_->setChecked(strategies);
    for (const auto& [p, toggles] : swept_) {
        std::vector<std::uint64_t> values;
        if (sfp::is_run_field(*p)) {
            values = sfp::swept_values(e, *p);
        } else if (const auto it = e.sweeps.find(std::string(p->name)); it != e.sweeps.end()) {
            values = it->second;
        }
        if (p->counts_threads)  // a loaded 0 shows as the toggle it means: every online CPU
            for (std::uint64_t& t : values) t = t ? t : std::max(1u, sfp::online_cpus());
        toggles->setValues(values);
    }
    repetitions_->setValue(int(e.repetitions));
    warmups_->setValue(int(e.warmups));
    cache_->setCurrentIndex(cache_->findData(int(e.cache)));
    order_->setCurrentIndex(order_->findData(int(e.order)));
    seed_ = e.seed;
    limitsInRounds_->setChecked(e.limits_in_rounds);
    timeline_->setChecked(e.timeline);
    optionControls_->setAlgorithm(e.algorithm);
    QStringList options;
    for (const auto& [k, v] : optionControls_->setOptions(e.options))
        options << QStringLiteral("%1=%2").arg(QString::fromStdString(k), QString::fromStdString(v));
    options_->setText(options.join(QStringLiteral(", ")));
    refresh();
}

ValueToggles* ExperimentPanel::swept(std::string_view name) const {
    for (const auto& [p, toggles] : swept_)
        if (p->name == name) return toggles;
    return nullptr;
}

bool ExperimentPanel::checkedRead(std::string_view parameter) const {
    sfp::Experiment e;  // the strategies and the commands, which read what their lines name
    e.algorithm = algorithm_->currentText().toStdString();
    e.commands = commands_;
    const sfp::CommandCatalogue catalogue(e, sfp::strategies());
    const sfp::Parameter* param = sfp::find_parameter(e.algorithm, parameter);
    for (const std::string& name : strategies_->checked())
        for (const sfp::Strategy& s : catalogue.strategies())
            if (s.algorithm == e.algorithm && s.name == name && param && sfp::uses(s, *param)) return true;
    return false;
}

void ExperimentPanel::setRates(const RateBook& rates) {
    rates_ = rates;
    refresh();
}

QString ExperimentPanel::estimateText() const { return estimate_->text(); }

void ExperimentPanel::refresh() {
    try {  // strategies the options exclude are greyed out before anything else is judged
        strategies_->setOptions(experiment().options);
    } catch (...) {
        // a form that does not parse yet: its problems are listed below
    }
    for (const auto& [p, toggles] : swept_) {
        const bool used = checkedRead(p->name);
        toggles->setEnabled(used);
        toggles->setToolTip(used ? QString() : tr("No checked strategy uses %1").arg(row_label(*p).toLower()));
    }
    QString why;
    const std::optional<sfp::Plan> plan = validPlan(&why);  // judged and resolved once per change
    valid_ = false;
    problems_ = why;
    planned_runs_ = 0;
    if (plan) {
        try {
            const Estimate guess = estimate(*plan, work_of(*plan, treeCounts_), rates_);
            estimate_->setText(estimate_text(guess));
            valid_ = true;
            planned_runs_ = guess.runs;
        } catch (const std::exception& error) {
            why = QString::fromUtf8(error.what());
        }
    }
    if (!why.isEmpty()) {
        valid_ = false;
        problems_ = why;
        estimate_->setText(QStringLiteral("<span style='color:#b00020'>%1</span>")
                               .arg(why.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
    }
    emit changed();
}

}  // namespace gui
