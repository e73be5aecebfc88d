#include "run_estimate.hpp"

#include <QObject>

#include "progress_panel.hpp"

namespace gui {
namespace {

QString rate_key(const std::string& algorithm, const std::string& strategy, sfp::CacheMode cache) {
    // hot and hot-written both find the data in memory; cold reads the device.
    return QStringLiteral("%1/%2/%3")
        .arg(QString::fromStdString(algorithm), QString::fromStdString(strategy),
             cache == sfp::CacheMode::cold ? QStringLiteral("cold") : QStringLiteral("hot"));
}

}  // namespace

void RateBook::learn(const sfp::ExperimentReport& report, double wallSeconds) {
    const sfp::Experiment& e = report.experiment;
    if (report.cancelled || e.repetitions == 0) return;
    std::map<QString, std::pair<double, double>> seen;  // key -> bytes, seconds
    double timed = 0;
    std::size_t runs = 0;
    for (const sfp::RunRecord& r : report.runs) {
        if (r.status != sfp::RunStatus::ok || r.result.real_s <= 0 || r.cell >= report.cells.size()) continue;
        auto& [bytes, seconds] = seen[rate_key(e.algorithm, report.cells[r.cell].strategy, e.cache)];
        bytes += double(r.result.bytes);
        seconds += r.result.real_s;
        timed += r.result.real_s;
        ++runs;
    }
    for (const auto& [key, sums] : seen)
        if (sums.first > 0) rates_[key] = sums.first / sums.second;
    if (runs == 0 || report.runs.size() != runs) return;  // the time around runs only from a clean experiment
    // Warm-ups are not in the report: they cost about what a timed run of the same cell costs.
    const double per_timed = double(e.repetitions + e.warmups) / double(e.repetitions);
    overhead_s_ = std::max(0.0, wallSeconds - timed * per_timed) / (double(runs) * per_timed);
}

std::optional<double> RateBook::bytesPerSecond(const std::string& algorithm, const std::string& strategy,
                                               sfp::CacheMode cache) const {
    const auto it = rates_.find(rate_key(algorithm, strategy, cache));
    return it == rates_.end() ? std::nullopt : std::optional<double>(it->second);
}

QVariantMap RateBook::toVariant() const {
    QVariantMap rates;
    for (const auto& [key, rate] : rates_) rates[key] = rate;
    return {{QStringLiteral("bytes-per-second"), rates}, {QStringLiteral("overhead-per-run"), overhead_s_}};
}

RateBook RateBook::fromVariant(const QVariantMap& stored) {
    RateBook book;
    const QVariantMap rates = stored.value(QStringLiteral("bytes-per-second")).toMap();
    for (auto it = rates.begin(); it != rates.end(); ++it)
        if (const double rate = it.value().toDouble(); rate > 0) book.rates_[it.key()] = rate;
    book.overhead_s_ = std::max(0.0, stored.value(QStringLiteral("overhead-per-run")).toDouble());
    return book;
}

Estimate estimate(const sfp::Experiment& experiment, const RateBook& rates) {
    const std::vector<sfp::Cell> cells = sfp::expand(experiment);
    const sfp::AlgorithmIo* io = sfp::algorithm_io(experiment.algorithm);
    const double inputs = io ? double(io->inputs) : 1.0;
    const double guess = experiment.cache == sfp::CacheMode::cold ? kColdGuessBytesPerSecond : kHotGuessBytesPerSecond;
    const double per_cell = experiment.repetitions + experiment.warmups;
    Estimate e;
    e.cells = cells.size();
    e.runs = cells.size() * experiment.repetitions;
    e.warmups = cells.size() * experiment.warmups;
    for (const sfp::Cell& c : cells) {
        const std::optional<double> rate = rates.bytesPerSecond(experiment.algorithm, c.strategy, experiment.cache);
        if (!rate) ++e.guessed_cells;
        e.seconds += per_cell * (double(c.file_size) * inputs / rate.value_or(guess) + rates.overheadPerRun());
    }
    return e;
}

QString estimate_text(const Estimate& e) {
    QString text = QObject::tr("%1 cells × %2 repetitions = <b>%3 runs</b>")
                       .arg(e.cells)
                       .arg(e.cells ? e.runs / e.cells : 0)
                       .arg(e.runs);
    if (e.warmups) text += QObject::tr(" (+%1 warm-ups)").arg(e.warmups);
    const QString basis = e.guessed_cells == 0 ? QObject::tr("measured here")
                          : e.guessed_cells == e.cells
                              ? QObject::tr("a guess of %1 GB/s hot, %2 GB/s cold: nothing measured here yet")
                                    .arg(kHotGuessBytesPerSecond / 1e9).arg(kColdGuessBytesPerSecond / 1e9)
                              : QObject::tr("%1 of %2 cells guessed: their strategies not measured here yet")
                                    .arg(e.guessed_cells).arg(e.cells);
    return text + QObject::tr(" · about %1 (%2)").arg(duration_text(e.seconds), basis);
}

}  // namespace gui
