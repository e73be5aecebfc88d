#include "lessons.hpp"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QRegularExpression>
#include <algorithm>

#include "experiment_file.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cell.hpp"
#include "sfp/expand.hpp"

namespace core {
namespace {

QString required(const QJsonObject& json, const char* field, const QString& path) {
    const QString value = json[field].toString();
    if (value.isEmpty()) throw LessonError(QString("lesson '%1': no \"%2\"").arg(path, field).toStdString());
    return value;
}

Lesson load_lesson(const QString& name) {
    const QString dir = kLessonsRoot + "/" + name;
    const QString path = dir + "/lesson.json";
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw LessonError(QString("lesson '%1': cannot read: %2").arg(path, file.errorString()).toStdString());
    QJsonParseError error{};
    const QJsonObject json = QJsonDocument::fromJson(file.readAll(), &error).object();
    if (error.error != QJsonParseError::NoError)
        throw LessonError(QString("lesson '%1': %2").arg(path, error.errorString()).toStdString());
    Lesson l;
    l.name = name;
    l.title = required(json, "title", path);
    l.question = required(json, "question", path);
    l.look_at = required(json, "look_at", path);
    l.article_found = required(json, "article_found", path);
    l.scaling = required(json, "scaling", path);
    l.throughput_source = required(json, "throughput_source", path);
    l.slowest_mbs = json["slowest_mbs"].toDouble();
    l.limits_first = json["limits_first"].toBool();
    const QJsonObject plot = json["plot"].toObject();
    if (plot.isEmpty())
        throw LessonError(QString("lesson '%1': no \"plot\" (the plot it opens on)").arg(path).toStdString());
    l.view.kind = plot["kind"].toString(l.view.kind);
    l.view.metric = plot["metric"].toString(l.view.metric);
    l.view.x = plot["x"].toString();
    l.view.per = plot["per"].toString();
    for (const QJsonValue& v : plot["fix"].toArray()) l.view.fix << v.toString();
    l.view.normalise = plot["normalise"].toBool();
    l.view.states_together = plot["states_together"].toBool();
    if (l.slowest_mbs <= 0)
        throw LessonError(QString("lesson '%1': \"slowest_mbs\" must be > 0").arg(path).toStdString());
    if (const QString ref = json["reference"].toString(); !ref.isEmpty()) l.reference = kReferenceRoot + "/" + ref;
    for (const QJsonValue& v : json["experiments"].toArray()) l.experiments << dir + "/" + v.toString();
    if (l.experiments.isEmpty()) throw LessonError(QString("lesson '%1': no \"experiments\"").arg(path).toStdString());
    return l;
}

}  // namespace

std::vector<NamedColumn> named_columns(const Lesson& lesson) {
    static const QRegularExpression named(QStringLiteral("“([^”]+)” column( of the (Runs|Statistics) table)?"));
    std::vector<NamedColumn> out;
    for (auto it = named.globalMatch(lesson.look_at); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out.push_back(
            {m.captured(3) == QStringLiteral("Runs") ? NamedColumn::runs : NamedColumn::statistics, m.captured(1)});
    }
    return out;
}

std::vector<Lesson> lessons() {
    std::vector<Lesson> out;
    QStringList names = QDir(kLessonsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    // By number: lesson 10 after 9, not after 1 as names sort
    std::stable_sort(names.begin(), names.end(), [](const QString& a, const QString& b) {
        return a.section('-', 0, 0).toInt() < b.section('-', 0, 0).toInt();
    });
    for (const QString& name : names) out.push_back(load_lesson(name));
    return out;
}

Lesson find_lesson(const QString& name_or_number) {
    QStringList names;
    for (Lesson& l : lessons()) {
        if (l.name == name_or_number || l.name.section('-', 0, 0) == name_or_number) return l;
        names << l.name;
    }
    throw LessonError(QString("no lesson '%1' (lessons: %2)").arg(name_or_number, names.join(", ")).toStdString());
}

double estimated_seconds(const Lesson& lesson) {
    double seconds = lesson.limits_first ? kQuickLimitsS : 0;
    for (const QString& path : lesson.experiments) {
        const sfp::Experiment e = load_experiment(path);
        const sfp::AlgorithmIo* io = sfp::algorithm_io(e.algorithm);
        const std::string kind = e.data_kind.empty() && io ? std::string(io->data_kind) : e.data_kind;
        const double files = std::max(1u, sfp::files_of_kind(kind));  // a pair reads both files
        const double runs_per_cell = e.repetitions + e.warmups;
        if (e.limits_in_rounds) seconds += e.repetitions * kRoundLimitsS;
        for (const sfp::Cell& cell : sfp::expand(e))
            seconds += runs_per_cell * (double(cell.file_size) * files / (lesson.slowest_mbs * 1e6) + kRunOverheadS);
        for (std::uint64_t size : e.sizes) seconds += double(size) * files / (kGenerateMbs * 1e6);
    }
    return seconds;
}

}  // namespace core
