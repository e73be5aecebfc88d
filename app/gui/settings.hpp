#pragma once
// The window's persistent state in one typed place (KDiskMark's AppSettings idea): the last
// experiment, geometry and splitters, recent files, presentation mode, the plot, the learned rates.
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
    // The noise band of the verdicts (sfp::verdict), a fraction: 0.02 = +-2 %.
    double noise() const;
    void setNoise(double noise);
    QVariantMap estimateRates() const;  // RateBook::toVariant: what the estimate has learned
    void setEstimateRates(const QVariantMap& rates);
    QVariantMap plotState() const;  // PlotPanel::state: plot kind, metric and slice
    void setPlotState(const QVariantMap& state);
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
