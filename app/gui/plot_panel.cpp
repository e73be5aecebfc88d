#include "plot_panel.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QListView>
#include <QStandardItemModel>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "flow_layout.hpp"
#include "headless.hpp"
#include "overlay_sets.hpp"
#include "plot_data.hpp"
#include "sfp/expand.hpp"

namespace gui {
namespace {

constexpr int kRedrawDelayMs = 40;
constexpr double kHoverRadiusPx = 14;

}  // namespace

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)), figure_(plot_) {
    QWidget* controlsRow = buildControls();
    buildSliceRow();
    plot_->setObjectName(QStringLiteral("plot"));
    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this, &PlotPanel::onMouseMove);
    connect(plot_, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
        if (auto* entry = qobject_cast<QCPPlottableLegendItem*>(item)) toggleSeries(entry->plottable()->name());
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(controlsRow);
    layout->addWidget(slice_row_);
    // A long "show all" ranking grows the plot taller than the panel: it scrolls instead of
    // squeezing the names together.
    scroll_ = new QScrollArea(this);
    scroll_->setWidget(plot_);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(scroll_, 1);
    overlay_note_ = new QLabel(this);
    overlay_note_->setObjectName(QStringLiteral("overlayNote"));
    overlay_note_->setWordWrap(true);
    overlay_note_->setTextFormat(Qt::PlainText);
    overlay_note_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // never widens the window
    overlay_note_->hide();
    layout->addWidget(overlay_note_);

    redraw_timer_.setSingleShot(true);
    redraw_timer_.setInterval(kRedrawDelayMs);
    connect(&redraw_timer_, &QTimer::timeout, this, &PlotPanel::refresh);
    rebuildSliceControls();
    updateControls();
    redrawNow();
}

// The row of the plot's kind, metric, error bars and "show all". Returns the row.
QWidget* PlotPanel::buildControls() {
    auto* controlsRow = new QWidget(this);
    controls_row_ = controlsRow;
    auto* controls = new FlowLayout(controlsRow);
    addCombo(kind_, tr("Plot"),
             {tr("Lines"), tr("User / system / waiting"), tr("Box plot"), tr("Times slower"), tr("Histogram"),
              tr("Listing / processing"), tr("Why"), tr("Matches"), tr("Timeline")},
             controls);
    QStringList metrics;
    for (plots::Metric m : plots::kMetrics) metrics << plots::metric_title(m);
    addCombo(metric_, tr("Metric"), metrics, controls);
    addCombo(errors_, tr("Error bars"), {tr("stddev"), tr("95% CI"), tr("none")}, controls);
    kind_->setToolTip(
        tr("Lines: a metric against block size, threads or file size, one line per strategy\n"
           "(or per another parameter), the remaining parameters fixed as chosen below.\n"
           "User / system / waiting: where each cell's elapsed time goes (as timep shows it).\n"
           "Box plot: the spread of each cell's repetitions.\n"
           "Times slower: each cell's median elapsed time over the fastest cell's.\n"
           "Histogram: the word lengths of each input, as bars (for an algorithm that counts words).\n"
           "Listing / processing: the time listing the tree under the time reading it (for a tree).\n"
           "Why: each cell's counters per unit of work (faults, switches, storage, CPU, hardware)\n"
           "beside the fastest cell of its input; hover a row for what separates it most.\n"
           "Matches: where in each input the matches lie, with the bytes around each (for a search).\n"
           "Timeline: what each thread of one run did when (tick Timeline before running): the run\n"
           "picked in the Runs table, else the median run of the fastest cell."));
    show_all_ = new QCheckBox(tr("Show all"), this);
    show_all_->setObjectName(QStringLiteral("plotShowAll"));
    show_all_->setToolTip(
        tr("Every cell instead of the %1 fastest of each input (the plot scrolls)").arg(plots::kTopN));
    controls->addWidget(show_all_);
    connect(show_all_, &QCheckBox::toggled, this, &PlotPanel::redrawNow);
    // As wide as their usual choices, not their longest: the controls stay on one line at 1024 px.
    for (QComboBox* box : {kind_, metric_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(15);
    }
    kind_->setObjectName(QStringLiteral("plotKind"));
    connect(kind_, &QComboBox::activated, this, [this] { kind_chosen_ = true; });
    metric_->setObjectName(QStringLiteral("plotMetric"));
    return controlsRow;
}

// The slice of the Lines plot: its own row, since the fixed dimensions come and go.
void PlotPanel::buildSliceRow() {
    slice_row_ = new QWidget(this);
    auto* slice = new FlowLayout(slice_row_);
    slice_layout_ = slice;
    const auto add_slice_combo = [&](QComboBox*& box, const QString& label, const QString& name, const QString& tip) {
        box = new QComboBox(slice_row_);
        box->setObjectName(name);
        box->setToolTip(tip);
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        auto* text = new QLabel(label, slice_row_);
        text->setBuddy(box);
        slice->addWidget(text);
        slice->addWidget(box);
        connect(box, &QComboBox::currentIndexChanged, this, &PlotPanel::readSliceControls);
    };
    add_slice_combo(axis_, tr("Against"), QStringLiteral("plotAxis"),
                    tr("The x axis: a parameter the experiment sweeps."));
    add_slice_combo(per_, tr("One line per"), QStringLiteral("plotLinesPer"), tr("What tells the lines apart."));
}

void PlotPanel::addCombo(QComboBox*& box, const QString& label, const QStringList& items, QLayout* row) {
    box = new QComboBox(this);
    box->addItems(items);
    auto* text = new QLabel(label, this);
    text->setBuddy(box);
    row->addWidget(text);
    row->addWidget(box);
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
        updateControls();
        redrawNow();
    });
}

void PlotPanel::updateControls() {
    const auto kind = plots::Kind(kind_->currentIndex());
    metric_->setEnabled(kind == plots::Kind::lines || kind == plots::Kind::box);
    controls_row_->setVisible(controls_shown_);
    slice_row_->setVisible(controls_shown_ && kind == plots::Kind::lines);
    errors_->setEnabled(kind == plots::Kind::lines);
    // The ranked views lying down (a row less for Lines and the histogram).
    show_all_->setVisible(kind != plots::Kind::lines && kind != plots::Kind::histogram &&
                          kind != plots::Kind::matches && kind != plots::Kind::timeline);
}

void PlotPanel::rebuildSliceControls() {
    syncing_ = true;
    const auto fill = [](QComboBox* box, const std::vector<plots::Dim>& dims, plots::Dim current) {
        box->clear();
        for (plots::Dim d : dims) box->addItem(plots::dim_name(d), int(d));
        if (box->findData(int(current)) < 0)
            box->addItem(plots::dim_name(current), int(current));  // nothing varies yet
        box->setCurrentIndex(box->findData(int(current)));
    };
    fill(axis_, slice_.axisChoices(), choice_.x);
    fill(per_, slice_.perChoices(choice_.x), choice_.per);
    // The combo that changed may be among these, still inside its signal: delete them later.
    for (QWidget* old : fixed_widgets_) {
        old->disconnect(this);
        old->hide();
        old->setObjectName({});
        old->deleteLater();
    }
    fixed_widgets_.clear();
    fixed_.clear();
    for (plots::Dim d : slice_.fixedDims(choice_)) {
        auto* box = new QComboBox(slice_row_);
        box->setObjectName(QStringLiteral("plotFixed_") + plots::dim_flag(d));
        box->setToolTip(tr("The value of %1 every point uses, or the fastest one per point.").arg(plots::dim_name(d)));
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        box->addItem(tr("fastest"), plots::kBest);
        for (const QString& key : slice_.values(d)) box->addItem(plots::value_text(d, key), key);
        box->setCurrentIndex(std::max(0, box->findData(choice_.fixed[d])));
        auto* label = new QLabel(plots::dim_name(d), slice_row_);
        label->setBuddy(box);
        fixed_widgets_ << label << box;
        slice_layout_->addWidget(label);
        slice_layout_->addWidget(box);
        connect(box, &QComboBox::currentIndexChanged, this, &PlotPanel::readSliceControls);
        fixed_.emplace_back(d, box);
    }
    syncing_ = false;
}

void PlotPanel::readSliceControls() {
    if (syncing_) return;
    plots::SliceChoice wanted{plots::Dim(axis_->currentData().toInt()), plots::Dim(per_->currentData().toInt()),
                              choice_.fixed};
    for (const auto& [dim, box] : fixed_) wanted.fixed[dim] = box->currentData().toString();
    setSlice(wanted);
}

void PlotPanel::setSlice(const plots::SliceChoice& choice) {
    choice_ = slice_.fitted(choice);
    rebuildSliceControls();
    redrawNow();
}

void PlotPanel::follow(const sfp::ExperimentReport& live) {
    live_ = &live;
    if (!redraw_timer_.isActive()) redraw_timer_.start(kLiveRedrawMs);
}

void PlotPanel::setReport(const sfp::ExperimentReport& report) {
    live_ = nullptr;
    report_ = report;
    adoptAlgorithm(report_.experiment.algorithm);  // may change the kind: the timer's refresh sees it
    if (report.cells != slice_.cells()) setCells(report.cells);
    if (!redraw_timer_.isActive()) redraw_timer_.start(kRedrawDelayMs);
}

void PlotPanel::setCells(const std::vector<sfp::Cell>& cells) {
    const bool first = slice_.cells().empty();
    slice_ = plots::PlotSlice(cells);
    // A fresh panel starts from the defaults (or the slice saved last time); later experiments
    // keep what still fits.
    choice_ = first && !restored_ ? slice_.defaults() : slice_.fitted(choice_);
    restored_ = false;
    rebuildSliceControls();
}

namespace {

std::optional<plots::Dim> dim_of_flag(const QString& flag) {
    for (plots::Dim d : plots::kDims)
        if (plots::dim_flag(d) == flag) return d;
    return std::nullopt;
}

}  // namespace

QVariantMap PlotPanel::state() const {
    QVariantMap fixed;
    for (const auto& [dim, key] : choice_.fixed) fixed[plots::dim_flag(dim)] = key;
    return {{QStringLiteral("kind"), kind_->currentIndex()},
            {QStringLiteral("metric"), metric_->currentIndex()},
            {QStringLiteral("errors"), errors_->currentIndex()},
            {QStringLiteral("show-all"), show_all_->isChecked()},
            {QStringLiteral("x"), plots::dim_flag(choice_.x)},
            {QStringLiteral("per"), plots::dim_flag(choice_.per)},
            {QStringLiteral("fixed"), fixed}};
}

void PlotPanel::restoreState(const QVariantMap& state) {
    const auto index = [&](QComboBox* box, const char* key) {
        const int i = state.value(QString::fromLatin1(key), box->currentIndex()).toInt();
        if (i >= 0 && i < box->count()) box->setCurrentIndex(i);
    };
    index(kind_, "kind");
    index(metric_, "metric");
    index(errors_, "errors");
    show_all_->setChecked(state.value(QStringLiteral("show-all"), false).toBool());
    plots::SliceChoice wanted = choice_;
    if (auto x = dim_of_flag(state.value(QStringLiteral("x")).toString())) wanted.x = *x;
    if (auto per = dim_of_flag(state.value(QStringLiteral("per")).toString())) wanted.per = *per;
    const QVariantMap fixed = state.value(QStringLiteral("fixed")).toMap();
    for (auto it = fixed.begin(); it != fixed.end(); ++it)
        if (auto d = dim_of_flag(it.key())) wanted.fixed[*d] = it.value().toString();
    if (slice_.cells().empty()) {
        choice_ = wanted;  // applied when the cells arrive (setCells)
        restored_ = true;
    } else {
        setSlice(wanted);
    }
}

void PlotPanel::setKind(plots::Kind kind) {
    kind_chosen_ = true;
    kind_->setCurrentIndex(int(kind));
}

void PlotPanel::adoptAlgorithm(const std::string& algorithm) {
    if (algorithm == algorithm_) return;
    algorithm_ = algorithm;
    // Only the kinds that mean something for this algorithm are offered (no listing for compare).
    auto* view = qobject_cast<QListView*>(kind_->view());
    auto* model = qobject_cast<QStandardItemModel*>(kind_->model());
    for (int i = 0; i < kind_->count(); ++i) {
        const bool applies = algorithm.empty() || plots::kind_applies(plots::Kind(i), algorithm);
        if (model) model->item(i)->setEnabled(applies);
        if (view) view->setRowHidden(i, !applies);
    }
    const bool current_applies =
        algorithm.empty() || plots::kind_applies(plots::Kind(kind_->currentIndex()), algorithm);
    if (kind_chosen_ && current_applies) return;  // a kind picked by the user (or `--plot`) stays
    const QSignalBlocker quiet(kind_);            // the caller redraws
    kind_->setCurrentIndex(int(plots::default_kind(report().experiment)));
    updateControls();
}
void PlotPanel::setMetric(plots::Metric metric) { metric_->setCurrentIndex(int(metric)); }
void PlotPanel::setAxis(plots::Dim axis) {
    plots::SliceChoice wanted = choice_;
    wanted.x = axis;
    setSlice(wanted);
}
QString PlotPanel::showLessonView(const core::LessonView& lesson, const sfp::Experiment& experiment) {
    const qsizetype kind = plot_kind_names().indexOf(lesson.kind);
    if (kind < 0) return tr("no plot kind '%1'").arg(lesson.kind);
    const auto metric = std::find_if(std::begin(plots::kMetrics), std::end(plots::kMetrics),
                                     [&](plots::Metric m) { return plots::metric_name(m) == lesson.metric; });
    if (metric == std::end(plots::kMetrics)) return tr("no metric '%1'").arg(lesson.metric);
    setKind(plots::Kind(kind));
    setMetric(*metric);
    const std::vector<sfp::Cell> cells = sfp::expand(experiment);
    setCells(cells);
    if (lesson.x.isEmpty() && lesson.per.isEmpty() && lesson.fix.isEmpty()) return {};  // the cells' own slice
    plots::SliceChoice choice;
    const QString why = slice_from_flags(plots::PlotSlice(cells), lesson.x, lesson.per, lesson.fix, &choice);
    if (!why.isEmpty()) return why;
    setSlice(choice);
    return {};
}

void PlotPanel::setControlsShown(bool on) {
    controls_shown_ = on;
    updateControls();
}

void PlotPanel::setPresentation(bool on) {
    figure_.setStyle(on ? plots::Style::presentation() : plots::Style::normal());
    // The choosers are the teacher's, not the class's: shown, they keep the desktop's size.
    for (QWidget* row : {controls_row_, slice_row_}) row->setFont(on ? QApplication::font() : QFont());
    redrawNow();
}

// Follows the live report's cells: a new set of cells gets its slice choices (and a full draw).
bool PlotPanel::adoptLive() {
    if (!live_) return false;
    adoptAlgorithm(live_->experiment.algorithm);
    if (live_->cells == slice_.cells()) return false;
    setCells(live_->cells);
    return true;
}

void PlotPanel::redrawNow() {
    redraw_timer_.stop();
    adoptLive();
    ++full_redraws_;
    const plots::View shown = view();
    hover_ = figure_.draw(report(), slice_, shown);
    const bool lines = shown.kind == plots::Kind::lines;
    series_drawn_ = lines && !hover_.empty() ? plot_->graphCount() : -1;
    drawOverlays(lines && shown.metric == plots::Metric::elapsed);
    applyHidden();
    fitPlotHeight();
    figure_.fitToSize();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void PlotPanel::refresh() {
    const bool new_cells = adoptLive();
    if (new_cells || series_drawn_ < 0 || plots::Kind(kind_->currentIndex()) != plots::Kind::lines) return redrawNow();
    int changed = 0;
    const plots::View shown = view();
    std::optional<plots::Hover> hover = plots::update_lines(figure_.canvas(), report(), shown.metric, slice_,
                                                            shown.choice, shown.errors, series_drawn_, &changed);
    if (!hover) return redrawNow();
    hover_ = std::move(*hover);
    series_updates_ += changed;
    figure_.takeTitle();
    figure_.fitToSize();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void PlotPanel::drawOverlays(bool here) {
    // Imported sets where they mean something: median time on the Lines plot of a run of their
    // algorithm, sliced alike; once this run has results (a lesson's prediction comes first).
    QStringList notes;  // the right axis: hidden by the draw's reset, shown by what uses it
    const std::vector<core::ResultSet> sets = overlays_ ? overlays_->shown() : std::vector<core::ResultSet>{};
    if (!sets.empty() && !here) {
        notes << tr("Imported sets are drawn on the Lines plot of elapsed time.");
    } else if (!sets.empty() && hover_.empty()) {
        notes << tr("Imported sets are drawn once this run has results.");
    } else if (!sets.empty()) {
        plots::OverlaysDrawn drawn =
            plots::draw_overlays(figure_.canvas(), sets, overlays_->shownNames(), report().experiment.algorithm,
                                 choice_, overlays_->normalised());
        hover_.insert(hover_.end(), drawn.hover.begin(), drawn.hover.end());
        if (!drawn.not_comparable.isEmpty())
            notes << tr("Not comparable here: %1.").arg(drawn.not_comparable.join(QStringLiteral("; ")));
    }
    overlay_note_->setText(notes.join(QLatin1Char(' ')));
    overlay_note_->setVisible(!notes.isEmpty());
}

void PlotPanel::setOverlays(const OverlaySets* sets) {
    overlays_ = sets;
    connect(sets, &OverlaySets::changed, this, &PlotPanel::redrawNow);
    redrawNow();
}

QString PlotPanel::overlayNote() const { return overlay_note_->isHidden() ? QString() : overlay_note_->text(); }

int PlotPanel::topN() const { return show_all_->isChecked() ? 0 : plots::kTopN; }

void PlotPanel::fitPlotHeight() {
    // Bars lying down need a line of text each; more than the panel holds makes it scroll.
    int rows = 0;
    for (const plots::HoverPoint& p : hover_) rows += p.horizontal ? 1 : 0;
    const int line = QFontMetrics(plot_->yAxis->tickLabelFont()).height() + 4;
    plot_->setMinimumHeight(std::max(plots::Figure::kMinHeight, rows * line + 150));
}

plots::View PlotPanel::view() const {
    plots::View shown{plots::Kind(kind_->currentIndex()), plots::Metric(metric_->currentIndex()),
                      plots::ErrorKind(errors_->currentIndex()), topN(), choice_};
    shown.run = picked_run_;
    const sfp::Experiment& e = report().experiment;
    for (const sfp::ExperimentReport& other : other_states_)
        if (other.experiment.cache != e.cache && other.experiment.algorithm == e.algorithm)
            shown.other_states.push_back(&other);
    return shown;
}

void PlotPanel::setPickedRun(std::optional<std::size_t> run) {
    if (run == picked_run_) return;
    picked_run_ = run;
    if (plots::Kind(kind_->currentIndex()) == plots::Kind::timeline) redrawNow();
}

void PlotPanel::setOtherStates(std::vector<sfp::ExperimentReport> reports) {
    other_states_ = std::move(reports);
    redrawNow();
}

void PlotPanel::toggleSeries(const QString& name) {
    if (!hidden_.remove(name)) hidden_.insert(name);
    applyHidden();
    plot_->replot();
}

void PlotPanel::applyHidden() {
    // A hidden series keeps its legend entry (greyed) so a second click brings it back; its
    // error bars go with it.
    for (int i = 0; i < plot_->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot_->plottable(i);
        QCPAbstractPlottable* owner = p;
        if (auto* bars = qobject_cast<QCPErrorBars*>(p); bars && bars->dataPlottable()) owner = bars->dataPlottable();
        const bool hidden = hidden_.contains(owner->name());
        p->setVisible(!hidden);
        if (auto* entry = plot_->legend->itemWithPlottable(p)) entry->setTextColor(hidden ? Qt::gray : Qt::black);
    }
}

QString PlotPanel::hoverTextAt(const QPointF& pixel) const {
    // Bars lying down: the key (category) runs down the y axis.
    const bool down = !hover_.empty() && hover_.front().horizontal;
    const QCPAxis* x = down ? plot_->yAxis : plot_->xAxis;
    const QCPAxis* y = down ? plot_->xAxis : plot_->yAxis;
    const double keyPixel = down ? pixel.y() : pixel.x(), valuePixel = down ? pixel.x() : pixel.y();
    const double key = x->pixelToCoord(keyPixel);
    const double value = y->pixelToCoord(valuePixel);  // bars are on the main axes
    const plots::HoverPoint* best = nullptr;
    double bestDistance = kHoverRadiusPx;
    for (const plots::HoverPoint& p : hover_) {
        if (!p.series.isEmpty() && hidden_.contains(p.series)) continue;
        if (p.half_width > 0) {  // a bar: inside it counts
            if (std::abs(key - p.key) <= p.half_width && value >= std::min(p.bottom, p.value) &&
                value <= std::max(p.bottom, p.value))
                return p.text;
            continue;
        }
        const QCPAxis* values = p.right ? plot_->yAxis2 : y;
        const double d = std::hypot(x->coordToPixel(p.key) - keyPixel, values->coordToPixel(p.value) - valuePixel);
        if (d < bestDistance) bestDistance = d, best = &p;
    }
    return best ? best->text : QString();
}

void PlotPanel::onMouseMove(QMouseEvent* event) {
    const QString text = hoverTextAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
}

QSize PlotPanel::exportSize() const { return plot_->size().expandedTo(QSize(1200, 700)); }

namespace {

// QCustomPlot writes files only; render into a private temporary file and hand back its bytes,
// so the caller can write the target atomically and report the OS reason when that fails.
template <typename Save>
QByteArray via_temporary_file(const QString& name, Save save) {
    QTemporaryDir dir;
    if (!dir.isValid()) return {};
    const QString path = dir.filePath(name);
    if (!save(path)) return {};
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

QByteArray PlotPanel::renderPng() {
    const QSize size = exportSize();
    return via_temporary_file(QStringLiteral("plot.png"),
                              [&](const QString& path) { return plot_->savePng(path, size.width(), size.height()); });
}

QJsonObject PlotPanel::plotDataJson() const {
    QJsonObject drawn = plots::plot_data(plot_, figure_.titleText());
    drawn["kind"] = plot_kind_names().value(kind_->currentIndex());
    return drawn;
}

QByteArray PlotPanel::plotData() const { return QJsonDocument(plotDataJson()).toJson(); }

QByteArray PlotPanel::renderPdf() {
    const QSize size = exportSize();
    return via_temporary_file(QStringLiteral("plot.pdf"), [&](const QString& path) {
        return plot_->savePdf(path, size.width(), size.height(), QCP::epNoCosmetic, QStringLiteral("sfpbench"),
                              figure_.titleText());
    });
}

}  // namespace gui
