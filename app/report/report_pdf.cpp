#include "report_pdf.hpp"

#include <QBuffer>
#include <QPdfWriter>
#include <QTextCursor>
#include <QTextDocument>
#include <algorithm>
#include <qcustomplot.h>

#include "atomic_write.hpp"

namespace report {
namespace {

QString esc(const QString& s) { return s.toHtmlEscaped(); }

QString facts_html(const QString& heading, const std::vector<core::Fact>& facts) {
    QString out = QStringLiteral("<h2>%1</h2><table cellspacing=\"0\" cellpadding=\"2\">").arg(heading);
    for (const auto& [name, value] : facts)
        out += QStringLiteral("<tr><td width=\"22%\"><b>%1</b></td><td>%2</td></tr>").arg(esc(name), esc(value));
    return out + "</table>";
}

// Whether column c holds words (a verdict, notes, a reason): those wrap; names, numbers and
// parameter values stay on one line.
bool of_words(const core::ReportTable& t, qsizetype c) {
    if (c == 0 || t.numeric[std::size_t(c)]) return false;
    return std::any_of(t.rows.begin(), t.rows.end(),
                       [c](const QStringList& row) { return row.value(c).contains(' '); });
}

}  // namespace

QString table_html(const core::ReportTable& t) {
    std::vector<bool> wraps;
    for (qsizetype c = 0; c < t.columns.size(); ++c) wraps.push_back(of_words(t, c));
    // The columns of words are given room: else the one-line columns take the page and squeeze
    // them to a letter a line. A one-line column's heading breaks between its words, never
    // inside one ("t h r e a d s"): each word is kept whole.
    QString header = QStringLiteral("<tr>");
    for (qsizetype c = 0; c < t.columns.size(); ++c) {
        QStringList words;
        for (const QString& word : t.columns[c].split(QLatin1Char(' ')))
            words << QStringLiteral("<span style=\"white-space:nowrap\">%1</span>").arg(esc(word));
        header += QStringLiteral("<th%1>%2</th>")
                      .arg(wraps[std::size_t(c)] ? QStringLiteral(" width=\"16%\"") : QString(), words.join(' '));
    }
    header += "</tr>";
    const QString open = QStringLiteral(
        "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" "
        "style=\"border-color:#000; border-style:solid;\">");
    QString out = QStringLiteral("<h3>%1</h3>").arg(esc(t.title)) + open + header;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        // Qt lays out and draws a row in time that grows with its table's length: a long table
        // goes in pieces of kRowsPerTable, each headed again, so the PDF's time stays linear.
        if (r > 0 && r % kRowsPerTable == 0) out += "</table>" + open + header;
        out += "<tr>";
        for (qsizetype c = 0; c < t.rows[r].size(); ++c) {
            const QString value = esc(t.rows[r][c]);
            out += QStringLiteral("<td align=\"%1\"%2>%3</td>")
                       .arg(t.numeric[std::size_t(c)] ? "right" : "left",
                            wraps[std::size_t(c)] ? "" : " style=\"white-space:nowrap\"",
                            t.strong[r] ? "<b>" + value + "</b>" : value);
        }
        out += "</tr>";
    }
    out += "</table>";
    if (!t.note.isEmpty()) out += "<p>" + esc(t.note) + "</p>";
    return out;
}

void set_up_page(QPdfWriter& writer) {
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(18, 16, 18, 16), QPageLayout::Millimeter);
    writer.setResolution(96);  // plots are laid out in screen pixels; text in points either way
}

void lay_out(QTextDocument& doc, const QString& html, QSizeF page) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(8.5);
    doc.setDefaultFont(font);
    doc.setDefaultStyleSheet(
        QStringLiteral("h1 { font-size: 16pt; } h2 { font-size: 12pt; } h3 { font-size: 10pt; }"
                       " pre { font-size: 7.5pt; } th { background-color: #e8e8e8; }"));
    doc.setDocumentMargin(0);
    doc.setHtml(html);
    // Any letter spacing turns ligatures off: "fi" stays two letters for search and copy.
    QTextCharFormat spaced;
    spaced.setFontLetterSpacingType(QFont::AbsoluteSpacing);
    spaced.setFontLetterSpacing(0.05);  // at least 1/64 px (Qt's fixed point), else it counts as 0
    QTextCursor all(&doc);
    all.select(QTextCursor::Document);
    all.mergeCharFormat(spaced);
    doc.setPageSize(page);
}

namespace {

// The pages, drawn in order with one painter. Text flows over pages (QTextDocument lays it
// out page by page); plots go two to a page.
class Pages {
public:
    explicit Pages(QPdfWriter& writer) : writer_(writer) {
        painter_.begin(&writer_);
        painter_.setMode(QCPPainter::pmVectorized);
        painter_.setMode(QCPPainter::pmNoCaching);
        page_ = QRectF(0, 0, writer_.width(), writer_.height());
    }
    ~Pages() { painter_.end(); }
    bool ok() const { return painter_.isActive(); }

    void text(const QString& html) {
        QTextDocument doc;
        lay_out(doc, html, page_.size());
        for (int i = 0; i < doc.pageCount(); ++i) {
            newPage();
            painter_.save();
            painter_.translate(0, -i * page_.height());
            doc.drawContents(&painter_, QRectF(0, i * page_.height(), page_.width(), page_.height()));
            painter_.restore();
        }
    }

    void plots(const std::vector<QCustomPlot*>& plots) {
        const double height = (page_.height() - gap_) / 2;
        for (std::size_t i = 0; i < plots.size(); ++i) {
            if (i % 2 == 0) newPage();
            painter_.save();
            painter_.translate(0, double(i % 2) * (height + gap_));
            plots[i]->toPainter(&painter_, int(page_.width()), int(height));
            painter_.restore();
        }
    }

private:
    void newPage() {
        if (!first_) writer_.newPage();
        first_ = false;
    }

    QPdfWriter& writer_;
    QCPPainter painter_;
    QRectF page_;
    double gap_ = 24;
    bool first_ = true;
};

}  // namespace

QByteArray report_pdf(const PdfInput& input) {
    const core::ReportContent c = core::report_content(*input.report, input.extra);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        set_up_page(writer);
        writer.setTitle(c.title);
        writer.setCreator(QStringLiteral("sfpbench"));
        Pages pages(writer);
        if (!pages.ok()) return {};

        QString front =
            QStringLiteral("<h1>%1</h1><p>Written %2 from the recorded results.</p><p><b>%3</b></p>")
                .arg(esc(c.title), esc(input.written.toString(QStringLiteral("yyyy-MM-dd HH:mm t"))), esc(c.sentence));
        if (!c.status.isEmpty()) front += QStringLiteral("<p><b>%1</b></p>").arg(esc(c.status));
        front += facts_html(QStringLiteral("Machine"), c.machine) + facts_html(QStringLiteral("Method"), c.method);
        pages.text(front);
        pages.plots(input.plots);

        QString results = QStringLiteral(
            "<h2>Results</h2><p>The fastest cell of each input is in bold (when it ran more than once); the notes "
            "column marks cells with high variation or runs that did not succeed.</p>");
        for (const core::ReportTable& t : c.tables) results += table_html(t);
        results += QStringLiteral("<h3>Warnings</h3>");
        if (c.warnings.isEmpty())
            results += QStringLiteral("<p>None: every run succeeded and agreed, no cell varied much.</p>");
        else {
            results += "<ul>";
            for (const QString& w : c.warnings) results += "<li>" + esc(w) + "</li>";
            results += "</ul>";
        }
        if (!c.why.empty()) {
            results += QStringLiteral(
                "<h2>Why</h2><p>What each cell spent per unit of work, beside the fastest cell "
                "of its input (in bold).</p>");
            for (const core::ReportTable& t : c.why) results += table_html(t);
        }
        if (!c.comparisons.empty()) {
            results += QStringLiteral("<h2>Other result sets</h2>");
            for (const core::ReportTable& t : c.comparisons) results += table_html(t);
        }
        results +=
            QStringLiteral("<h2>Replay</h2><p>Save this as experiment.json, then run: <tt>%1</tt></p><pre>%2</pre>")
                .arg(esc(c.replay), esc(QString::fromUtf8(c.spec)));
        pages.text(results);
    }
    return bytes;
}

void write_report_pdf(const QString& path, const PdfInput& input) {
    const QByteArray bytes = report_pdf(input);
    if (bytes.isEmpty())
        throw core::ExportError(QStringLiteral("cannot render the report for '%1'").arg(path).toStdString());
    core::write_atomically(path, bytes);
}

}  // namespace report
