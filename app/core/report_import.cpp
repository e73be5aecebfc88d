#include "report_import.hpp"

#include <map>

#include <QFileInfo>
#include <new>
#include <QJsonObject>

#include "sfp/cell.hpp"
#include "sfp/datagen.hpp"
#include "sfp/machine_info.hpp"
#include "sfp/parameter.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace core {
namespace {

std::string machine_line(const sfp::MachineInfo& m) {
    std::string line = m.cpu_model;
    if (m.cores > 0) line += ", " + std::to_string(m.cores) + " cores";
    if (m.memory_bytes > 0)
        line += ", " + QString::number(double(m.memory_bytes) / double(1ull << 30), 'f', 0).toStdString() + " GiB RAM";
    if (!m.kernel.empty()) line += ", " + m.kernel;  // "Linux 6.1.0" as uname says it
    return line;
}

ImportedCell imported(const sfp::Cell& c, const sfp::Summary& real, std::vector<double> times) {
    ImportedCell cell;
    cell.times = std::move(times);
    cell.strategy = c.strategy;
    cell.file_size = c.file_size;
    cell.parameters = c.parameters;
    cell.n = real.n;
    if (real.n > 0) cell.median_s = real.median;
    return cell;
}

}  // namespace

std::string ImportedCell::key() const {
    std::string k = strategy + "|" + std::to_string(file_size);
    for (const auto& [name, value] : parameters) k += "|" + name + "=" + std::to_string(value);
    return k;
}

// Block size and threads, the size, then the swept options; each by its label word.
std::string ImportedCell::label() const {
    std::string l = strategy, swept;
    for (const sfp::Parameter* p : sfp::cell_parameters())
        if (const auto it = parameters.find(p->name); it != parameters.end())
            (sfp::is_run_field(*p) ? l : swept) +=
                " " + std::string(sfp::label_word(*p)) + "=" + sfp::value_text(*p, std::int64_t(it->second));
    if (file_size) l += " size=" + sfp::format_size(file_size);
    return l + swept;
}

std::string ResultSet::name() const { return date.empty() ? machine : machine + ", " + date; }

ResultSet import_report_text(const QByteArray& bytes, const QString& path, const std::string& algorithm) {
    const ReportResults results = report_results(bytes, path);
    ResultSet set;
    set.path = path;
    set.algorithm = results.algorithm;
    if (set.algorithm.empty()) throw ImportError(path, "the report names no algorithm (experiment.algorithm)");
    if (!algorithm.empty()) check_comparable({algorithm, {}, {}}, traits_of(set), path);
    set.cache = results.cache;
    set.options = results.options;
    // Reference sets state, in the article's own words, what no report of ours could.
    const QJsonObject source = results.root["source"].toObject();
    const auto said = [&](const char* key) { return source[key].toString().toStdString(); };
    set.machine = source.contains("machine") ? said("machine") : machine_line(results.machine);
    set.date = source.contains("date") ? said("date") : results.measured_at.substr(0, 10);  // "2026-11-22"
    set.citation = said("citation");
    set.note = said("note");
    set.relative = said("unit") == "relative";
    if (results.cells.empty()) throw ImportError(path, "the report has no cells");
    for (std::size_t i = 0; i < results.cells.size(); ++i)
        set.cells.push_back(imported(results.cells[i], results.real[i], results.times[i]));
    return set;
}

ResultSet result_set(const sfp::ExperimentReport& report, const QString& path) {
    ResultSet set;
    set.path = path;
    set.algorithm = report.experiment.algorithm;
    set.cache = sfp::to_string(report.experiment.cache);
    set.options = report.experiment.options;
    set.machine = machine_line(report.machine);
    set.date = report.measured_at.substr(0, 10);
    std::vector<std::vector<double>> times(report.cells.size());
    for (const sfp::RunRecord& r : report.runs)
        if (r.status == sfp::RunStatus::ok && r.cell < times.size()) times[r.cell].push_back(r.result.real_s);
    for (const sfp::CellStats& st : report.stats)
        if (st.cell < report.cells.size())
            set.cells.push_back(imported(report.cells[st.cell], st.real, times[st.cell]));
    return set;
}

ResultSet import_report(const QString& path, const std::string& algorithm) {
    const QByteArray json = read_report_file(path);
    ResultSet set;
    try {
        set = import_report_text(json, path, algorithm);
    } catch (const std::bad_alloc&) {
        throw ImportError(path, QStringLiteral("not enough memory to read its %1 bytes").arg(json.size()));
    }
    if (set.date.empty())
        set.date = QFileInfo(path).lastModified().toString("yyyy-MM-dd").toStdString();  // before measured_at
    return set;
}

SetTraits traits_of(const ResultSet& set) { return {set.algorithm, set.cache, set.options}; }

SetTraits traits_of(const sfp::ExperimentReport& report) {
    return {report.experiment.algorithm, sfp::to_string(report.experiment.cache), report.experiment.options};
}

void check_comparable(const SetTraits& a, const SetTraits& b, const QString& b_path) {
    if (a.algorithm != b.algorithm)
        throw ImportError(b_path, QString("results of %1, not %2")
                                      .arg(QString::fromStdString(b.algorithm), QString::fromStdString(a.algorithm)));
}

QStringList comparison_notes(const SetTraits& a, const SetTraits& b, const QString& a_name, const QString& b_name) {
    const auto said = [](const std::string& s) {
        return s.empty() ? QString("an unstated") : QString::fromStdString(s);
    };
    QStringList notes;
    if (a.cache != b.cache)
        notes << QString("%1 ran in %2 cache and %3 in %4 cache: their times measure different things")
                     .arg(a_name, said(a.cache), b_name, said(b.cache));
    if (a.options != b.options) notes << QString("%1 and %2 ran with different options").arg(a_name, b_name);
    return notes;
}

std::optional<double> CellPair::ratio() const {
    if (!a || !b || !a->median_s || !b->median_s || *a->median_s <= 0) return std::nullopt;
    return *b->median_s / *a->median_s;
}

sfp::Comparison CellPair::comparison() const {
    if (!a || !b || !a->median_s || !b->median_s) return {};
    if (a->times.empty() || b->times.empty()) return sfp::compare_medians(*a->median_s, *b->median_s);
    return sfp::compare_unpaired(a->times, b->times);
}

GeoMean geometric_means(const std::vector<CellPair>& pairs) {
    std::vector<double> a, b, ratios;
    for (const CellPair& p : pairs)
        if (const std::optional<double> r = p.ratio(); r && *r > 0)
            a.push_back(*p.a->median_s), b.push_back(*p.b->median_s), ratios.push_back(*r);
    return {ratios.size(), sfp::geometric_mean(a), sfp::geometric_mean(b), sfp::geometric_mean(ratios)};
}

Comparison compare_sets(const ResultSet& a, const ResultSet& b) {
    Comparison out;
    std::map<std::string, const ImportedCell*> in_b;
    for (const ImportedCell& c : b.cells) in_b.emplace(c.key(), &c);
    for (const ImportedCell& c : a.cells) {
        if (const auto it = in_b.find(c.key()); it != in_b.end()) {
            out.both.push_back({&c, it->second});
            in_b.erase(it);
        } else {
            out.only_a.push_back(&c);
        }
    }
    for (const ImportedCell& c : b.cells)  // in B's order
        if (in_b.count(c.key())) out.only_b.push_back(&c);
    return out;
}

ResultSet normalised_to_fastest(ResultSet set) {
    std::map<std::uint64_t, double> fastest;  // by file size
    for (const ImportedCell& c : set.cells)
        if (c.median_s && *c.median_s > 0) {
            const auto [at, fresh] = fastest.emplace(c.file_size, *c.median_s);
            if (!fresh) at->second = std::min(at->second, *c.median_s);
        }
    for (ImportedCell& c : set.cells)
        if (const auto at = fastest.find(c.file_size); c.median_s && at != fastest.end()) *c.median_s /= at->second;
    set.relative = true;
    return set;
}

}  // namespace core
