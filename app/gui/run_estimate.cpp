#include "run_estimate.hpp"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <filesystem>
#include <set>

#include "progress_panel.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/datagen.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/labels.hpp"
#include "sfp/registry.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"
#include "sfp/workspace.hpp"
#include "tree_counts.hpp"

namespace gui {
namespace {

bool is_cold(sfp::CacheMode cache) { return cache == sfp::CacheMode::cold; }
// hot and hot-written both find the data in memory; cold reads the device.
QString cache_word(sfp::CacheMode cache) { return is_cold(cache) ? QStringLiteral("cold") : QStringLiteral("hot"); }

// The strategy's key ("compare/read/hot"), or a cell's with its parameters ("compare/read block=4K threads=-/hot").
QString rate_key(const std::string& algorithm, const std::string& what, sfp::CacheMode cache) {
    return QStringLiteral("%1/%2/%3")
        .arg(QString::fromStdString(algorithm), QString::fromStdString(what), cache_word(cache));
}
QString kind_key(const std::string& kind, sfp::CacheMode cache) {
    return QStringLiteral("%1/%2").arg(QString::fromStdString(kind), cache_word(cache));
}

template <typename Map>
std::optional<double> find(const Map& map, const QString& key) {
    const auto it = map.find(key);
    return it == map.end() ? std::nullopt : std::optional<double>(it->second);
}

// Given inputs: every cell reads them all -- the files of a tree (none while `counts` counts
// them in the background; listed here when there is no `counts`), or their bytes.
std::optional<double> given_units(const sfp::Experiment& e, const sfp::InputKind* kind, TreeCounts* counts) {
    if (kind && kind->directory) return counts ? counts->files(*kind, e.inputs) : count_tree_files(*kind, e.inputs);
    double bytes = 0;
    for (const std::string& path : e.inputs) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec) bytes += double(size);
    }
    return bytes;
}

// The size mix a generated tree is made with: its kind's default (the runner sets none).
std::string default_mix(const sfp::InputKind& kind) {
    for (const sfp::Parameter& p : kind.options)
        if (p.name == "size_mix" && std::size_t(p.fallback) < p.choices.size())
            return std::string(p.choices[std::size_t(p.fallback)]);
    return sfp::tree_size_mixes().back();
}

// Generated data: a tree's files, or the bytes of every file of the set.
double generated_units(std::uint64_t size, const sfp::InputKind& kind) {
    return kind.directory ? double(sfp::tree_files_for(size, default_mix(kind))) : double(size) * double(kind.paths());
}

}  // namespace

Work work_of(const sfp::Experiment& e, TreeCounts* counts) { return work_of(e, sfp::expand(e), counts); }

Work work_of(const sfp::Plan& plan, TreeCounts* counts) { return work_of(plan.experiment, plan.cells, counts); }

Work work_of(const sfp::Experiment& e, const std::vector<sfp::Cell>& cells, TreeCounts* counts) {
    const sfp::AlgorithmIo* io = sfp::algorithm_io(e.algorithm);
    Work w;
    w.kind = !e.data_kind.empty() ? e.data_kind : io ? std::string(io->data_kind) : std::string();
    const sfp::InputKind* kind = sfp::find_input_kind(w.kind);
    w.per_file = kind && kind->directory;
    const std::optional<double> given = e.inputs.empty() ? std::nullopt : given_units(e, kind, counts);
    w.counting = !e.inputs.empty() && !given;
    for (const sfp::Cell& c : cells) {
        const double units = given        ? *given
                             : w.counting ? 0
                             : kind       ? generated_units(c.file_size, *kind)
                                          : double(c.file_size);
        w.cell_units.push_back(units);
        const sfp::Strategy* s = sfp::find_strategy(e.algorithm, c.strategy);
        const bool blocks = !w.per_file && s && sfp::uses(*s, sfp::kBlockSizeParameter) && c.value("block_size") > 0;
        w.cell_blocks.push_back(blocks ? units / double(c.value("block_size")) : 0);
    }
    if (kind && e.inputs.empty()) {
        const std::string workdir = e.workdir.empty() ? sfp::default_workdir() : e.workdir;
        for (std::uint64_t size : std::set<std::uint64_t>(e.sizes.begin(), e.sizes.end())) {
            try {
                if (sfp::bytes_to_generate(workdir, w.kind, {size}, e.seed) > 0)
                    w.generate_units += generated_units(size, *kind);
            } catch (const std::exception&) {
                w.generate_units += generated_units(size, *kind);  // a workspace not made yet
            }
        }
    }
    return w;
}

void RateBook::learn(const sfp::ExperimentReport& report, const Work& work, double wallSeconds,
                     double beforeRunsSeconds) {
    const sfp::Experiment& e = report.experiment;
    if (report.cancelled || e.repetitions == 0 || work.cell_units.size() != report.cells.size()) return;
    std::map<QString, std::pair<double, double>> seen;  // key -> units, seconds
    double timed = 0, units = 0;
    std::size_t runs = 0;
    for (const sfp::RunRecord& r : report.runs) {
        if (r.status != sfp::RunStatus::ok || r.result.real_s <= 0 || r.cell >= report.cells.size()) continue;
        const sfp::Cell& cell = report.cells[r.cell];
        for (const std::string& what : {cell.strategy, sfp::parameters_label(cell)}) {
            auto& [done, seconds] = seen[rate_key(e.algorithm, what, e.cache)];
            done += work.cell_units[r.cell];
            seconds += r.result.real_s;
        }
        timed += r.result.real_s;
        units += work.cell_units[r.cell];
        ++runs;
    }
    for (const auto& [key, sums] : seen)
        if (sums.first > 0) rates_[key] = sums.first / sums.second;
    if (runs == 0 || report.runs.size() != runs || units <= 0) return;  // the rest only from a clean experiment
    // Warm-ups are not in the report: they cost about what a timed run of the same cell costs.
    const double per_timed = double(e.repetitions + e.warmups) / double(e.repetitions);
    double before = 0;  // generating data: the time before the first run, less that cell's warm-ups
    if (beforeRunsSeconds >= 0) {
        const sfp::RunRecord& first = report.runs.front();
        before = std::max(0.0, beforeRunsSeconds - double(e.warmups) * first.result.real_s);
        if (work.generate_units > 0) generate_[QString::fromStdString(work.kind)] = before / work.generate_units;
    }
    around_[kind_key(work.kind, e.cache)] =
        std::max(0.0, wallSeconds - before - timed * per_timed) / (units * per_timed);
}

std::optional<double> RateBook::unitsPerSecond(const std::string& algorithm, const std::string& strategy,
                                               sfp::CacheMode cache) const {
    return find(rates_, rate_key(algorithm, strategy, cache));
}

std::optional<double> RateBook::unitsPerSecond(const std::string& algorithm, const sfp::Cell& cell,
                                               sfp::CacheMode cache) const {
    if (const auto own = find(rates_, rate_key(algorithm, sfp::parameters_label(cell), cache))) return own;
    return unitsPerSecond(algorithm, cell.strategy, cache);
}

const RateBook& RateBook::firstGuesses() {
    static const RateBook book = [] {
        QFile file(QStringLiteral(":/estimates/first-guesses.json"));
        if (!file.open(QIODevice::ReadOnly)) return RateBook();
        return fromVariant(QJsonDocument::fromJson(file.readAll()).object().toVariantMap());
    }();
    return book;
}
std::optional<double> RateBook::aroundPerUnit(const std::string& kind, sfp::CacheMode cache) const {
    return find(around_, kind_key(kind, cache));
}
std::optional<double> RateBook::generatePerUnit(const std::string& kind) const {
    return find(generate_, QString::fromStdString(kind));
}

namespace {

QVariantMap as_variant(const std::map<QString, double>& map) {
    QVariantMap out;
    for (const auto& [key, value] : map) out[key] = value;
    return out;
}

std::map<QString, double> from_variant(const QVariant& stored) {
    std::map<QString, double> out;
    const QVariantMap map = stored.toMap();
    for (auto it = map.begin(); it != map.end(); ++it)
        if (const double v = it.value().toDouble(); v >= 0) out[it.key()] = v;
    return out;
}

}  // namespace

// "units-per-second", not the "bytes-per-second" of earlier versions: a tree's unit is a file now.
QVariantMap RateBook::toVariant() const {
    return {{QStringLiteral("units-per-second"), as_variant(rates_)},
            {QStringLiteral("around-per-unit"), as_variant(around_)},
            {QStringLiteral("generate-per-unit"), as_variant(generate_)}};
}

RateBook RateBook::fromVariant(const QVariantMap& stored) {
    RateBook book;
    book.rates_ = from_variant(stored.value(QStringLiteral("units-per-second")));
    std::erase_if(book.rates_, [](const auto& kv) { return kv.second <= 0; });
    book.around_ = from_variant(stored.value(QStringLiteral("around-per-unit")));
    book.generate_ = from_variant(stored.value(QStringLiteral("generate-per-unit")));
    return book;
}

Estimate estimate(const sfp::Experiment& experiment, const Work& work, const RateBook& rates) {
    return estimate(experiment, sfp::expand(experiment), work, rates);
}

Estimate estimate(const sfp::Plan& plan, const Work& work, const RateBook& rates) {
    return estimate(plan.experiment, plan.cells, work, rates);
}

Estimate estimate(const sfp::Experiment& e, const std::vector<sfp::Cell>& cells, const Work& work,
                  const RateBook& rates) {
    const sfp::AlgorithmIo* io = sfp::algorithm_io(e.algorithm);
    const bool cold = is_cold(e.cache);
    const double per_cell = e.repetitions + e.warmups;
    const std::optional<double> around = rates.aroundPerUnit(work.kind, e.cache);
    // Not measured here: as on the development VM, else the constant guess.
    const double around_s =
        around ? *around
               : RateBook::firstGuesses()
                     .aroundPerUnit(work.kind, e.cache)
                     .value_or(work.per_file ? (cold ? kGuess.around_cold_file_s : kGuess.around_hot_file_s)
                                             : (cold ? kGuess.around_cold_byte_s : kGuess.around_hot_byte_s));
    Estimate out;
    out.counting = work.counting;
    out.cells = cells.size();
    out.runs = cells.size() * e.repetitions;
    out.warmups = cells.size() * e.warmups;
    out.guessed_around = !around || (work.generate_units > 0 && !rates.generatePerUnit(work.kind));
    for (std::size_t i = 0; i < cells.size() && i < work.cell_units.size(); ++i) {
        const double units = work.cell_units[i];
        double run = 0;
        const std::optional<double> learned = rates.unitsPerSecond(e.algorithm, cells[i], e.cache);
        out.guessed_cells += learned ? 0 : 1;
        if (const auto rate =
                learned ? learned : RateBook::firstGuesses().unitsPerSecond(e.algorithm, cells[i], e.cache)) {
            run = units / *rate;
        } else {
            const double bytes_per_s = io && io->writes_output ? kGuess.written_bytes_per_s
                                       : cold                  ? kGuess.cold_bytes_per_s
                                                               : kGuess.hot_bytes_per_s;
            run = work.per_file ? units * (cold ? kGuess.cold_file_s : kGuess.hot_file_s)
                                : units / bytes_per_s + work.cell_blocks[i] * kGuess.block_s;
        }
        run += units * around_s;
        out.cell_run.push_back(run);
        out.seconds += per_cell * run;
    }
    out.before_runs = work.generate_units * rates.generatePerUnit(work.kind).value_or(
                                                work.per_file ? kGuess.generate_file_s : kGuess.generate_byte_s);
    out.seconds += out.before_runs;
    return out;
}

Estimate estimate(const sfp::Experiment& experiment, const RateBook& rates, TreeCounts* counts) {
    return estimate(experiment, work_of(experiment, counts), rates);
}

QString estimate_text(const Estimate& e) {
    QString text = QObject::tr("%1 cells × %2 repetitions = <b>%3 runs</b>")
                       .arg(e.cells)
                       .arg(e.cells ? e.runs / e.cells : 0)
                       .arg(e.runs);
    if (e.warmups) text += QObject::tr(" (+%1 warm-ups)").arg(e.warmups);
    if (e.counting) return text + QObject::tr(" · counting the input's files for the time it takes");
    const QString basis =
        e.guessed_cells == 0 && !e.guessed_around ? QObject::tr("measured here")
        : e.guessed_cells == e.cells              ? QObject::tr("a first guess: nothing of this kind measured here yet")
        : e.guessed_cells == 0 ? QObject::tr("the time around runs guessed: this input and cache not measured here yet")
                               : QObject::tr("%1 of %2 cells guessed: their strategies not measured here yet")
                                     .arg(e.guessed_cells)
                                     .arg(e.cells);
    return text + QObject::tr(" · about %1 (%2)").arg(duration_text(e.seconds), basis);
}

}  // namespace gui
