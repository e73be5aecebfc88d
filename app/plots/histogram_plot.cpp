// wordcount's word-length histogram as bars: lengths 1 to 31 (31 = 31 or more), one series per
// input set, from the first successful run of a strategy that makes one (strategies agree; the
// runner flags any that does not).
#include <QFileInfo>
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plots.hpp"
#include "sfp/wordcount.hpp"

namespace plots {
namespace {

bool counted_lengths(const sfp::WordCounts& counts) {
    return std::any_of(counts.histogram.begin(), counts.histogram.end(), [](std::uint64_t n) { return n > 0; });
}

// The histogram of each input set, or nothing where no run has made one yet; `counted` says
// whether any run counted words at all (with the histogram option off, none counts lengths).
std::vector<std::pair<std::size_t, sfp::WordCounts>> histograms(const sfp::ExperimentReport& report, bool* counted) {
    std::vector<std::pair<std::size_t, sfp::WordCounts>> out;
    for (const sfp::RunRecord& r : report.runs) {
        const sfp::Cell& cell = report.cells.at(r.cell);
        const auto* counts = r.result.outcome.get_if<sfp::WordCountOutcome>();
        if (!counts || cell.reference_floor || r.status != sfp::RunStatus::ok) continue;
        *counted = true;
        if (!counted_lengths(counts->total())) continue;
        if (std::none_of(out.begin(), out.end(), [&](const auto& h) { return h.first == cell.input_set; }))
            out.emplace_back(cell.input_set, counts->total());
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

// Every file of the set by name: two files counted together are not the first one alone.
QString input_set_name(const sfp::InputSet& set) {
    QStringList names;
    for (const std::string& path : set.paths) names << QFileInfo(QString::fromStdString(path)).fileName();
    return names.join(QStringLiteral(" + "));
}

}  // namespace

Hover draw_histogram(const Canvas& c, const sfp::ExperimentReport& report) {
    QCustomPlot* plot = c.plot;
    Hover hover;
    bool counted = false;
    const auto found = histograms(report, &counted);
    if (found.empty()) {
        show_placeholder(c, counted ? QObject::tr("No word lengths were counted: tick wordcount's \"histogram\" "
                                                  "option and run again.")
                                    : QObject::tr("The word-length histogram appears here once a run has finished."));
        return hover;
    }
    const double width = 0.8 / double(found.size());
    auto* group = new QCPBarsGroup(plot);
    double top = 1;
    for (std::size_t k = 0; k < found.size(); ++k) {
        const auto& [set, counts] = found[k];
        const QString input = report.experiment.inputs.empty()
                                  ? QObject::tr("%1 text").arg(size_text(report.input_sets.at(set).file_size))
                                  : input_set_name(report.input_sets.at(set));
        auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(input);
        bars->setWidth(width);
        bars->setBarsGroup(group);
        const QColor color = series_color(int(k));
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        for (std::size_t len = 1; len < counts.histogram.size(); ++len) {
            const double n = double(counts.histogram[len]);
            bars->addData(double(len), n);
            top = std::max(top, n);
            const double share = counts.words ? 100.0 * n / double(counts.words) : 0;
            hover.push_back({double(len) + (double(k) - double(found.size() - 1) / 2) * width, n,
                             QObject::tr("<b>%1</b><br>words of %2%3 bytes: %4 (%5% of %6)")
                                 .arg(input.toHtmlEscaped(), QString::number(len),
                                      len == sfp::kLongestCountedWord ? QObject::tr(" or more") : QString(),
                                      QString::number(qulonglong(n)), QString::number(share, 'f', 2),
                                      QString::number(counts.words)),
                             width / 2, 0});
        }
    }
    plot->xAxis->setLabel(QObject::tr("word length (bytes; 31 = 31 or more)"));
    plot->xAxis->setRange(0.3, double(sfp::kLongestCountedWord) + 0.7);
    plot->yAxis->setLabel(QObject::tr("words"));
    plot->yAxis->setRange(0, top * 1.1);
    c.title->setText(QObject::tr("Word-length histogram\n%1").arg(experiment_caption(report)));
    return hover;
}

}  // namespace plots
