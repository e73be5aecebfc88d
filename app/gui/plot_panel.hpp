#pragma once
// The plot area: which plot (lines, time split, box, slowdown), its metric, slice (x axis, one
// line per, fixed values) and error bars, redrawn live as runs finish; hover tooltips; PNG/PDF
// rendering for export.
#include <QSet>
#include <QTimer>
#include <QVariantMap>
#include <QJsonObject>
#include <QWidget>

#include "figure.hpp"
#include "lessons.hpp"

class QCheckBox;
class QComboBox;
class QLayout;
class QScrollArea;
class QCustomPlot;
class QMouseEvent;

namespace gui {

class OverlaySets;

class PlotPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlotPanel(QWidget* parent = nullptr);

    // Redraws soon (several runs finishing at once cost one redraw).
    void setReport(const sfp::ExperimentReport& report);
    // While runs come in: draws from `live` itself (which must stay alive while it is shown --
    // the controller's report, growing, then finished -- and is never copied) at most every
    // kLiveRedrawMs; setReport ends the following.
    void follow(const sfp::ExperimentReport& live);
    static constexpr int kLiveRedrawMs = 250;
    // Rebuilds the whole plot now (a control changed).
    void redrawNow();
    // What the plot work cost so far, for tests: whole rebuilds, and series given new data by
    // the cheap path (a Lines plot whose series stay the same gets only the changed ones redone).
    int fullRedraws() const { return full_redraws_; }
    int seriesUpdates() const { return series_updates_; }
    // The cells about to run: the slice choices become theirs, keeping what still fits.
    void setCells(const std::vector<sfp::Cell>& cells);

    void setKind(plots::Kind kind);
    void setMetric(plots::Metric metric);
    void setAxis(plots::Dim axis);
    // The slice as asked, made to fit the current cells (PlotSlice::fitted).
    void setSlice(const plots::SliceChoice& choice);
    const plots::SliceChoice& slice() const { return choice_; }
    const plots::PlotSlice& plotSlice() const { return slice_; }
    // Opens on a lesson's plot for the cells of `experiment`: "" when it applies, else why not.
    QString showLessonView(const core::LessonView& view, const sfp::Experiment& experiment);
    void setPresentation(bool on);
    // The same cells run in other cache states (a lesson's other runs): the Box plot draws those
    // of another state than the report's beside it, on one time axis. Empty: none.
    void setOtherStates(std::vector<sfp::ExperimentReport> reports);
    // The run the Timeline shows (an index into the report's runs); none: its own choice.
    void setPickedRun(std::optional<std::size_t> run);
    // The rows of choosers above the plot (kind, metric, slice): a projector hides them.
    void setControlsShown(bool on);
    // Plot kind, metric, error bars, "show all" and the slice, for the settings.
    QVariantMap state() const;
    void restoreState(const QVariantMap& state);

    QCustomPlot* plot() { return plot_; }
    // The title as drawn, before it is wrapped to the plot's width.
    const QString& titleText() const { return figure_.titleText(); }
    // The report shown: the live one while following a run.
    const sfp::ExperimentReport& report() const { return live_ ? *live_ : report_; }
    // Imported result sets drawn over the Lines plot (redrawn when they change).
    void setOverlays(const OverlaySets* sets);
    // Under the plot: the imported sets it cannot show, each with the reason ("" when none).
    QString overlayNote() const;
    // Hides or shows a series by its legend name (a click on the legend entry does the same).
    void toggleSeries(const QString& name);
    const plots::Hover& hoverPoints() const { return hover_; }
    // What the tooltip says at a pixel of the plot ("" when nothing is near).
    QString hoverTextAt(const QPointF& pixel) const;

    // The current plot as PNG or PDF bytes (QCustomPlot renders it); empty on failure.
    QByteArray renderPng();
    QByteArray renderPdf();
    // Every series as drawn, as JSON (plot_data.hpp): what File > Export plot data… writes.
    QByteArray plotData() const;
    QJsonObject plotDataJson() const;

private:
    QWidget* buildControls();
    void buildSliceRow();
    void addCombo(QComboBox*& box, const QString& label, const QStringList& items, QLayout* row);
    int topN() const;  // bars and boxes shown per input, 0 = all
    void refresh();    // the timer's redraw: only the changed series when it can
    bool adoptLive();  // true when the live report brought new cells
    void fitPlotHeight();
    plots::View view() const;  // as the controls say
    void onMouseMove(QMouseEvent* event);
    void updateControls();
    void applyHidden();
    void drawOverlays(bool here);  // the imported sets on this plot, or a note why they are not
    void rebuildSliceControls();
    void readSliceControls();
    QSize exportSize() const;
    void adoptAlgorithm(const std::string& algorithm);

    QComboBox* kind_ = nullptr;
    QComboBox* metric_ = nullptr;
    QComboBox* axis_ = nullptr;
    QComboBox* per_ = nullptr;
    QLayout* slice_layout_ = nullptr;  // also holds one "fixed at" combo per remaining dimension
    std::vector<std::pair<plots::Dim, QComboBox*>> fixed_;
    QList<QWidget*> fixed_widgets_;  // their labels and themselves
    QWidget* slice_row_ = nullptr;
    QWidget* controls_row_ = nullptr;
    bool controls_shown_ = true;
    QComboBox* errors_ = nullptr;
    QCheckBox* show_all_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    QCustomPlot* plot_;
    plots::Figure figure_;  // draws on plot_
    sfp::ExperimentReport report_;
    const sfp::ExperimentReport* live_ = nullptr;  // followed while running (see follow)
    plots::PlotSlice slice_;
    plots::SliceChoice choice_;
    bool restored_ = false;  // choice_ came from the settings: the first cells keep it
    bool syncing_ = false;   // the slice combos are being filled, not chosen
    plots::Hover hover_;
    int series_drawn_ = -1;  // the Lines plot's series graphs after a full draw; -1: none to update
    int full_redraws_ = 0, series_updates_ = 0;
    QTimer redraw_timer_;
    QSet<QString> hidden_;  // legend names of series clicked away
    const OverlaySets* overlays_ = nullptr;
    std::vector<sfp::ExperimentReport> other_states_;  // see setOtherStates
    std::optional<std::size_t> picked_run_;            // see setPickedRun
    class QLabel* overlay_note_ = nullptr;             // "Not comparable here: ..." under the plot
    std::string algorithm_;     // of the last report shown: a new one opens with its default kind ...
    bool kind_chosen_ = false;  // ... unless a kind was picked (the combo or setKind)
};

}  // namespace gui
