#pragma once
// The window's persistent state in one typed place (KDiskMark's AppSettings idea): the last
// experiment, geometry and splitters, recent files, presentation mode, the last measured rate.
#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <memory>
#include <optional>

#include "sfp/experiment.hpp"

namespace gui {

class Settings {
public:
    // The user's settings (QSettings with the application's organisation and name).
    Settings();
    // Settings kept in an INI file: tests use a temporary one.
    explicit Settings(const QString& iniPath);

    std::optional<sfp::Experiment> lastExperiment() const;  // nothing when absent or unreadable
    void setLastExperiment(const sfp::Experiment& experiment);

    QByteArray geometry() const;
    void setGeometry(const QByteArray& bytes);
    QByteArray splitterState(const QString& name) const;
    void setSplitterState(const QString& name, const QByteArray& bytes);

    static constexpr int kMaxRecent = 10;
    QStringList recentInputs() const;
    void addRecentInputs(const QStringList& paths);
    QStringList recentExperiments() const;
    void addRecentExperiment(const QString& path);

    bool presentation() const;
    void setPresentation(bool on);
    double measuredRate() const;  // bytes/s of the last finished experiment, 0 = unknown
    void setMeasuredRate(double bytesPerSecond);
    QString lastDirectory() const;
    void setLastDirectory(const QString& dir);

    // The result sets imported into the window (overlay_sets.hpp), remembered with the last experiment.
    QStringList importedSets() const;
    void setImportedSets(const QStringList& paths);
    void sync() { store_->sync(); }

private:
    QStringList pushRecent(const QString& key, const QStringList& paths);
    std::unique_ptr<QSettings> store_;
};

}  // namespace gui
