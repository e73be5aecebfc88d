#include "report_import.hpp"

#include <QFile>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>

#include "sfp/datagen.hpp"

namespace core {
namespace {

// The fields of a report cell that are not swept options (report_export.cpp's cell_json).
const char* const kCellFields[] = {"index", "label", "strategy", "block_size", "threads",
                                   "input_set", "file_size", "reference_floor"};

std::string text(const QJsonValue& v) { return v.toString().toStdString(); }

// A count stored as a JSON number: null or missing is 0 ("not used"); anything else is refused.
std::uint64_t count(const QJsonObject& o, const char* field, const QString& path, qsizetype cell) {
    const QJsonValue v = o[field];
    if (v.isNull() || v.isUndefined()) return 0;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d != std::floor(d))
        throw ImportError(path, QString("cells[%1].%2 is not a whole number >= 0").arg(cell).arg(field));
    return std::uint64_t(d);
}

std::string machine_line(const QJsonObject& m) {
    std::string line = text(m["cpu_model"]);
    if (const int cores = m["cores"].toInt(); cores > 0) line += ", " + std::to_string(cores) + " cores";
    if (const double bytes = m["memory_bytes"].toDouble(); bytes > 0)
        line += ", " + QString::number(bytes / double(1ull << 30), 'f', 0).toStdString() + " GiB RAM";
    if (const std::string kernel = text(m["kernel"]); !kernel.empty()) line += ", Linux " + kernel;
    return line;
}

ImportedCell read_cell(const QJsonObject& c, const QString& path, qsizetype i) {
    ImportedCell cell;
    cell.strategy = text(c["strategy"]);
    if (cell.strategy.empty()) throw ImportError(path, QString("cells[%1] has no strategy").arg(i));
    cell.block_size = count(c, "block_size", path, i);
    cell.threads = count(c, "threads", path, i);
    cell.file_size = count(c, "file_size", path, i);
    for (auto it = c.begin(); it != c.end(); ++it) {
        const std::string name = it.key().toStdString();
        const bool fixed = std::any_of(std::begin(kCellFields), std::end(kCellFields),
                                       [&](const char* f) { return name == f; });
        if (!fixed && it.value().isDouble()) cell.swept[name] = count(c, it.key().toUtf8().constData(), path, i);
    }
    return cell;
}

}  // namespace

ImportError::ImportError(const QString& path, const QString& reason)
    : std::runtime_error(QString("report '%1': %2").arg(path, reason).toStdString()) {}

std::string ImportedCell::key() const {
    std::string k = strategy + "|" + std::to_string(block_size) + "|" + std::to_string(threads) + "|" +
                    std::to_string(file_size);
    for (const auto& [name, value] : swept) k += "|" + name + "=" + std::to_string(value);
    return k;
}

std::string ImportedCell::label() const {
    std::string l = strategy;
    if (block_size) l += " block=" + sfp::format_size(block_size);
    if (threads) l += " threads=" + std::to_string(threads);
    if (file_size) l += " size=" + sfp::format_size(file_size);
    for (const auto& [name, value] : swept) l += " " + name + "=" + std::to_string(value);
    return l;
}

std::string ResultSet::name() const { return date.empty() ? machine : machine + ", " + date; }

ResultSet import_report_text(const QByteArray& bytes, const QString& path, const std::string& algorithm) {
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
    if (parse.error != QJsonParseError::NoError)
        throw ImportError(path, QString("not JSON (%1 at byte %2)").arg(parse.errorString()).arg(parse.offset));
    const QJsonObject json = doc.object();
    if (!doc.isObject() || json["format"].toString() != "sfpbench-report") {
        const QString hint = json["algorithm"].isString() ? " (an experiment spec? import a report: `run --json`)" : "";
        throw ImportError(path, "not an sfpbench report (no \"format\": \"sfpbench-report\")" + hint);
    }
    const QJsonValue version = json["version"];
    if (!version.isDouble())
        throw ImportError(path, QString("no format version; this sfpbench reads version %1").arg(kReportFormatVersion));
    if (version.toDouble() != kReportFormatVersion)
        throw ImportError(path, QString("format version %1 (%2); this sfpbench reads version %3")
                                    .arg(version.toDouble())
                                    .arg(version.toDouble() > kReportFormatVersion ? "written by a newer sfpbench"
                                                                                    : "an older format")
                                    .arg(kReportFormatVersion));

    ResultSet set;
    set.path = path;
    const QJsonObject experiment = json["experiment"].toObject();
    set.algorithm = text(experiment["algorithm"]);
    if (set.algorithm.empty()) throw ImportError(path, "the report names no algorithm (experiment.algorithm)");
    if (!algorithm.empty() && set.algorithm != algorithm)
        throw ImportError(path, QString("results of %1, not %2")
                                    .arg(QString::fromStdString(set.algorithm), QString::fromStdString(algorithm)));
    set.cache = text(experiment["cache"]);
    const QJsonObject options = experiment["options"].toObject();
    for (auto it = options.begin(); it != options.end(); ++it)
        set.options[it.key().toStdString()] = it.value().isString() ? text(it.value()) : it.value().toVariant().toString().toStdString();
    const QJsonObject source = json["source"].toObject();  // reference sets: the article's own words
    set.machine = source.contains("machine") ? text(source["machine"]) : machine_line(json["machine"].toObject());
    set.date = text(source["date"]);
    set.citation = text(source["citation"]);
    set.note = text(source["note"]);

    const QJsonArray cells = json["cells"].toArray();
    if (cells.isEmpty()) throw ImportError(path, "the report has no cells");
    for (qsizetype i = 0; i < cells.size(); ++i) set.cells.push_back(read_cell(cells[i].toObject(), path, i));
    for (const QJsonValue& v : json["statistics"].toArray()) {
        const QJsonObject st = v.toObject();
        const double index = st["cell"].toDouble(-1);
        if (index < 0 || index >= double(set.cells.size()) || index != std::floor(index))
            throw ImportError(path, "statistics name a cell that does not exist");
        const QJsonObject real = st["real_s"].toObject();
        ImportedCell& cell = set.cells[std::size_t(index)];
        cell.n = std::size_t(std::max(0.0, real["n"].toDouble()));
        if (cell.n > 0 && real["median"].isDouble()) cell.median_s = real["median"].toDouble();
    }
    return set;
}

ResultSet import_report(const QString& path, const std::string& algorithm) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) throw ImportError(path, "cannot read: " + file.errorString());
    ResultSet set = import_report_text(file.readAll(), path, algorithm);
    if (set.date.empty()) set.date = QFileInfo(path).lastModified().toString("yyyy-MM-dd").toStdString();
    return set;
}

std::optional<double> CellPair::ratio() const {
    if (!a || !b || !a->median_s || !b->median_s || *a->median_s <= 0) return std::nullopt;
    return *b->median_s / *a->median_s;
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
    std::optional<double> fastest;
    for (const ImportedCell& c : set.cells)
        if (c.median_s && *c.median_s > 0 && (!fastest || *c.median_s < *fastest)) fastest = c.median_s;
    if (fastest)
        for (ImportedCell& c : set.cells)
            if (c.median_s) *c.median_s /= *fastest;
    return set;
}

}  // namespace core
