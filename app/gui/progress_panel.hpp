#pragma once
// Progress of a running experiment: runs done of total, the current run's bytes, the cell in
// words, elapsed time, ETA, live throughput, and the Cancel button.
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "sfp/experiment.hpp"

class QLabel;
class QProgressBar;
class QPushButton;

namespace gui {

class ProgressPanel : public QWidget {
    Q_OBJECT
public:
    explicit ProgressPanel(QWidget* parent = nullptr);

    QPushButton* cancelButton() { return cancel_; }
    QString cellText() const;
    int runsDone() const { return int(done_); }

    QString overallText() const;  // what the runs bar reads: "0 of 54 runs"
    QString currentText() const;  // what the current run's bar reads ("" between runs)

public slots:
    // Before a run: the runs the form would make, nothing of a past run's current bar.
    void ready(std::size_t plannedRuns);
    void begin(std::size_t totalRuns);
    void runStarted(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total);
    void runsFinished(std::size_t runs);
    void progress(quint64 done, quint64 total, double bytesPerSecond);
    void note(const QString& text);  // e.g. "generating 64M pair" before the first run
    void end(const QString& outcome);  // "finished", "cancelled", "failed"

signals:
    void cancelRequested();

private:
    void tick();  // elapsed and ETA, twice a second

    QProgressBar* overall_;
    QProgressBar* current_;
    QLabel* cell_;
    QLabel* elapsed_;
    QLabel* eta_;
    QLabel* rate_;
    QPushButton* cancel_;
    QElapsedTimer clock_;
    QTimer ticker_;
    std::size_t total_ = 0, done_ = 0;
    double current_fraction_ = 0;
};

QString duration_text(double seconds);  // "0.4 s", "12 s", "3 min 05 s"

}  // namespace gui
