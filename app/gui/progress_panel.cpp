#include "progress_panel.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <cmath>

#include "cell_text.hpp"
#include "sfp/cell.hpp"

namespace gui {

QString duration_text(double seconds) {
    if (seconds < 10) return QObject::tr("%1 s").arg(seconds, 0, 'f', 1);
    if (seconds < 60) return QObject::tr("%1 s").arg(std::lround(seconds));
    const long s = std::lround(seconds);
    if (s < 3600) return QObject::tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QObject::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

ProgressPanel::ProgressPanel(QWidget* parent)
    : QWidget(parent), overall_(new QProgressBar(this)), current_(new QProgressBar(this)),
      cell_(new QLabel(tr("Ready."), this)), elapsed_(new QLabel(this)), eta_label_(new QLabel(this)),
      rate_(new QLabel(this)), cancel_(new QPushButton(tr("Cancel"), this)) {
    overall_->setFormat(tr("%v of %m runs"));
    overall_->setRange(0, 1);
    overall_->setValue(0);
    current_->setFormat(tr("current run %p%"));
    current_->setRange(0, 1000);
    current_->reset();  // no run yet: the bar reads nothing
    cell_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long cell in presentation font must not widen the window past the screen.
    cell_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    cancel_->setEnabled(false);
    cancel_->setToolTip(tr("Stop the experiment (Esc); completed runs are kept"));
    connect(cancel_, &QPushButton::clicked, this, &ProgressPanel::cancelRequested);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(4, 2, 4, 2);
    grid->addWidget(overall_, 0, 0);
    grid->addWidget(current_, 0, 1);
    grid->addWidget(cancel_, 0, 2, 2, 1);
    grid->addWidget(cell_, 1, 0);
    auto* numbers = new QHBoxLayout;
    numbers->addWidget(elapsed_);
    numbers->addWidget(eta_label_);
    numbers->addWidget(rate_);
    numbers->addStretch(1);
    grid->addLayout(numbers, 1, 1);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);

    ticker_.setInterval(500);
    connect(&ticker_, &QTimer::timeout, this, &ProgressPanel::tick);
}

void ProgressPanel::fitBarText() {
    // The bars draw their text inside: never narrower than their longest text (in the current
    // font, a projector's too), or the style clips it at both ends (",8 of 40").
    const QFontMetrics fm(overall_->font());
    const QString longest = overall_->format()
                                .replace(QStringLiteral("%v"), QString::number(overall_->maximum()))
                                .replace(QStringLiteral("%m"), QString::number(overall_->maximum()));
    overall_->setMinimumWidth(fm.horizontalAdvance(longest) + 2 * fm.horizontalAdvance(QLatin1Char('M')));
    current_->setMinimumWidth(fm.horizontalAdvance(tr("current run 100%")) +
                              2 * fm.horizontalAdvance(QLatin1Char('M')));
}

void ProgressPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitBarText();
}

QString ProgressPanel::cellText() const { return cell_->text(); }
QString ProgressPanel::overallText() const { return overall_->text(); }
QString ProgressPanel::currentText() const { return current_->text(); }

void ProgressPanel::ready(std::size_t plannedRuns) {
    if (ticker_.isActive()) return;  // running: the runner's counts rule
    total_ = plannedRuns;
    done_ = 0;
    overall_->setRange(0, int(std::max<std::size_t>(1, plannedRuns)));
    overall_->setValue(0);
    overall_->setFormat(plannedRuns ? tr("%v of %m runs") : tr("no runs (the experiment is not valid)"));
    fitBarText();
    current_->reset();
}

void ProgressPanel::planning() {
    noting_ = true;
    current_->reset();
    rate_->clear();
    eta_label_->clear();
    cell_->setText(tr("Planning… (judging the experiment, listing its inputs)"));
    cancel_->setEnabled(true);
}

void ProgressPanel::begin(std::size_t totalRuns, const Eta& eta) {
    eta_ = eta;
    noting_ = false;
    total_ = totalRuns;
    done_ = 0;
    current_fraction_ = 0;
    overall_->setRange(0, int(std::max<std::size_t>(1, totalRuns)));
    overall_->setValue(0);
    overall_->setFormat(tr("%v of %m runs"));
    fitBarText();
    current_->setValue(0);
    cell_->setText(tr("Starting…"));
    rate_->clear();
    eta_label_->clear();
    cancel_->setEnabled(true);
    clock_.start();
    ticker_.start();
    tick();
}

void ProgressPanel::runStarted(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total) {
    total_ = total;
    done_ = index;
    overall_->setRange(0, int(std::max<std::size_t>(1, total)));
    overall_->setValue(int(index));
    current_fraction_ = 0;
    current_->setValue(0);
    if (!eta_.runsHaveBegun()) eta_.runsBegan(seconds());
    noting_ = false;
    cell_->setText(tr("Run %1 of %2: %3, repetition %4")
                       .arg(QString::number(index + 1), QString::number(total), plots::cell_words(cell),
                            QString::number(repetition)));
}

void ProgressPanel::runsFinished(const std::vector<FinishedRun>& runs) {
    if (runs.empty()) return;
    if (!eta_.runsHaveBegun()) {  // runs shorter than a poll come unannounced: they began this long ago
        double took = 0;
        for (const FinishedRun& r : runs) took += r.seconds;
        eta_.runsBegan(std::max(0.0, seconds() - took));
    }
    for (const FinishedRun& r : runs) eta_.runFinished(r.cell);
    done_ = std::min(total_, done_ + runs.size());
    overall_->setValue(int(done_));
    current_fraction_ = 0;
    current_->setValue(current_->maximum());
    if (noting_) {  // "preparing ... data" is over: say how far the runs are instead
        noting_ = false;
        cell_->setText(tr("%1 of %2 runs done").arg(done_).arg(total_));
    }
}

void ProgressPanel::progress(quint64 done, quint64 total, double bytesPerSecond) {
    current_fraction_ = total > 0 ? std::min(1.0, double(done) / double(total)) : 0;
    current_->setValue(int(current_fraction_ * current_->maximum()));
    if (bytesPerSecond > 0) rate_->setText(tr("%1 MB/s").arg(bytesPerSecond / 1e6, 0, 'f', 0));
}

void ProgressPanel::note(const QString& text) {
    noting_ = true;
    cell_->setText(text);
}

void ProgressPanel::end(const QString& outcome) {
    ticker_.stop();
    tick();
    eta_label_->clear();
    rate_->clear();
    cancel_->setEnabled(false);
    current_->reset();  // no run is current any more: a cancel must not leave "41%" behind
    cell_->setText(outcome);
}

double ProgressPanel::seconds() const { return clock_.isValid() ? double(clock_.elapsed()) / 1000 : 0; }

double ProgressPanel::firstRunBegan() const { return eta_.began(); }

void ProgressPanel::tick() {
    elapsed_->setText(tr("elapsed %1").arg(duration_text(seconds())));
    if (const std::optional<double> left = eta_.secondsLeft(seconds()))
        eta_label_->setText(tr("ETA %1").arg(duration_text(*left)));
}

}  // namespace gui
