#include "overlay_sets.hpp"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include "overlay_slice.hpp"
#include "report_export.hpp"

namespace gui {

namespace {

void put(std::vector<OverlaySets::Entry>& entries, OverlaySets::Entry entry) {
    for (OverlaySets::Entry& e : entries)
        if (e.set.path == entry.set.path) return void(e = std::move(entry));
    entries.push_back(std::move(entry));
}

}  // namespace

void OverlaySets::add(const QString& path) {
    put(entries_, {core::import_report(path), true, false});
    emit changed();
}

void OverlaySets::addLesson(const QString& path) {
    core::ResultSet set = core::import_report(path);  // a bad file changes nothing
    std::erase_if(entries_, [](const Entry& e) { return e.lesson; });
    put(entries_, {std::move(set), true, true});
    emit changed();
}

void OverlaySets::removeLessonSets() {
    if (std::erase_if(entries_, [](const Entry& e) { return e.lesson; })) emit changed();
}

QStringList OverlaySets::addReports(const QStringList& paths, QStringList* errors) {
    QStringList others;
    for (const QString& path : paths) {
        QFile file(path);
        // A report names its format inside: look rather than take every .json (a spec, an input) for one.
        const bool json = path.endsWith(".json", Qt::CaseInsensitive) && file.open(QIODevice::ReadOnly) &&
                          QJsonDocument::fromJson(file.readAll()).object()["format"].toString() == "sfpbench-report";
        if (!json) {
            others << path;
            continue;
        }
        try {
            add(path);
        } catch (const core::ImportError& e) {
            if (errors) *errors << QString::fromStdString(e.what());
        }
    }
    return others;
}

void OverlaySets::remove(std::size_t index) {
    if (index >= entries_.size()) return;
    entries_.erase(entries_.begin() + std::ptrdiff_t(index));
    emit changed();
}

void OverlaySets::setVisible(std::size_t index, bool visible) {
    if (index >= entries_.size() || entries_[index].visible == visible) return;
    entries_[index].visible = visible;
    emit changed();
}

void OverlaySets::setNormalised(bool on) {
    if (normalised_ == on) return;
    normalised_ = on;
    emit changed();
}

void OverlaySets::clear() {
    if (entries_.empty()) return;
    entries_.clear();
    emit changed();
}

std::vector<core::ResultSet> OverlaySets::shown() const {
    std::vector<core::ResultSet> out;
    for (const Entry& e : entries_)
        if (e.visible) out.push_back(normalised_ ? core::normalised_to_fastest(e.set) : e.set);
    return out;
}

QStringList OverlaySets::names() const {
    std::vector<core::ResultSet> all;
    for (const Entry& e : entries_) all.push_back(e.set);
    return plots::distinct_names(all);
}

QStringList OverlaySets::shownNames() const {
    const QStringList all = names();
    QStringList out;
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].visible) out << all[qsizetype(i)];
    return out;
}

QStringList OverlaySets::paths() const {
    QStringList out;
    for (const Entry& e : entries_) out << e.set.path;
    return out;
}

QStringList OverlaySets::userPaths() const {
    QStringList out;
    for (const Entry& e : entries_)
        if (!e.lesson) out << e.set.path;
    return out;
}

core::ResultSet live_set(const sfp::ExperimentReport& report) {
    core::ResultSet set = core::import_report_text(core::report_json(report), QObject::tr("this run"));
    set.date = QObject::tr("now").toStdString();
    return set;
}

}  // namespace gui
