#include "plot_layout.hpp"

#include "limit_legend.hpp"

#include <QFontMetrics>
#include <QStringList>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace plots {
namespace {

constexpr double kSideShare = 1.0 / 3;   // of the width, for a legend beside the data
constexpr double kBelowShare = 1.0 / 5;  // of the height, for a long legend below it
const QString kSeparator = QStringLiteral(" · ");

enum class Place { none, below, beside };

Place placed(const PlotLayout& l) {
    if (l.side->hasElement(0, 0) && l.side->element(0, 0) == l.plot->legend) return Place::beside;
    QCPLayoutGrid* top = l.plot->plotLayout();
    if (top->hasElement(2, 0) && top->element(2, 0) == l.plot->legend) return Place::below;
    return Place::none;
}

void move_legend(const PlotLayout& l, Place to) {
    if (placed(l) == to) return;
    QCPLegend* legend = l.plot->legend;
    if (placed(l) != Place::none) legend->layout()->take(legend);
    l.plot->plotLayout()->simplify();
    if (to == Place::beside) l.side->addElement(0, 0, legend);  // on top: the spacer below takes the rest
    if (to == Place::below) {
        l.plot->plotLayout()->addElement(2, 0, legend);
        l.plot->plotLayout()->setRowStretchFactor(2, 0.001);
    }
}

// Greedy: as many words as fit per line (a word wider than the line gets one of its own).
QStringList wrap_words(const QString& text, const QFontMetrics& fm, int width) {
    QStringList lines;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= width)
            lines.back() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    return lines;
}

// The most entries a row below the data holds, each column as wide as its widest entry: short
// names share a row with a long one (a lesson's reference machine) instead of a row each.
int columns_below(const std::vector<int>& widths, int width) {
    for (std::size_t columns = widths.size(); columns > 1; --columns) {
        std::vector<int> column(columns, 0);
        for (std::size_t i = 0; i < widths.size(); ++i) column[i % columns] = std::max(column[i % columns], widths[i]);
        if (std::accumulate(column.begin(), column.end(), 0) <= width) return int(columns);
    }
    return 1;
}

}  // namespace

PlotLayout make_plot_layout(QCustomPlot* plot) {
    QCPLayoutGrid* top = plot->plotLayout();
    QCPAxisRect* rect = plot->axisRect();
    top->take(rect);
    top->simplify();
    auto* body = new QCPLayoutGrid;
    top->addElement(1, 0, body);  // row 0 is the title's
    body->addElement(0, 0, rect);
    body->setColumnSpacing(0);
    // The side column: as narrow as the legend in it (nothing when it is elsewhere).
    auto* side = new QCPLayoutGrid;
    body->addElement(0, 1, side);
    body->setColumnStretchFactor(1, 0.001);
    side->addElement(1, 0, new QCPLayoutElement(plot));
    side->setRowStretchFactor(0, 0.001);
    side->setRowSpacing(0);
    return {plot, body, side};
}

bool place_legend(const PlotLayout& l) {
    QCPLegend* legend = l.plot->legend;
    const int n = legend->itemCount();
    if (!legend->visible() || n == 0) {
        // An empty legend in the layout would limit the plot's column to its own few pixels.
        const bool was = placed(l) != Place::none;
        move_legend(l, Place::none);
        return was;
    }
    const int width = l.plot->viewport().width(), height = l.plot->viewport().height();  // the widget's, or an export's
    // The widest and tallest entry, a limit's words broken to `limit_width` (0: on one line).
    std::vector<LimitLegendItem*> limits;
    for (int i = 0; i < n; ++i)
        if (auto* limit = dynamic_cast<LimitLegendItem*>(legend->item(i))) limits.push_back(limit);
    std::vector<int> before;
    for (const LimitLegendItem* limit : limits) before.push_back(limit->width());
    const auto measure = [&](int limit_width) {
        for (LimitLegendItem* limit : limits) limit->setWidth(limit_width);
        int widest = 1, tall = 1, total = 0;
        std::vector<int> widths;
        for (int i = 0; i < n; ++i)
            if (QCPAbstractLegendItem* item = legend->item(i)) {
                const QSize size = item->minimumOuterSizeHint();
                widths.push_back(size.width() + 12);
                widest = std::max(widest, widths.back());
                tall = std::max(tall, size.height());
                total += size.height();
            }
        return std::tuple{widest, tall, total, widths};
    };
    const int side_width = int(width * kSideShare);
    const auto [beside_widest, beside_tall, beside_total, beside_widths] = measure(side_width - 12);
    // Beside: as many columns as the entries need in the data area's height (about 60% of the
    // plot), balanced.
    const int columns = std::clamp(int(std::ceil(beside_total / (height * 0.6))), 1, n);
    auto [widest, tall, total, widths] = measure(0);
    int across = columns_below(widths, width);
    if (across < n && !limits.empty()) {
        // Below, a limit's words on one line can take a row each and the entries beside them too:
        // broken to a third of the width, they share rows with the others.
        auto [w, t, sum, broken] = measure(width / 3 - 12);
        if (const int more = columns_below(broken, width); more > across)
            across = more, tall = t;
        else
            measure(0);
    }
    const Place to = across < n && columns * beside_widest <= side_width ? Place::beside : Place::below;
    if (to == Place::beside) measure(side_width - 12);
    bool rewrapped = false;
    for (std::size_t i = 0; i < limits.size(); ++i) rewrapped |= limits[i]->width() != before[i];
    const int wrap = to == Place::beside ? (n + columns - 1) / columns : across;
    const auto order = to == Place::beside ? QCPLayoutGrid::foRowsFirst : QCPLayoutGrid::foColumnsFirst;
    const int max_height =
        to == Place::below && across < n ? std::max(tall, int(height * kBelowShare)) : QWIDGETSIZE_MAX;
    if (placed(l) == to && legend->wrap() == wrap && legend->fillOrder() == order &&
        legend->maximumSize().height() == max_height)
        return rewrapped;
    move_legend(l, to);
    legend->setWrap(wrap);
    legend->setFillOrder(order, true);
    legend->setMaximumSize(QWIDGETSIZE_MAX, max_height);
    legend->setMinimumSize(0, 0);
    return true;
}

void DataTicker::add(double key, const QString& label, bool secondary) {
    if (!secondary)
        secondary_.remove(key);  // the run's own value: always first
    else if (!all_.contains(key))
        secondary_.insert(key);
    all_.insert(key, label);
    setTicks(all_);
}

namespace {

// A label at its place on the axis.
struct Placed {
    double key = 0, pixel = 0;
    QString text;
    int width = 0;
};

bool fit_data_ticks(QCPAxis* x, DataTicker& ticker) {
    const QFontMetrics fm(x->tickLabelFont());
    const int gap = fm.horizontalAdvance(QStringLiteral("  "));
    std::vector<Placed> own, imported;
    for (auto it = ticker.all().begin(); it != ticker.all().end(); ++it)
        if (x->range().contains(it.key()))
            (ticker.secondary(it.key()) ? imported : own)
                .push_back({it.key(), x->coordToPixel(it.key()), it.value(), fm.horizontalAdvance(it.value())});
    const auto level = [&](const Placed& a, const Placed& b) { return (a.width + b.width) / 2.0 + gap; };
    const auto slanted = [&](const Placed&, const Placed&) {
        return fm.height() * 1.42 + 2;
    };  // 45 degrees: a line each
    // Level when the run's own labels all fit so, else slanted; then each label that keeps its
    // room from those already placed, the run's own first.
    const auto apart = [](const std::vector<Placed>& placed, const Placed& l, auto room) {
        return std::all_of(placed.begin(), placed.end(),
                           [&](const Placed& k) { return std::abs(k.pixel - l.pixel) >= room(k, l); });
    };
    bool all_level = true;
    for (std::size_t i = 0; i < own.size() && all_level; ++i)
        for (std::size_t j = i + 1; j < own.size() && all_level; ++j)
            all_level = std::abs(own[i].pixel - own[j].pixel) >= level(own[i], own[j]);
    const double rotation = all_level ? 0 : 45;
    std::vector<Placed> kept;
    for (const std::vector<Placed>* group : {&own, &imported})
        for (const Placed& l : *group)
            if (all_level ? apart(kept, l, level) : apart(kept, l, slanted)) kept.push_back(l);
    QMap<double, QString> ticks;
    for (const Placed& l : kept) ticks.insert(l.key, l.text);
    const bool changed = rotation != x->tickLabelRotation() || ticks != ticker.ticks();
    x->setTickLabelRotation(rotation);
    ticker.setTicks(ticks);
    return changed;
}

// A column's label on two lines, broken at its last space ("runnable\ns/s"), else after its
// first slash ("faults/\nMB"); one with neither stays whole.
QString two_lines(QString label) {
    int at = int(label.lastIndexOf(QLatin1Char(' ')));
    if (at > 0) return label.replace(at, 1, QLatin1Char('\n'));
    at = int(label.indexOf(QLatin1Char('/')));
    return at > 0 && at + 1 < label.size() ? label.insert(at + 1, QLatin1Char('\n')) : label;
}

// Columns named on a text ticker (the Why view's counters) are all kept, so they are fitted by
// their shape: level where the widest fits the room between two columns, else on two lines, else
// rising at 45 degrees to end at their columns, where neighbours need only a line's height (sqrt 2
// of it across) between them, else standing.
bool fit_column_ticks(QCPAxis* x, QCPAxisTickerText& ticker) {
    const QFontMetrics fm(x->tickLabelFont());
    const int gap = fm.horizontalAdvance(QStringLiteral("  "));
    const QMap<double, QString> now = ticker.ticks();
    if (now.size() < 2) return false;
    double room = std::abs(x->coordToPixel(now.lastKey()) - x->coordToPixel(now.firstKey())) / double(now.size() - 1);
    QMap<double, QString> level, broken;
    for (auto it = now.begin(); it != now.end(); ++it) {
        const QString whole = QString(it.value()).replace(QLatin1Char('\n'), QLatin1Char(' '));
        level.insert(it.key(), whole);
        broken.insert(it.key(), two_lines(whole));
    }
    const auto widest = [&](const QMap<double, QString>& ticks) {
        int w = 0;
        for (const QString& label : ticks)
            for (const QString& line : label.split(QLatin1Char('\n'))) w = std::max(w, fm.horizontalAdvance(line));
        return w;
    };
    double rotation = 0;
    QMap<double, QString> fitted = level;
    if (widest(level) + gap > room) {
        if (widest(broken) + gap <= room)
            fitted = broken;
        else
            rotation = room >= fm.height() * 1.42 + 2 ? -45 : -90;  // each ending at its column; standing: a line each
    }
    const bool changed = rotation != x->tickLabelRotation() || fitted != now;
    x->setTickLabelRotation(rotation);
    ticker.setTicks(fitted);
    return changed;
}

}  // namespace

bool fit_x_ticks(QCustomPlot* plot) {
    QCPAxis* x = plot->xAxis;
    if (auto data = x->ticker().dynamicCast<DataTicker>()) return fit_data_ticks(x, *data);
    if (auto columns = x->ticker().dynamicCast<QCPAxisTickerText>()) return fit_column_ticks(x, *columns);
    const QSharedPointer<QCPAxisTicker> ticker = x->ticker();
    const QFontMetrics fm(x->tickLabelFont());
    const int room = plot->axisRect()->width(), gap = fm.horizontalAdvance(QStringLiteral("  "));
    // From the count asked for (not the last fitted one: a wider plot gets its ticks back), each
    // label as wide as the widest plus a gap: fewer until they fit.
    const int before = ticker->tickCount();
    int count = x->property(kTickCountProperty).isValid() ? x->property(kTickCountProperty).toInt() : before;
    for (ticker->setTickCount(count); count > 2; ticker->setTickCount(--count)) {
        QVector<double> ticks;
        QVector<QString> labels;
        ticker->generate(x->range(), plot->locale(), x->numberFormat().at(0), x->numberPrecision(), ticks, nullptr,
                         &labels);
        int widest = 0;  // ticks are evenly spaced: the widest label sets the spacing they need
        for (const QString& label : labels) widest = std::max(widest, fm.horizontalAdvance(label));
        if (int(labels.size()) * (widest + gap) <= room) break;
    }
    return ticker->tickCount() != before;
}

bool fit_column_texts(QCustomPlot* plot) {
    std::vector<QCPItemText*> texts;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->property(kColumnTextPt).isValid())
            texts.push_back(t);
    if (texts.empty()) return false;
    const double room = std::abs(plot->xAxis->coordToPixel(1) - plot->xAxis->coordToPixel(0)) * 0.92;
    int widest = 0;  // at the size they were drawn at
    for (QCPItemText* t : texts) {
        QFont font = t->font();
        font.setPointSizeF(t->property(kColumnTextPt).toDouble());
        widest = std::max(widest, QFontMetrics(font).horizontalAdvance(t->text()));
    }
    bool changed = false;
    for (QCPItemText* t : texts) {
        const double drawn = t->property(kColumnTextPt).toDouble();
        QFont font = t->font();
        font.setPointSizeF(widest > room ? std::max(6.0, drawn * room / widest) : drawn);
        changed |= font != t->font();
        t->setFont(font);
    }
    return changed;
}

void relayout(QCustomPlot* plot) {
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot->plotLayout()->update(phase);
}

QString wrapped_label(const QString& text, const QFont& font, int width) {
    return wrap_words(text, QFontMetrics(font), width).join(QLatin1Char('\n'));
}

QString wrapped_title(const QString& text, const QFont& font, int width) {
    const QFontMetrics fm(font);
    QStringList parts;
    for (const QString& line : text.split(QLatin1Char('\n'))) parts << line.split(kSeparator);
    QStringList lines;
    for (const QString& part : parts) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + kSeparator + part) <= width) {
            lines.back() += kSeparator + part;
        } else if (fm.horizontalAdvance(part) <= width) {
            lines << part;
        } else {
            lines << wrap_words(part, fm, width);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace plots
