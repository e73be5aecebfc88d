#include "plot_panel.hpp"

#include <QComboBox>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QTemporaryDir>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace gui {
namespace {

constexpr int kRedrawDelayMs = 40;
constexpr double kHoverRadiusPx = 14;

}  // namespace

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
    auto* controls = new QHBoxLayout;
    addCombo(kind_, tr("Plot"), {tr("Lines"), tr("User / system / waiting"), tr("Box plot"), tr("Times slower"), tr("Histogram")}, controls);
    QStringList metrics;
    for (Metric m : kMetrics) metrics << metric_title(m);
    addCombo(metric_, tr("Metric"), metrics, controls);
    QStringList axes;
    for (Axis a : kAxes) axes << axis_name(a);
    addCombo(axis_, tr("Against"), axes, controls);
    addCombo(errors_, tr("Error bars"), {tr("stddev"), tr("95% CI"), tr("none")}, controls);
    kind_->setToolTip(tr("Lines: a metric against block size, threads or file size, one line per strategy.\n"
                         "User / system / waiting: where each cell's elapsed time goes (as timep shows it).\n"
                         "Box plot: the spread of each cell's repetitions.\n"
                         "Times slower: each cell's median elapsed time over the fastest cell's.\n"
                         "Histogram: wordcount's word lengths of each input, as bars."));
    controls->addStretch(1);
    kind_->setObjectName(QStringLiteral("plotKind"));
    metric_->setObjectName(QStringLiteral("plotMetric"));
    axis_->setObjectName(QStringLiteral("plotAxis"));

    // Layout once: title on top, the axis rect, the legend below it in rows (as in a paper).
    plot_->setObjectName(QStringLiteral("plot"));
    plot_->plotLayout()->insertRow(0);
    canvas_ = {plot_, new QCPTextElement(plot_, QString()), plots::Style::normal()};
    plot_->plotLayout()->addElement(0, 0, canvas_.title);
    plot_->plotLayout()->addElement(2, 0, plot_->legend);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setWrap(4);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setMargins(QMargins(6, 2, 6, 10));
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    plot_->plotLayout()->setRowStretchFactor(2, 0.001);
    plot_->setMinimumSize(360, 260);
    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this, &PlotPanel::onMouseMove);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(plot_, 1);

    redraw_timer_.setSingleShot(true);
    redraw_timer_.setInterval(kRedrawDelayMs);
    connect(&redraw_timer_, &QTimer::timeout, this, &PlotPanel::redrawNow);
    updateControls();
    redrawNow();
}

void PlotPanel::addCombo(QComboBox*& box, const QString& label, const QStringList& items, QHBoxLayout* row) {
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
    axis_->setEnabled(kind == plots::Kind::lines);
    errors_->setEnabled(kind == plots::Kind::lines);
}

void PlotPanel::setReport(const sfp::ExperimentReport& report) {
    report_ = report;
    if (!redraw_timer_.isActive()) redraw_timer_.start();
}

void PlotPanel::chooseAxisFor(const std::vector<sfp::Cell>& cells) { setAxis(natural_axis(cells)); }

void PlotPanel::setKind(plots::Kind kind) { kind_->setCurrentIndex(int(kind)); }
void PlotPanel::setMetric(Metric metric) { metric_->setCurrentIndex(int(metric)); }
void PlotPanel::setAxis(Axis axis) { axis_->setCurrentIndex(int(axis)); }
void PlotPanel::setErrors(plots::ErrorKind errors) { errors_->setCurrentIndex(int(errors)); }

void PlotPanel::setPresentation(bool on) {
    canvas_.style = on ? plots::Style::presentation() : plots::Style::normal();
    redrawNow();
}

void PlotPanel::redrawNow() {
    redraw_timer_.stop();
    plots::reset(canvas_);
    const auto metric = Metric(metric_->currentIndex());
    switch (plots::Kind(kind_->currentIndex())) {
    case plots::Kind::lines:
        hover_ = plots::draw_lines(canvas_, report_, metric, Axis(axis_->currentIndex()),
                                   plots::ErrorKind(errors_->currentIndex()));
        break;
    case plots::Kind::time_split: hover_ = plots::draw_time_split(canvas_, report_); break;
    case plots::Kind::box: hover_ = plots::draw_box(canvas_, report_, metric); break;
    case plots::Kind::slowdown: hover_ = plots::draw_slowdown(canvas_, report_); break;
    case plots::Kind::histogram: hover_ = plots::draw_histogram(canvas_, report_); break;
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString PlotPanel::hoverTextAt(const QPointF& pixel) const {
    const QCPAxis* x = plot_->xAxis;
    const QCPAxis* y = plot_->yAxis;
    const double key = x->pixelToCoord(pixel.x());
    const double value = y->pixelToCoord(pixel.y());
    const plots::HoverPoint* best = nullptr;
    double bestDistance = kHoverRadiusPx;
    for (const plots::HoverPoint& p : hover_) {
        if (p.half_width > 0) {  // a bar: inside it counts
            if (std::abs(key - p.key) <= p.half_width && value >= std::min(p.bottom, p.value) &&
                value <= std::max(p.bottom, p.value))
                return p.text;
            continue;
        }
        const double d = std::hypot(x->coordToPixel(p.key) - pixel.x(), y->coordToPixel(p.value) - pixel.y());
        if (d < bestDistance) bestDistance = d, best = &p;
    }
    return best ? best->text : QString();
}

void PlotPanel::onMouseMove(QMouseEvent* event) {
    const QString text = hoverTextAt(event->position());
    if (text.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
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
    return via_temporary_file(QStringLiteral("plot.png"), [&](const QString& path) {
        return plot_->savePng(path, size.width(), size.height());
    });
}

QByteArray PlotPanel::renderPdf() {
    const QSize size = exportSize();
    return via_temporary_file(QStringLiteral("plot.pdf"), [&](const QString& path) {
        return plot_->savePdf(path, size.width(), size.height(), QCP::epNoCosmetic,
                              QStringLiteral("sfpbench"), canvas_.title->text());
    });
}

}  // namespace gui
