#include "settings.hpp"

#include <QDir>
#include <QJsonDocument>

#include "experiment_file.hpp"
#include "sfp/comparison.hpp"

namespace gui {

Settings::Settings() : store_(std::make_unique<QSettings>()) {}
Settings::Settings(const QString& iniPath) : store_(std::make_unique<QSettings>(iniPath, QSettings::IniFormat)) {}

std::optional<sfp::Experiment> Settings::lastExperiment() const {
    const QByteArray json = store_->value(QStringLiteral("experiment/last")).toByteArray();
    if (json.isEmpty()) return std::nullopt;
    try {
        return core::experiment_from_json(QJsonDocument::fromJson(json).object());
    } catch (const std::exception&) {
        return std::nullopt;  // from an older version, or edited by hand: start from the default
    }
}

void Settings::setLastExperiment(const sfp::Experiment& experiment) {
    store_->setValue(QStringLiteral("experiment/last"),
                     QJsonDocument(core::experiment_to_json(experiment)).toJson(QJsonDocument::Compact));
}

QByteArray Settings::geometry() const { return store_->value(QStringLiteral("window/geometry")).toByteArray(); }
void Settings::setGeometry(const QByteArray& bytes) { store_->setValue(QStringLiteral("window/geometry"), bytes); }

QByteArray Settings::splitterState(const QString& name) const {
    return store_->value(QStringLiteral("window/splitter-") + name).toByteArray();
}
void Settings::setSplitterState(const QString& name, const QByteArray& bytes) {
    store_->setValue(QStringLiteral("window/splitter-") + name, bytes);
}

QStringList Settings::pushRecent(const QString& key, const QStringList& paths) {
    QStringList list = store_->value(key).toStringList();
    for (const QString& p : paths) {
        const QString absolute = QDir(p).absolutePath();
        list.removeAll(absolute);
        list.prepend(absolute);
    }
    while (list.size() > kMaxRecent) list.removeLast();
    store_->setValue(key, list);
    return list;
}

QStringList Settings::recentInputs() const { return store_->value(QStringLiteral("recent/inputs")).toStringList(); }
void Settings::addRecentInputs(const QStringList& paths) { pushRecent(QStringLiteral("recent/inputs"), paths); }
QStringList Settings::recentExperiments() const {
    return store_->value(QStringLiteral("recent/experiments")).toStringList();
}
void Settings::addRecentExperiment(const QString& path) { pushRecent(QStringLiteral("recent/experiments"), {path}); }

QStringList Settings::importedSets() const {
    return store_->value(QStringLiteral("experiment/imported")).toStringList();
}
void Settings::setImportedSets(const QStringList& paths) {
    store_->setValue(QStringLiteral("experiment/imported"), paths);
}

bool Settings::presentation() const { return store_->value(QStringLiteral("view/presentation"), false).toBool(); }
void Settings::setPresentation(bool on) { store_->setValue(QStringLiteral("view/presentation"), on); }
double Settings::noise() const {
    bool ok = false;
    const double v = store_->value(QStringLiteral("statistics/noise"), sfp::kDefaultNoise).toDouble(&ok);
    return ok && v >= 0 && v < 1 ? v : sfp::kDefaultNoise;
}
void Settings::setNoise(double noise) { store_->setValue(QStringLiteral("statistics/noise"), noise); }
QVariantMap Settings::estimateRates() const { return store_->value(QStringLiteral("estimate/rates")).toMap(); }
void Settings::setEstimateRates(const QVariantMap& rates) { store_->setValue(QStringLiteral("estimate/rates"), rates); }
QVariantMap Settings::plotState() const { return store_->value(QStringLiteral("view/plot")).toMap(); }
void Settings::setPlotState(const QVariantMap& state) { store_->setValue(QStringLiteral("view/plot"), state); }
QString Settings::lastDirectory() const {
    return store_->value(QStringLiteral("recent/directory"), QDir::homePath()).toString();
}
void Settings::setLastDirectory(const QString& dir) { store_->setValue(QStringLiteral("recent/directory"), dir); }

}  // namespace gui
