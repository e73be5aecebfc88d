#pragma once
// Progress of a running experiment: runs done of total, the current run's bytes, the cell in
// words, elapsed time, ETA, live throughput, and the Cancel button.
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "eta.hpp"
#include "sfp/cell.hpp"

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
    // Seconds from begin() to the first run's start (generating data comes before), -1 = not yet.
    double firstRunBegan() const;

    // A finished run: its cell and elapsed time (the ETA weighs the runs by cell).
    struct FinishedRun {
        std::size_t cell = 0;
        double seconds = 0;
    };

public slots:
    // Before a run: the runs the form would make, nothing of a past run's current bar.
    void ready(std::size_t plannedRuns);
    // Run clicked: the experiment is being judged and its inputs listed; Cancel works.
    void planning();
    // `eta` weighs the runs by what the estimate expects of each cell.
    void begin(std::size_t totalRuns, const Eta& eta = {});
    void runStarted(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total);
    void runsFinished(const std::vector<FinishedRun>& runs);
    void progress(quint64 done, quint64 total, double bytesPerSecond);
    void note(const QString& text);    // e.g. "generating 64M pair" before the first run
    void end(const QString& outcome);  // "finished", "cancelled", "failed"

signals:
    void cancelRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitBarText();
    void tick();  // elapsed and ETA, twice a second
    double seconds() const;

    QProgressBar* overall_;
    QProgressBar* current_;
    QLabel* cell_;
    QLabel* elapsed_;
    QLabel* eta_label_;
    QLabel* rate_;
    QPushButton* cancel_;
    QElapsedTimer clock_;
    QTimer ticker_;
    std::size_t total_ = 0, done_ = 0;
    double current_fraction_ = 0;
    Eta eta_;
    bool noting_ = false;  // the cell line shows a note (preparing data...), not a run
};

QString duration_text(double seconds);  // "0.4 s", "12 s", "3 min 05 s"

}  // namespace gui
