#include "report_content.hpp"
#include "work_count.hpp"

#include <QDateTime>
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "experiment_file.hpp"
#include "limits_text.hpp"
#include "report_format.hpp"
#include "report_why.hpp"
#include "report_import.hpp"
#include "sfp/datagen.hpp"
#include "sfp/labels.hpp"
#include "sfp/parameter.hpp"

namespace core {
namespace {

// One of the experiment's own commands (sfp/command.hpp): a floor of theirs is "unchecked".
bool is_command(const sfp::Experiment& e, const std::string& strategy) {
    return std::ranges::any_of(e.commands, [&](const sfp::Command& c) { return c.name == strategy; });
}

QString text(const std::string& s) { return QString::fromStdString(s); }
QString size_text(std::uint64_t bytes) { return text(sfp::format_size(bytes)); }
QString plural(std::size_t n, const QString& one, const QString& many) {
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

// A parameter's distinct values over the cells that have one, ascending by value, as text.
template <typename Value, typename Text>
QStringList values_of(const sfp::ExperimentReport& report, Value value, Text text_of) {
    std::set<std::int64_t> set;
    for (const sfp::Cell& c : report.cells)
        if (const std::optional<std::int64_t> v = value(c)) set.insert(*v);
    QStringList out;
    for (std::int64_t v : set) out << text_of(v);
    return out;
}

struct Parameter {
    QString name;
    QStringList values;                           // "4K", "letters": as the table shows them
    std::function<QString(const sfp::Cell&)> of;  // the cell's value in the table, "-" when unused
};

// Every parameter, in the order the tables show them; file size last (it titles each input's table).
std::vector<Parameter> parameters(const sfp::ExperimentReport& report) {
    std::vector<Parameter> list;
    for (const sfp::Parameter* p : sfp::cell_parameters()) {  // block size, threads, then those some cell uses
        QStringList values = values_of(
            report, [p](const sfp::Cell& c) { return sfp::parameter_value(c, *p); },
            [p](std::int64_t v) { return text(sfp::value_text(*p, v)); });  // a choice by its name
        if (values.isEmpty() && p->list_field.empty()) continue;
        list.push_back({text(std::string(p->name)).replace('_', ' '), std::move(values),
                        [p](const sfp::Cell& c) { return text(sfp::parameter_text(c, *p)); }});
    }
    const auto file_size = [](const sfp::Cell& c) {
        return c.file_size ? std::optional<std::int64_t>(std::int64_t(c.file_size)) : std::nullopt;
    };
    list.push_back({QStringLiteral("file size"),
                    values_of(report, file_size, [](std::int64_t v) { return size_text(std::uint64_t(v)); }),
                    [](const sfp::Cell& c) { return size_text(c.file_size); }});
    return list;
}

QString with_space(const QString& s) { return s.isEmpty() ? s : QLatin1Char(' ') + s; }

QString values_text(const Parameter& p) { return p.values.join(QStringLiteral(", ")); }

// A set of medians without its runs (a reference set from an article), not an experiment that ran.
bool medians_only(const sfp::ExperimentReport& report) { return report.runs.empty() && !report.cancelled; }

QString input_title(const sfp::ExperimentReport& report, std::size_t set) {
    const sfp::InputSet& in = report.input_sets.at(set);
    const QString which = report.input_sets.size() > 1
                              ? QStringLiteral("Input %1 of %2").arg(set + 1).arg(report.input_sets.size())
                              : QStringLiteral("Input");
    if (!report.experiment.inputs.empty()) {
        QStringList names;
        for (const std::string& p : in.paths) names << text(p);
        return QStringLiteral("%1: %2 (%3)").arg(which, names.join(QStringLiteral(", ")), size_text(in.file_size));
    }
    if (medians_only(report))  // a reference set states only the size
        return QStringLiteral("%1: %2 bytes").arg(which, QString::number(in.file_size));
    return QStringLiteral("%1: %2 generated %3 data")
        .arg(which, size_text(in.file_size), text(report.experiment.data_kind));
}

// "2 of 5 runs error; 1 MISMATCH": each cell's runs that were not ok, counted in one pass over
// the runs (a pass per cell made the tables quadratic).
class Troubles {
public:
    explicit Troubles(const sfp::ExperimentReport& report) : report_(report), cells_(report.cells.size()) {
        for (const sfp::RunRecord& r : report.runs) {
            ++items_looked_at;
            if (r.cell >= cells_.size()) cells_.resize(r.cell + 1);
            Counts& c = cells_[r.cell];
            ++c.total;
            if (r.status != sfp::RunStatus::ok) ++c.by_status[sfp::to_string(r.status)];  // by text: a stable order
        }
    }

    QString of(std::size_t cell) const {
        const Counts none;
        const Counts& c = cell < cells_.size() ? cells_[cell] : none;
        QStringList parts;
        for (const auto& [status, n] : c.by_status)
            parts << QStringLiteral("%1 of %2 runs %3").arg(n).arg(c.total).arg(text(status));
        if (c.total == 0 && !medians_only(report_)) parts << QStringLiteral("no runs");
        return parts.join(QStringLiteral("; "));
    }

private:
    struct Counts {
        std::map<std::string, int> by_status;
        int total = 0;
    };
    const sfp::ExperimentReport& report_;
    std::vector<Counts> cells_;
};

ReportTable input_table(const sfp::ExperimentReport& report, std::size_t set, const std::vector<Parameter>& shown,
                        const Ranks& ranks, const Troubles& troubles) {
    ReportTable t;
    t.title = input_title(report, set);
    t.columns = {QStringLiteral("strategy")};
    for (const Parameter& p : shown) t.columns << p.name;
    t.numeric.assign(std::size_t(t.columns.size()), false);
    t.numeric.insert(t.numeric.end(), {true, true, true, true, true, true, true, false, false});
    t.columns << QStringList{QStringLiteral("runs"),     QStringLiteral("median"),  QStringLiteral("± 95 % CI"),
                             QStringLiteral("CV %"),     QStringLiteral("MB/s"),    QStringLiteral("% of limit"),
                             QStringLiteral("× slower"), QStringLiteral("verdict"), QStringLiteral("notes")};
    std::set<QString> bounds;  // the limits this table's cells are judged against, for its note
    for (const sfp::CellStats& st : report.stats) {
        const sfp::Cell& cell = report.cells.at(st.cell);
        if (cell.input_set != set) continue;
        QStringList row{text(cell.strategy)};
        for (const Parameter& p : shown) row << p.of(cell);
        // One run has no spread (n/a, not 0); nor has a reference set, which states medians only.
        const bool any = st.real.n > 0, spread = st.real.n > 1 && !medians_only(report);
        const std::optional<double> ratio = ranks.ratio(st.cell);
        QStringList notes;
        if (st.high_variation) notes << QStringLiteral("high variation");
        if (!st.real.outliers.empty())
            notes << plural(st.real.outliers.size(), QStringLiteral("outlier"), QStringLiteral("outliers")) +
                         QStringLiteral(" (MAD rule)");
        if (const QString bad = troubles.of(st.cell); !bad.isEmpty()) notes << bad;
        if (cell.reference_floor)
            notes << (is_command(report.experiment, cell.strategy) ? QStringLiteral("unchecked")
                                                                   : QStringLiteral("reference floor"));
        const sfp::CellLimit limit = sfp::cell_limit(report, st.cell);
        const std::optional<double> pct = cell_limit_pct(st, limit);
        if (above_limit(pct)) notes << "above its limit: " + kAboveLimit;
        bounds.insert(limit.name.empty() ? QString::fromStdString(limit.reason)
                                         : QString::fromStdString(limit.label()) + " " + rate_text(limit.bytes_per_s));
        row << QString::number(st.real.n) << (any ? duration_text(st.real.median) : kUnknown)
            << (spread ? duration_text(st.real.ci95) : kUnknown)
            << (spread ? QString::number(st.real.cv * 100, 'f', 1) : kUnknown) << number_text(cell_throughput(st), 1)
            << number_text(pct, 0)
            << (ratio ? QString::number(*ratio, 'f', 2) : kUnknown) + with_space(ranks.interval(st.cell))
            << ranks.verdict(st.cell) << notes.join(QStringLiteral("; "));
        t.rows.push_back(row);
        // A single run is no evidence of being fastest: not set in bold (its verdict says so).
        t.strong.push_back(ranks.fastest(st.cell) && (spread || (any && medians_only(report))));
    }
    QStringList judged(bounds.begin(), bounds.end());
    t.note = QStringLiteral(
                 "× slower: the median over the fastest median on this input, [with its 95 % CI]; verdict: "
                 "~ for no difference shown (p > 0.05 or the CI within ±%1 %), too few below %2 runs a side "
                 "(Comparisons, under Method). % of limit: MB/s against %3 (the Machine section lists the limits).")
                 .arg(report.noise * 100, 0, 'g', 3)
                 .arg(sfp::kVerdictRepetitions)
                 .arg(judged.join(QStringLiteral("; ")));
    return t;
}

QString sentence(const sfp::ExperimentReport& report) {
    const sfp::Experiment& e = report.experiment;
    std::set<std::string> strategies;
    for (const sfp::Cell& c : report.cells) strategies.insert(c.strategy);
    return QStringLiteral("%1 timed with %2 on %3: %4, each run %5 in %6 cache.")
        .arg(text(e.algorithm), plural(strategies.size(), QStringLiteral("strategy"), QStringLiteral("strategies")),
             plural(report.input_sets.size(), QStringLiteral("input"), QStringLiteral("inputs")),
             plural(report.cells.size(), QStringLiteral("cell"), QStringLiteral("cells")),
             plural(e.repetitions, QStringLiteral("time"), QStringLiteral("times")), sfp::to_string(e.cache));
}

QString status(const sfp::ExperimentReport& report) {
    QStringList parts;
    const std::size_t planned = report.cells.size() * report.experiment.repetitions;
    if (report.cancelled)
        parts << QStringLiteral("Cancelled: %1 of %2 timed runs completed; the statistics count only those.")
                     .arg(report.runs.size())
                     .arg(planned);
    std::size_t failed = 0;
    for (const sfp::RunRecord& r : report.runs) failed += r.status != sfp::RunStatus::ok;
    if (failed)
        parts << QStringLiteral("%1 of %2 runs did not succeed (failed or disagreed): see the notes and warnings.")
                     .arg(failed)
                     .arg(report.runs.size());
    return parts.join(QLatin1Char(' '));
}

std::vector<Fact> machine(const sfp::MachineInfo& m) {
    return {{QStringLiteral("Host"), text(m.host)},
            {QStringLiteral("CPU"), text(m.cpu_model)},
            {QStringLiteral("Cores"), QString::number(m.cores)},
            {QStringLiteral("Memory"), QString::number(double(m.memory_bytes) / double(1ull << 30), 'f', 1) + " GiB"},
            {QStringLiteral("Kernel"), text(m.kernel)},
            {QStringLiteral("Filesystem of the inputs"), text(m.filesystem)},
            {QStringLiteral("Device of the inputs"), text(m.device)},
            {QStringLiteral("sfpbench"), text(m.tool_version)}};
}

QString cache_text(const sfp::ExperimentReport& report) {
    static const std::map<sfp::CacheMode, QString> meaning = {
        {sfp::CacheMode::hot, QStringLiteral("inputs evicted, then read once before the runs and again before each")},
        {sfp::CacheMode::hot_written,
         QStringLiteral("generated data written just before the runs, in the state writing leaves")},
        {sfp::CacheMode::cold, QStringLiteral("inputs evicted from the page cache before every run")}};
    // The runner's own account of how it got there, when the report has one.
    QString out = report.cache_method.empty() ? QStringLiteral("%1: %2").arg(sfp::to_string(report.experiment.cache),
                                                                             meaning.at(report.experiment.cache))
                                              : text(report.cache_method);
    std::vector<double> residency;
    for (const sfp::RunRecord& r : report.runs)
        if (r.residency_pct >= 0) residency.push_back(r.residency_pct);
    if (!residency.empty()) {
        std::nth_element(residency.begin(), residency.begin() + std::ptrdiff_t(residency.size() / 2), residency.end());
        out += QStringLiteral("; state found: median %1 % of the inputs cached before a run")
                   .arg(residency[residency.size() / 2], 0, 'f', 0);
    }
    return out;
}

// When the runs began, in UTC; reports from before it was recorded do not know.
QString measured_text(const sfp::ExperimentReport& report) {
    if (report.measured_at.empty()) return QStringLiteral("unknown (the report does not record it)");
    const QDateTime at = QDateTime::fromString(text(report.measured_at), Qt::ISODate);
    return at.isValid() ? at.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")) : text(report.measured_at);
}

// How the times were taken; a report written before CPU time was exact says so.
QString times_text(const sfp::ExperimentReport& report) {
    QString out =
        QStringLiteral(
            "elapsed is the steady clock around one run; CPU time is exact: the scheduler's runtime of the engine's "
            "own threads only (CLOCK_THREAD_CPUTIME_ID), summed; user and system are the kernel's tick-sampled "
            "proportion of it, not resolved for runs with fewer than %1 ticks of CPU per thread; baselines (system "
            "tools) run as child processes, their CPU time read from the process CPU clock before wait4 reaps them")
            .arg(sfp::kSplitTicks);
    const bool older = std::any_of(report.runs.begin(), report.runs.end(),
                                   [](const sfp::RunRecord& r) { return !r.result.usage.cpu_exact; });
    if (older)
        out += QStringLiteral(
            "; this report was written before CPU time was exact: its CPU time is user + sys, tick-sampled");
    return out;
}

std::vector<Fact> method(const sfp::ExperimentReport& report, const std::vector<Parameter>& params) {
    const sfp::Experiment& e = report.experiment;
    std::vector<std::string> strategies;
    for (const sfp::Cell& c : report.cells)
        if (std::find(strategies.begin(), strategies.end(), c.strategy) == strategies.end())
            strategies.push_back(c.strategy);
    QStringList names, swept, fixed;
    for (const std::string& s : strategies) names << text(s);
    for (const Parameter& p : params)
        if (!p.values.isEmpty())
            (p.values.size() > 1 ? swept : fixed) << QStringLiteral("%1 %2").arg(p.name, values_text(p));
    std::vector<Fact> facts = {
        {QStringLiteral("Measured"), measured_text(report)},
        {QStringLiteral("Algorithm"), text(e.algorithm)},
        {QStringLiteral("Strategies"), names.join(QStringLiteral(", "))},
        {QStringLiteral("Swept"), swept.isEmpty() ? QStringLiteral("nothing") : swept.join(QStringLiteral("; "))},
        {QStringLiteral("Fixed"), fixed.isEmpty() ? QStringLiteral("nothing") : fixed.join(QStringLiteral("; "))},
        {QStringLiteral("Repetitions"),
         QStringLiteral("%1 timed per cell, after %2")
             .arg(e.repetitions)
             .arg(plural(e.warmups, QStringLiteral("untimed warm-up"), QStringLiteral("untimed warm-ups")))},
        {QStringLiteral("Order"),
         e.order == sfp::Order::interleaved
             ? QStringLiteral("interleaved: each round runs every cell once, in a random order drawn from seed %1")
                   .arg(e.seed)
             : QStringLiteral("sequential: all repetitions of a cell together (seed %1)").arg(e.seed)},
        {QStringLiteral("Cache"), cache_text(report)},
        {QStringLiteral("Times"), times_text(report)},
        {QStringLiteral("Agreement"),
         QStringLiteral("every run's outcome digest is compared across strategies on the same input; the digest most "
                        "strategies produce is the reference and any other is a MISMATCH (reference floors, which "
                        "compute something else, are left out)") +
             (report.experiment.commands.empty()
                  ? QString()
                  : QStringLiteral("; a command of the user's answers in the words of its check, judged against "
                                   "the reference, and never votes (unchecked ones are left out)"))},
        {QStringLiteral("Statistics"),
         QStringLiteral("median of the timed runs; ± 95 % CI is the half-width of the confidence interval of the mean "
                        "(Student t), n/a for a single run; CV = standard deviation / mean, high variation above %1 %; "
                        "outliers by the MAD rule (modified z-score above 3.5), counted, never dropped")
             .arg(sfp::kHighVariationCv * 100, 0, 'f', 0)},
        {QStringLiteral("Comparisons"),
         QStringLiteral(
             "× slower = median / the fastest median on the same input; its 95 % CI is Hodges–Lehmann's on log "
             "times; p from the Wilcoxon signed-rank test over interleaving rounds (Mann–Whitney U for "
             "sequential runs and other result sets); verdict ~ when p > 0.05 or the whole CI lies within "
             "±%1 %; no CI, p or verdict below %2 repetitions a side (docs/statistics.md)")
             .arg(report.noise * 100, 0, 'g', 3)
             .arg(sfp::kVerdictRepetitions)},
    };
    return facts;
}

QStringList warnings(const sfp::ExperimentReport& report) {
    QStringList out;
    std::map<std::string, std::size_t> counts;
    for (const sfp::RunRecord& r : report.runs)
        if (r.status != sfp::RunStatus::ok) ++counts[sfp::to_string(r.status)];
    for (const auto& [s, n] : counts) {
        QString w = QStringLiteral("%1 %2").arg(plural(n, QStringLiteral("run"), QStringLiteral("runs")), text(s));
        if (s == sfp::to_string(sfp::RunStatus::mismatch))
            w += QStringLiteral(
                ": their outcome differs from the other strategies' on the same input, "
                "so their times measure a wrong answer");
        else
            w += QStringLiteral(": they are left out of the statistics (the notes column names the cells)");
        out << w;
    }
    std::size_t noisy = 0;
    for (const sfp::CellStats& st : report.stats) noisy += st.high_variation;
    if (noisy)
        out << QStringLiteral(
                   "%1 with high variation (CV above %2 %): their medians are less certain; more repetitions "
                   "or a quieter machine narrow them")
                   .arg(plural(noisy, QStringLiteral("cell"), QStringLiteral("cells")))
                   .arg(sfp::kHighVariationCv * 100, 0, 'f', 0);
    for (const sfp::SizeFit& f : report.fits)
        if (f.nonlinear)
            out << QStringLiteral("%1: time does not grow linearly with file size (the points bend away from the line)")
                       .arg(text(sfp::fit_label(report, f)));
    if (report.cancelled) out << QStringLiteral("cancelled: cells may have fewer runs than planned");
    return out;
}

// Per cell found in both: this report's median, the other's, their ratio with its interval, p
// and verdict (two experiments: Mann-Whitney U), then the geometric mean over those cells.
ReportTable comparison(const sfp::ExperimentReport& report, const ComparedSet& other) {
    ReportTable t;
    t.title = QStringLiteral("Compared with %1").arg(other.label);
    t.columns = {QStringLiteral("cell"),
                 QStringLiteral("median here"),
                 QStringLiteral("median %1").arg(other.label),
                 QStringLiteral("%1 / here").arg(other.label),
                 QStringLiteral("95 % CI"),
                 QStringLiteral("verdict")};
    t.numeric = {false, true, true, true, false, false};
    const ResultSet here = result_set(report, QStringLiteral("here")), there = result_set(other.report, other.label);
    std::vector<CellPair> matched;
    for (const CellPair& p : compare_sets(here, there).both) {
        const std::optional<double> ratio = p.ratio();
        if (!ratio) continue;
        matched.push_back(p);
        const sfp::Comparison c = p.comparison();
        t.rows.push_back({text(p.a->label()), duration_text(*p.a->median_s), duration_text(*p.b->median_s),
                          QString::number(*ratio, 'f', 2), text(sfp::bounds_text(c)),
                          verdict_in_table(c, report.noise)});
        t.strong.push_back(false);
    }
    if (const GeoMean g = geometric_means(matched); g.cells > 1) {
        t.rows.push_back({QStringLiteral("geometric mean of %1 cells").arg(g.cells), duration_text(g.a),
                          duration_text(g.b), QString::number(g.ratio, 'f', 2), QString(), QString()});
        t.strong.push_back(true);
    }
    t.note = QStringLiteral(
                 "%1 of %2 cells here have a match in %3 (same strategy and parameters); a ratio above 1 "
                 "means %3 was slower.")
                 .arg(matched.size())
                 .arg(report.stats.size())
                 .arg(other.label);
    return t;
}

}  // namespace

ReportContent report_content(const sfp::ExperimentReport& report, const std::vector<ComparedSet>& extra) {
    ReportContent c;
    c.title = QStringLiteral("sfpbench report: %1").arg(text(report.experiment.algorithm));
    c.sentence = sentence(report);
    c.status = status(report);
    c.machine = machine(report.machine);
    for (Fact& f : limit_facts(report.limits)) c.machine.push_back(std::move(f));
    const std::vector<Parameter> params = parameters(report);
    c.method = method(report, params);
    std::vector<Parameter> shown(params.begin(), params.end() - 1);  // file size is each table's title
    std::erase_if(shown, [](const Parameter& p) { return p.values.isEmpty(); });
    const Ranks ranks(report);
    const Troubles troubles(report);
    for (std::size_t set = 0; set < report.input_sets.size(); ++set)
        c.tables.push_back(input_table(report, set, shown, ranks, troubles));
    c.why = why_tables(report);
    c.warnings = warnings(report);
    for (const ComparedSet& other : extra) {
        c.comparisons.push_back(comparison(report, other));
        const QStringList notes =
            comparison_notes(traits_of(report), traits_of(other.report), QStringLiteral("this report"), other.label);
        c.comparisons.back().note +=
            notes.isEmpty() ? QString() : QStringLiteral(" Note: ") + notes.join(QStringLiteral("; ")) + ".";
        c.warnings << notes;
    }
    c.spec = experiment_text(report.experiment);
    c.replay = QStringLiteral("sfpbench run experiment.json --json report.json --markdown report.md");
    return c;
}

}  // namespace core
