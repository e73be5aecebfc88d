#include "experiment_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include "cell_text.hpp"
#include "inputs_box.hpp"
#include "run_estimate.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/datagen.hpp"
#include "sfp/experiment.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "option_controls.hpp"
#include "sfp/parameter.hpp"
#include "strategy_list.hpp"
#include "value_toggles.hpp"

namespace gui {
namespace {

std::vector<std::uint64_t> block_choices() {
    std::vector<std::uint64_t> out;
    for (std::uint64_t b = 512; b <= (16u << 20); b *= 2) out.push_back(b);
    return out;
}

// 1 .. 2 x CPUs; on big machines the powers of two and the CPU count, so the row stays short.
std::vector<std::uint64_t> thread_choices() {
    const std::uint64_t cpus = std::max(1u, sfp::online_cpus());
    std::vector<std::uint64_t> out;
    for (std::uint64_t t = 1; t <= 2 * cpus; ++t)
        if (2 * cpus <= 16 || (t & (t - 1)) == 0 || t == cpus || t == 2 * cpus) out.push_back(t);
    return out;
}

std::uint64_t parse_threads(const QString& text) {
    bool ok = false;
    const uint n = text.toUInt(&ok);
    if (!ok || n == 0 || n > sfp::kMaxThreads)
        throw std::invalid_argument(QObject::tr("Threads: '%1' is not a count from 1 to %2")
                                        .arg(text, QString::number(sfp::kMaxThreads)).toStdString());
    return n;
}

std::uint64_t parse_block(const QString& text) {
    try {
        return sfp::parse_size(text.toStdString());
    } catch (const std::exception& e) {
        throw std::invalid_argument(QObject::tr("Block sizes: %1").arg(QString::fromUtf8(e.what())).toStdString());
    }
}

// A sweepable parameter's toggles: each choice, or the minimum and every x10 up to the maximum
// (1, 10, ..., 100000); custom entries are read by the parameter's type.
ValueToggles* swept_toggles(const sfp::Parameter& p, QWidget* parent) {
    std::vector<std::uint64_t> choices;
    if (p.type == sfp::ParameterType::choice) {
        for (std::size_t i = 0; i < p.choices.size(); ++i) choices.push_back(i);
    } else {
        for (std::uint64_t v = std::max<std::uint64_t>(std::uint64_t(p.min), 1); v <= std::uint64_t(p.max); v *= 10)
            choices.push_back(v);
    }
    const QString name = QString::fromUtf8(p.name.data(), qsizetype(p.name.size()));
    auto* toggles = new ValueToggles(
        choices, [&p](std::uint64_t v) { return QString::fromStdString(sfp::value_text(p, std::int64_t(v))); },
        [&p, name](const QString& text) {
            const sfp::ParsedValue parsed = sfp::parse_value(p, text.toStdString());
            if (!parsed.error.empty())
                throw std::invalid_argument(QStringLiteral("%1: %2").arg(name, QString::fromStdString(parsed.error)).toStdString());
            return std::uint64_t(parsed.value);
        },
        6, QObject::tr("custom values, e.g. 3, 500"), parent);
    toggles->setObjectName(name);
    toggles->setToolTip(QString::fromUtf8(p.help.data(), qsizetype(p.help.size())));
    return toggles;
}

}  // namespace

ExperimentPanel::ExperimentPanel(QWidget* parent)
    : QWidget(parent), inputs_(new InputsBox(this)), algorithm_(new QComboBox(this)),
      strategies_(new StrategyList(this)),
      blocks_(new ValueToggles(block_choices(), size_text, parse_block, 4, tr("custom sizes, e.g. 3000, 100K"), this)),
      threads_(new ValueToggles(thread_choices(), [](std::uint64_t t) { return QString::number(t); },
                                parse_threads, 4, tr("custom counts, e.g. 6, 12"), this)),
      estimate_(new QLabel(this)) {
    algorithm_->setObjectName(QStringLiteral("algorithm"));
    for (std::string_view a : sfp::algorithms()) algorithm_->addItem(QString::fromUtf8(a.data(), qsizetype(a.size())));
    auto* work = new QGroupBox(tr("Algorithm and strategies"), this);
    auto* workLayout = new QVBoxLayout(work);
    workLayout->addWidget(algorithm_);
    workLayout->addWidget(strategies_);
    strategies_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    estimate_->setObjectName(QStringLiteral("estimate"));
    estimate_->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(inputs_);
    layout->addWidget(work);
    layout->addWidget(makeParameters());
    layout->addStretch(1);

    connect(algorithm_, &QComboBox::currentIndexChanged, this, &ExperimentPanel::onAlgorithmChanged);
    connect(blocks_, &ValueToggles::changed, this, &ExperimentPanel::refresh);
    connect(threads_, &ValueToggles::changed, this, &ExperimentPanel::refresh);
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
    limitsInRounds_->setToolTip(tr("The limits the cells are judged against (% of limit) measured among the "
                                   "cells at the start of every round, about a second each: every run against "
                                   "the ceiling of its own minutes (interleaved order only)"));
    options_ = new QLineEdit(box);
    options_->setPlaceholderText(tr("other options, name=value"));
    optionControls_ = new OptionControls(box);
    auto* form = new QFormLayout(box);
    form->addRow(tr("Block sizes"), blocks_);
    form->addRow(tr("Threads"), threads_);
    for (const sfp::Parameter* p : sfp::swept_parameters()) {
        const std::string name(p->name);
        ValueToggles* toggles = swept_toggles(*p, box);
        swept_.emplace_back(name, toggles);
        QString label = QString::fromStdString(name);
        label[0] = label[0].toUpper();
        form->addRow(label, toggles);
        connect(toggles, &ValueToggles::changed, this, &ExperimentPanel::refresh);
    }
    form->addRow(tr("Repetitions"), repetitions_);
    form->addRow(tr("Warm-ups"), warmups_);
    form->addRow(tr("Cache"), cache_);
    form->addRow(tr("Order"), order_);
    form->addRow(tr("Limits"), limitsInRounds_);
    form->addRow(tr("Options"), optionControls_);
    form->addRow(tr("Other options"), options_);
    for (QSpinBox* spin : {repetitions_, warmups_}) connect(spin, &QSpinBox::valueChanged, this, &ExperimentPanel::refresh);
    for (QComboBox* combo : {cache_, order_}) connect(combo, &QComboBox::currentIndexChanged, this, &ExperimentPanel::refresh);
    connect(options_, &QLineEdit::textChanged, this, &ExperimentPanel::refresh);
    connect(limitsInRounds_, &QCheckBox::toggled, this, &ExperimentPanel::refresh);
    connect(optionControls_, &OptionControls::changed, this, &ExperimentPanel::refresh);
    return box;
}

void ExperimentPanel::onAlgorithmChanged() {
    const std::string algorithm = algorithm_->currentText().toStdString();
    strategies_->setAlgorithm(algorithm);
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
    if (std::vector<std::uint64_t> blocks = blocks_->values(); !blocks.empty())
        e.sweeps[std::string(sfp::kBlockSizeParameter.name)] = std::move(blocks);
    else if (checkedRead(sfp::kBlockSizeParameter.name))
        throw InputError{tr("Block sizes: choose at least one (a checked strategy reads in blocks)")};
    if (std::vector<std::uint64_t> threads = threads_->values(); !threads.empty())
        e.sweeps[std::string(sfp::kThreadsParameter.name)] = std::move(threads);
    else if (checkedRead(sfp::kThreadsParameter.name))
        throw InputError{tr("Threads: choose at least one thread count (a checked strategy uses threads)")};
    for (const auto& [name, toggles] : swept_)
        if (checkedRead(name))
            if (std::vector<std::uint64_t> values = toggles->values(); !values.empty()) e.sweeps[name] = std::move(values);
    e.repetitions = unsigned(repetitions_->value());
    e.warmups = unsigned(warmups_->value());
    e.cache = sfp::CacheMode(cache_->currentData().toInt());
    e.order = sfp::Order(order_->currentData().toInt());
    e.seed = seed_;
    e.limits_in_rounds = limitsInRounds_->isChecked();
    e.options = optionControls_->options();
    for (const QString& pair : options_->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
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
            sfp::PlanOutcome outcome = sfp::plan(*e);
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
    if (strategies.empty())  // a spec without strategies means all of the algorithm's
        for (const sfp::Strategy* s : sfp::strategies_of(e.algorithm)) strategies.emplace_back(s->name);
    strategies_->setChecked(strategies);
    blocks_->setValues(sfp::swept_values(e, sfp::kBlockSizeParameter));
    std::vector<std::uint64_t> threads = sfp::swept_values(e, sfp::kThreadsParameter);
    for (std::uint64_t& t : threads) t = t ? t : std::max(1u, sfp::online_cpus());
    threads_->setValues(threads);
    for (const auto& [name, toggles] : swept_) {
        const auto it = e.sweeps.find(name);
        toggles->setValues(it == e.sweeps.end() ? std::vector<std::uint64_t>{} : it->second);
    }
    repetitions_->setValue(int(e.repetitions));
    warmups_->setValue(int(e.warmups));
    cache_->setCurrentIndex(cache_->findData(int(e.cache)));
    order_->setCurrentIndex(order_->findData(int(e.order)));
    seed_ = e.seed;
    limitsInRounds_->setChecked(e.limits_in_rounds);
    optionControls_->setAlgorithm(e.algorithm);
    QStringList options;
    for (const auto& [k, v] : optionControls_->setOptions(e.options)) options << QStringLiteral("%1=%2").arg(QString::fromStdString(k), QString::fromStdString(v));
    options_->setText(options.join(QStringLiteral(", ")));
    refresh();
}

ValueToggles* ExperimentPanel::swept(const std::string& name) const {
    for (const auto& [n, toggles] : swept_)
        if (n == name) return toggles;
    return nullptr;
}

bool ExperimentPanel::checkedRead(std::string_view parameter) const {
    const std::string algorithm = algorithm_->currentText().toStdString();
    const sfp::Parameter* param = sfp::find_parameter(algorithm, parameter);
    for (const std::string& s : strategies_->checked())
        if (const sfp::Strategy* strategy = sfp::find_strategy(algorithm, s);
            strategy && param && sfp::uses(*strategy, *param))
            return true;
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
    const bool blocks = checkedRead(sfp::kBlockSizeParameter.name), threads = checkedRead(sfp::kThreadsParameter.name);
    blocks_->setEnabled(blocks);
    blocks_->setToolTip(blocks ? QString() : tr("No checked strategy uses a block size"));
    threads_->setEnabled(threads);
    threads_->setToolTip(threads ? QString() : tr("No checked strategy uses threads"));
    for (const auto& [name, toggles] : swept_) {
        const bool used = checkedRead(name);
        toggles->setEnabled(used);
        toggles->setToolTip(used ? QString() : tr("No checked strategy uses %1").arg(QString::fromStdString(name)));
    }
    QString why;
    const std::optional<sfp::Plan> plan = validPlan(&why);  // judged and resolved once per change
    valid_ = false;
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
        estimate_->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(why.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
    }
    emit changed();
}

}  // namespace gui
