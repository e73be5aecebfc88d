#pragma once
// The result tables (per-cell statistics, runs), sortable, with copy to the clipboard, and the
// CLI's text summary (fastest, then "N.NNx slower", fits, warnings).
#include <QTimer>
#include <QWidget>
#include <optional>

#include "lessons.hpp"
#include "runs_model.hpp"
#include "stats_model.hpp"
#include "sfp/report.hpp"

class QDoubleSpinBox;
class QPlainTextEdit;
class QTableView;
class QTabWidget;
class QSortFilterProxyModel;

namespace gui {

class ResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    // The runs table is a view on the report given here (RunsModel): it must outlive the panel's
    // use of it -- the controller's report, which grows run by run, then holds the final one.
    void begin(const sfp::ExperimentReport& empty);  // cells known, no runs yet
    // Finished runs (already in the report): rows appended and updated, no reset.
    void append(std::span<const sfp::RunUpdate> updates);
    void setReport(const sfp::ExperimentReport& report);
    void setReport(sfp::ExperimentReport&&) = delete;

    RunsModel* runsModel() { return &runs_; }
    StatsModel* statsModel() { return &stats_; }
    QTableView* runsView() { return runs_view_; }
    QTableView* statsView() { return stats_view_; }
    QString summaryText() const;
    QPlainTextEdit* summaryView() { return summary_; }
    // Larger summary text, taller rows, columns refitted to the window's (larger) font.
    void setPresentation(bool on);
    // The height that shows the tab bar, the header and this many rows of a table.
    int heightForRows(int rows) const;

    // The noise band the verdicts use (a fraction), shown and edited beside the tabs.
    double noise() const;
    void setNoise(double noise);

    // The columns a lesson's note names come first, right after the strategy, so a class sees
    // them without scrolling at any width; the table of the first is shown. None: the models' order.
    void setNamedColumns(std::vector<core::NamedColumn> columns);

    // The selected cells of the visible table as tab-separated text with a header line.
    QString selectionText() const;

public slots:
    void copySelection() const;

signals:
    void noiseChanged(double noise);  // the user changed the band (a fraction)
    // The run of the Runs table's current row (an index into the report's runs), none without one.
    void runPicked(std::optional<std::size_t> run);

private:
    QTableView* makeView(QAbstractItemModel* model, QSortFilterProxyModel* proxy);
    void fitColumns();
    void placeNamedColumns();  // again after every reset of the models (which resets the order)

    RunsModel runs_;
    StatsModel stats_;
    QSortFilterProxyModel* runs_proxy_;
    QSortFilterProxyModel* stats_proxy_;
    QTabWidget* tabs_;
    QTableView* runs_view_;
    QTableView* stats_view_;
    QPlainTextEdit* summary_;
    QDoubleSpinBox* noise_;
    QTimer fit_timer_;
    std::vector<core::NamedColumn> named_;
};

}  // namespace gui
