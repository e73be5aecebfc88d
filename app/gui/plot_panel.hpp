#pragma once
// The plot area: which plot (lines, time split, box, slowdown), its metric, axis and error bars,
// redrawn live as runs finish; hover tooltips; PNG/PDF rendering for export.
#include <QTimer>
#include <QWidget>

#include "plots/plots.hpp"

class QComboBox;
class QHBoxLayout;
class QCustomPlot;
class QMouseEvent;

namespace gui {

class PlotPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlotPanel(QWidget* parent = nullptr);

    // Redraws soon (several runs finishing at once cost one redraw).
    void setReport(const sfp::ExperimentReport& report);
    void redrawNow();
    // Picks the axis the experiment sweeps (block size, threads or file size).
    void chooseAxisFor(const std::vector<sfp::Cell>& cells);

    void setKind(plots::Kind kind);
    void setMetric(Metric metric);
    void setAxis(Axis axis);
    void setErrors(plots::ErrorKind errors);
    void setPresentation(bool on);

    QCustomPlot* plot() { return plot_; }
    const plots::Hover& hoverPoints() const { return hover_; }
    // What the tooltip says at a pixel of the plot ("" when nothing is near).
    QString hoverTextAt(const QPointF& pixel) const;

    // The current plot as PNG or PDF bytes (QCustomPlot renders it); empty on failure.
    QByteArray renderPng();
    QByteArray renderPdf();

private:
    void addCombo(QComboBox*& box, const QString& label, const QStringList& items, QHBoxLayout* row);
    void onMouseMove(QMouseEvent* event);
    void updateControls();
    QSize exportSize() const;

    QComboBox* kind_ = nullptr;
    QComboBox* metric_ = nullptr;
    QComboBox* axis_ = nullptr;
    QComboBox* errors_ = nullptr;
    QCustomPlot* plot_;
    plots::Canvas canvas_;
    sfp::ExperimentReport report_;
    plots::Hover hover_;
    QTimer redraw_timer_;
};

}  // namespace gui
