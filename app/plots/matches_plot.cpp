// search's view: where in each input its matches lie -- one row per input, a point per match at
// its byte offset -- from the successful run that found the most (strategies agree; the runner
// flags any that does not). Hovering a match shows its offset and the bytes around it, read from
// the input as it is now (a regex's outcome carries the line or match it found).
#include <QFile>
#include <QFileInfo>
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plots.hpp"
#include "sfp/search.hpp"

namespace plots {
namespace {

constexpr int kContextBytes = 24;          // on each side of a match, in its hover text
constexpr std::size_t kWithContext = 200;  // matches whose context is read; the others show their offset

const sfp::SearchOutcome* most_matches(const sfp::ExperimentReport& report, std::size_t* set) {
    const sfp::SearchOutcome* best = nullptr;
    for (const sfp::RunRecord& r : report.runs) {
        const auto* o = r.result.outcome.get_if<sfp::SearchOutcome>();
        if (!o || r.status != sfp::RunStatus::ok || report.cells.at(r.cell).reference_floor) continue;
        if (!best || o->matches.size() > best->matches.size()) best = o, *set = report.cells.at(r.cell).input_set;
    }
    return best;
}

// The bytes around [offset, offset + length) of `path`, printable ones as they are, the others as dots.
QString context(const std::string& path, std::uint64_t offset) {
    // Only a regular file (a report may name anything): a FIFO or a device would block or never end.
    const QString name = QString::fromStdString(path);
    QFile file(name);
    if (!QFileInfo(name).isFile() || !file.open(QIODevice::ReadOnly))
        return QObject::tr("(the input cannot be read now)");
    const std::uint64_t from = offset > kContextBytes ? offset - kContextBytes : 0;
    file.seek(qint64(from));
    QByteArray bytes = file.read(2 * kContextBytes);
    for (char& b : bytes)
        if (b < 0x20 || b > 0x7e) b = '.';
    const int at = int(offset - from);
    return QString::fromLatin1(bytes.left(at)).toHtmlEscaped() + QStringLiteral("<b>|</b>") +
           QString::fromLatin1(bytes.mid(at)).toHtmlEscaped();
}

}  // namespace

Hover draw_matches(const Canvas& c, const sfp::ExperimentReport& report) {
    QCustomPlot* plot = c.plot;
    Hover hover;
    std::size_t set = 0;
    const sfp::SearchOutcome* found = most_matches(report, &set);
    if (!found || found->matches.empty()) {
        show_placeholder(c, found ? QObject::tr("No match was found.")
                                  : QObject::tr("The matches appear here once a search has finished."));
        return hover;
    }
    const std::vector<std::string>& paths = report.input_sets.at(set).paths;
    auto* points = new QCPGraph(plot->xAxis, plot->yAxis);
    points->setName(QObject::tr("first %1 matches").arg(found->matches.size()));
    points->setLineStyle(QCPGraph::lsNone);
    points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, series_color(0), series_color(0), 9));
    double right = 1;
    QSharedPointer<QCPAxisTickerText> rows(new QCPAxisTickerText);
    for (std::size_t f = 0; f < paths.size(); ++f)
        rows->addTick(double(f), QFileInfo(QString::fromStdString(paths[f])).fileName());
    for (std::size_t i = 0; i < found->matches.size(); ++i) {
        const sfp::SearchMatch& m = found->matches[i];
        const double x = double(m.offset) / (1 << 20);
        points->addData(x, double(m.file));
        right = std::max(right, x);
        QString text = QObject::tr("<b>match %1</b> in %2 at byte %3")
                           .arg(QString::number(i + 1), rows->ticks().value(double(m.file)).toHtmlEscaped(),
                                QString::number(m.offset));
        if (m.text)
            text += QStringLiteral("<br>") + QString::fromLatin1(m.text->substr(0, 120)).toHtmlEscaped();
        else if (i < kWithContext)
            text += QStringLiteral("<br><tt>") + context(paths.at(m.file), m.offset) + QStringLiteral("</tt>");
        hover.push_back({x, double(m.file), text, 0, 0, points->name()});
    }
    for (std::size_t f = 0; f < paths.size(); ++f)  // each input's whole length, the matches on it
        right = std::max(right, double(report.input_sets.at(set).file_size) / (1 << 20));
    plot->xAxis->setLabel(QObject::tr("offset (MiB)"));
    plot->xAxis->setRange(-right * 0.02, right * 1.02);
    plot->yAxis->setTicker(rows);
    plot->yAxis->setLabel(QObject::tr("input"));
    plot->yAxis->setRange(-0.5, double(paths.size()) - 0.5);
    c.title->setText(QObject::tr("Where the matches are\n%1").arg(experiment_caption(report)));
    return hover;
}

}  // namespace plots
