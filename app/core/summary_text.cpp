#include "summary_text.hpp"

#include <QStringList>
#include <algorithm>
#include <map>

#include "limits_text.hpp"
#include "parameter_columns.hpp"
#include "report_format.hpp"
#include "sfp/datagen.hpp"
#include "sfp/explain.hpp"
#include "sfp/labels.hpp"

namespace core {
namespace {

// Columns padded to their widest entry; the first `left` columns left-aligned, numbers right.
QString aligned(const std::vector<QStringList>& rows, int left) {
    std::vector<qsizetype> width;
    for (const QStringList& row : rows)
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (std::size_t(c) >= width.size()) width.push_back(0);
            width[std::size_t(c)] = std::max(width[std::size_t(c)], row[c].size());
        }
    QString out;
    for (const QStringList& row : rows) {
        QStringList cells;
        for (qsizetype c = 0; c < row.size(); ++c) {
            const int w = int(width[std::size_t(c)]);
            cells << (c < left ? row[c].leftJustified(w) : row[c].rightJustified(w));
        }
        out += "  " + cells.join("  ").trimmed() + "\n";
    }
    return out;
}

QString size_text(std::uint64_t bytes) { return QString::fromStdString(sfp::format_size(bytes)); }
QString label(const sfp::ExperimentReport& report, std::size_t cell) {
    return QString::fromStdString(sfp::cell_label(report.cells.at(cell)));
}

QString header(const sfp::ExperimentReport& report) {
    const sfp::Experiment& e = report.experiment;
    QString line = QString("%1: %2 cache, %3 order, %4 repetition(s) + %5 warm-up(s), seed %6")
                       .arg(QString::fromStdString(e.algorithm), sfp::to_string(e.cache), sfp::to_string(e.order),
                            QString::number(e.repetitions), QString::number(e.warmups), QString::number(e.seed));
    if (!report.cache_method.empty()) line += "\ncache control: " + QString::fromStdString(report.cache_method);
    const sfp::MachineInfo& m = report.machine;
    if (!m.host.empty() || m.cores)
        line += QString("\nmachine: %1, %2, %3 cores, %4 memory, %5 filesystem")
                    .arg(QString::fromStdString(m.host), QString::fromStdString(m.cpu_model), QString::number(m.cores),
                         QString::number(double(m.memory_bytes) / double(1ull << 30), 'f', 1) + " GiB",
                         QString::fromStdString(m.filesystem));
    if (report.cancelled) line += "\nCANCELLED: only the completed runs are counted";
    return line + "\n\n";
}

QString cells_table(const sfp::ExperimentReport& report) {
    const std::vector<const sfp::Parameter*> columns =
        parameters_of_cells(report.cells);  // block size reads "block", as in labels
    QStringList head = {"strategy"};
    for (const sfp::Parameter* p : columns) head << QString::fromStdString(std::string(sfp::label_word(*p)));
    std::vector<QStringList> rows = {head + QStringList{"size", "n", "median", "mean", "+-ci95", "min", "cv",
                                                        "outliers", "MB/s", "limit%", "cpu%", "vs fastest", "runs"}};
    bool above = false;  // a cell past its ceiling: said once under the table
    for (const sfp::CellStats& st : report.stats) {
        const sfp::Cell& cell = report.cells.at(st.cell);
        const sfp::Summary& real = st.real;
        const bool any = real.n > 0;
        const auto time = [any](double s) { return any ? duration_text(s) : kUnknown; };
        const std::optional<double> ratio = ratio_to_fastest(report, st.cell);
        const std::size_t runs = real.n + st.failed;
        const std::optional<double> pct = cell_limit_pct(st, sfp::cell_limit(report, st.cell));
        above = above || above_limit(pct);
        QStringList parameters = {QString::fromStdString(cell.strategy)};
        for (const sfp::Parameter* p : columns) parameters << QString::fromStdString(sfp::parameter_text(cell, *p));
        rows.push_back(
            parameters +
            QStringList{size_text(cell.file_size), QString::number(real.n),
                        any ? time(real.median) : (st.failed ? kUnknown : QStringLiteral("not run")), time(real.mean),
                        real.n > 1 ? time(real.ci95) : QStringLiteral("n/a"), time(real.min),
                        real.n > 1 ? QString::number(real.cv * 100, 'f', 1) + "%" : QStringLiteral("n/a"),
                        QString::number(real.outliers.size()), number_text(cell_throughput(st), 1), number_text(pct, 0),
                        number_text(any ? cpu_percent(st.cpu.mean, real.mean, report.machine.cores) : std::nullopt, 0),
                        ratio ? QString::number(*ratio, 'f', 2) + "x" : kUnknown,
                        st.failed ? QString("%1 of %2 failed").arg(st.failed).arg(runs) : QStringLiteral("ok")});
    }
    return aligned(rows, 2 + int(columns.size())) + (above ? "limit% above 100: " + kAboveLimit + "\n" : QString());
}

// Per input set, as IOBoost's summary.py: "fastest: X, 8.46s" then "Y: 12.90s, 1.52x slower".
QString ranking_text(const sfp::ExperimentReport& report) {
    QString out;
    for (const std::string& line : sfp::ranking_lines(report))  // input headings end in ':'
        out += (!line.empty() && line.back() == ':' ? "" : "  ") + QString::fromStdString(line) + "\n";
    return out.isEmpty() ? out : "\n" + out;
}

// Per input, its fastest cell against the limit it is judged by: "mmap-mt ...: 0.062 s -- 83 % of
// two-stream memory read, 2 threads, 20.6 GB/s". One line when the report has no limits at all.
QString limit_lines(const sfp::ExperimentReport& report) {
    if (report.rankings.empty()) return {};
    if (report.limits.limits.empty() && !report.limits.absent.empty())
        return QStringLiteral("\n% of limit: n/a (%1)\n").arg(QString::fromStdString(report.limits.absent));
    QString out = QStringLiteral("\nagainst this machine's limits (the fastest cell of each input):\n");
    for (const sfp::Ranking& r : report.rankings) {
        const sfp::CellStats& st = report.stats.at(r.fastest_cell);
        const sfp::CellLimit limit = sfp::cell_limit(report, r.fastest_cell);
        out += QStringLiteral("  %1: %2 -- %3\n")
                   .arg(label(report, r.fastest_cell), duration_text(st.real.median),
                        share_text(limit, cell_limit_pct(st, limit)));
    }
    return out;
}

// How old the limits are and, as `sfpbench run` prints them, the busy-moment / uncertain warning
// and each limit a cell ran above by more than its spread (so the window's summary says them too).
QString limits_note(const sfp::ExperimentReport& report) {
    const QString age = limits_age_text(report.limits, report.measured_at);
    if (age.isEmpty()) return {};
    const QString warning = load_warning(report.limits);
    QString warned = warning.isEmpty() ? QString() : QStringLiteral("warning: %1\n").arg(warning);
    for (const QString& suspect : suspect_lines(report)) warned += QStringLiteral("suspect limit: %1\n").arg(suspect);
    return QStringLiteral("%1\n").arg(age) + warned;
}

QString fit_lines(const sfp::ExperimentReport& report) {
    if (report.fits.empty()) return {};
    QString out = "\ntime against file size (least squares):\n";
    for (const sfp::SizeFit& f : report.fits)
        out += QString("  %1: %2 s/GB, R^2 %3 over %4 sizes%5\n")
                   .arg(QString::fromStdString(sfp::fit_label(report, f)), QString::number(f.seconds_per_gb, 'f', 3),
                        QString::number(f.r2, 'f', 3), QString::number(f.points),
                        f.nonlinear ? ", NOT LINEAR: the points bend away from the line" : "");
    return out;
}

QString first_line(const std::string& text) { return QString::fromStdString(text.substr(0, text.find('\n'))); }

// The cells some of whose runs other load held up (sfp::disturbed_by_load), or "".
QString disturbed_lines(const sfp::ExperimentReport& report) {
    std::map<std::size_t, int> count;  // per cell, in cell order
    for (const sfp::RunRecord& r : report.runs)
        if (r.status == sfp::RunStatus::ok && sfp::disturbed_by_load(r.result, report.machine.cores)) ++count[r.cell];
    if (count.empty()) return {};
    QStringList cells;
    for (const auto& [cell, n] : count) cells << QString("  %1: %2 run(s)").arg(label(report, cell)).arg(n);
    return QString(
               "disturbed by other load (a third or more of the threads' time runnable with no CPU; "
               "a quieter machine):\n") +
           cells.join("\n");
}

// What a reader must not miss: wrong results, failures, noisy cells, runs other load held up.
QString warning_lines(const sfp::ExperimentReport& report) {
    QStringList lines;
    for (std::size_t cell = 0; cell < report.cells.size(); ++cell) {
        std::map<std::string, int> count;  // per status other than ok
        std::map<std::string, std::string> first_error;
        for (const sfp::RunRecord& r : report.runs) {
            if (r.cell != cell || r.status == sfp::RunStatus::ok) continue;
            ++count[sfp::to_string(r.status)];  // by text: the lines keep their order
            first_error.emplace(sfp::to_string(r.status), r.result.error);
        }
        for (const auto& [status, n] : count) {
            QString line = QString("%1: %2 run(s) %3")
                               .arg(label(report, cell), QString::number(n), QString::fromStdString(status));
            if (status == sfp::to_string(sfp::RunStatus::mismatch))
                line += " -- the outcome differs from the other strategies' on this input";
            else if (!first_error[status].empty())
                line += ": " + first_line(first_error[status]);
            lines << line;
        }
    }
    QStringList noisy;
    for (const sfp::CellStats& st : report.stats)
        if (st.high_variation)
            noisy << QString("  %1: cv %2%").arg(label(report, st.cell), QString::number(st.real.cv * 100, 'f', 1));
    if (!noisy.isEmpty())
        lines << QString("high variation in %1 of %2 cells (cv above %3%; more repetitions or a quieter machine):\n")
                         .arg(noisy.size())
                         .arg(report.stats.size())
                         .arg(sfp::kHighVariationCv * 100, 0, 'f', 0) +
                     noisy.join("\n");
    lines << disturbed_lines(report);
    lines.removeAll(QString());
    if (lines.isEmpty()) return {};
    return "\nwarnings:\n" + lines.join("\n") + "\n";
}

}  // namespace

QString summary_text(const sfp::ExperimentReport& report) {
    return header(report) + cells_table(report) + ranking_text(report) + limit_lines(report) + limits_note(report) +
           fit_lines(report) + warning_lines(report);
}

}  // namespace core
