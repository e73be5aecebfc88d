// The report PDF's tables as a reader sees them (issue 24 section 2): the Why table laid out on
// the PDF's page as report_pdf lays it. The reason column ("separates it most from the fastest")
// wraps between words only -- every line of a reason is whole words of it, in order -- the cell
// names stay on one line each, and the table fits the page's width.
#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPdfWriter>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QPicture>
#include <QTextTable>
#include <QTransform>
#include <QtTest>
#include <map>
#include <qcustomplot.h>

#include "counted_report.hpp"
#include "report_pdf.hpp"
#include "plot_layout.hpp"
#include "report_plots.hpp"
#include "report_why.hpp"

namespace {

// counted() with four more cells, each separated from the fastest by another counter: the
// reasons are sentences ("instructions per byte: 9.38 against 1"), longer than their column.
sfp::ExperimentReport four_reasons() {
    sfp::ExperimentReport rep = counted_report::counted();
    const sfp::RunRecord fast = rep.runs.front();
    rep.runs.clear();
    rep.cells.resize(1);
    const auto add = [&](const sfp::Cell& cell, auto worse) {
        rep.cells.push_back(cell);
        for (unsigned r = 1; r <= 2; ++r) {
            sfp::RunRecord run = fast;
            run.cell = rep.cells.size() - 1, run.repetition = r;
            run.result.real_s *= 3;
            worse(run.result.usage);
            rep.runs.push_back(run);
        }
    };
    for (unsigned r = 1; r <= 2; ++r) rep.runs.push_back(fast), rep.runs.back().repetition = r;
    add(hand_made::cell("read", 4096, 0), [](sfp::Usage& u) { u.minor_faults *= 40; });
    add(hand_made::cell("read", 65536, 0), [](sfp::Usage& u) { *u.instructions *= 30; });
    add(hand_made::cell("pread-mt", 4096, 2), [](sfp::Usage& u) { u.voluntary_switches *= 5000; });
    add(hand_made::cell("pread-mt", 65536, 4), [](sfp::Usage& u) { *u.dtlb_read_misses *= 900; });
    sfp::runner::compute_statistics(rep);
    return rep;
}

QTextTable* first_table(QTextDocument& doc) {
    for (QTextFrame* f : doc.rootFrame()->childFrames())
        if (auto* t = qobject_cast<QTextTable*>(f)) return t;
    return nullptr;
}

// The lines a cell's text is laid out in, as they are drawn.
QStringList lines_of(const QTextTableCell& cell) {
    QStringList out;
    for (QTextFrame::iterator it = cell.begin(); !it.atEnd(); ++it) {
        const QTextBlock b = it.currentBlock();
        for (int i = 0; b.isValid() && i < b.layout()->lineCount(); ++i)
            out << b.text().mid(b.layout()->lineAt(i).textStart(), b.layout()->lineAt(i).textLength());
    }
    return out;
}

// Each x tick label as drawn: level, centred on its tick, or rotated about the end of its line
// at its tick (QCustomPlot's anchor moves every label alike, so overlap is as here).
std::vector<QPolygonF> x_label_shapes(QCustomPlot* plot) {
    QCPAxis* x = plot->xAxis;
    const QFontMetrics fm(x->tickLabelFont());
    std::vector<QPolygonF> out;
    const auto ticker = x->ticker().dynamicCast<QCPAxisTickerText>();
    for (auto it = ticker->ticks().begin(); it != ticker->ticks().end(); ++it) {
        const QSizeF size = fm.boundingRect(QRect(0, 0, 4000, 4000), Qt::AlignHCenter, it.value()).size();
        const double at = x->coordToPixel(it.key());
        if (x->tickLabelRotation() == 0) {
            out.push_back(QPolygonF(QRectF(at - size.width() / 2, 0, size.width(), size.height())));
            continue;
        }
        QTransform turn;
        turn.translate(at, 0).rotate(x->tickLabelRotation());
        out.push_back(turn.map(QPolygonF(QRectF(-size.width(), -size.height() / 2, size.width(), size.height()))));
    }
    return out;
}

}  // namespace

class TestReportLayout : public QObject {
    Q_OBJECT
private slots:
    // All twelve counters (waits, block I/O delay, hardware counters) on the PDF's A4 width: no
    // two column labels of the Why chart overlap, each is there, whole.
    void theWhyChartsColumnLabelsStayApartOnA4() {
        sfp::ExperimentReport rep = counted_report::waited();
        for (sfp::RunRecord& r : rep.runs)
            if (r.cell == 0) r.result.usage.blkio_wait_s = 0.0001;
        sfp::runner::compute_statistics(rep);
        const plots::ReportPlots plots(rep);
        QCustomPlot* why = nullptr;
        for (QCustomPlot* p : plots.plots())
            if (const auto columns = p->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
                columns && columns->ticks().size() == 12)
                why = p;
        QVERIFY2(why, "no Why chart with the twelve counters");
        QBuffer sink;
        sink.open(QIODevice::WriteOnly);
        QPdfWriter writer(&sink);
        report::set_up_page(writer);
        QPicture page;
        QCPPainter painter(&page);
        why->toPainter(&painter, writer.width(), (writer.height() - 24) / 2);  // as report_pdf draws it
        painter.end();
        const std::vector<QPolygonF> shapes = x_label_shapes(why);
        QCOMPARE(shapes.size(), std::size_t(12));
        for (std::size_t i = 0; i + 1 < shapes.size(); ++i)
            QVERIFY2(
                !shapes[i].intersects(shapes[i + 1]),
                qPrintable(QString("labels %1 and %2 overlap at %3 px wide").arg(i).arg(i + 1).arg(writer.width())));
        // The values in the tiles too: side by side in each row, each inside the chart.
        std::map<double, std::vector<QRectF>> rows;  // by their height on the page
        for (int i = 0; i < why->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(why->item(i)); t && t->property(plots::kColumnTextPt).isValid()) {
                const double width = QFontMetrics(t->font()).horizontalAdvance(t->text());
                const QPointF at = t->position->pixelPosition();
                rows[at.y()].push_back(QRectF(at.x() - width / 2, at.y(), width, 1));
            }
        QCOMPARE(rows.size(), std::size_t(2));  // both cells
        for (auto& [y, values] : rows) {
            QCOMPARE(values.size(), std::size_t(12));
            std::sort(values.begin(), values.end(), [](const QRectF& a, const QRectF& b) { return a.x() < b.x(); });
            for (std::size_t i = 0; i < values.size(); ++i) {
                QVERIFY2(i == 0 || !values[i - 1].intersects(values[i]),
                         qPrintable(QString("values %1 and %2 overlap").arg(i - 1).arg(i)));
                QVERIFY(values[i].left() >= why->axisRect()->left() && values[i].right() <= why->axisRect()->right());
            }
        }
        QStringList names;
        for (const QString& label : why->xAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks())
            names << QString(label).replace('\n', ' ');
        QVERIFY2(names.contains("dTLB miss/B") && names.contains("blkio s/s"), qPrintable(names.join(", ")));
    }

    void theWhyTablesReasonsWrapAtWords() {
        const std::vector<core::ReportTable> why = core::why_tables(four_reasons());
        QCOMPARE(why.size(), std::size_t(1));
        const core::ReportTable& t = why.front();
        const int reason = int(t.columns.size()) - 1;
        QCOMPARE(t.columns[reason], QStringLiteral("separates it most from the fastest"));

        QBuffer sink;
        sink.open(QIODevice::WriteOnly);
        QPdfWriter writer(&sink);
        report::set_up_page(writer);
        const QSizeF page(writer.width(), writer.height());
        QTextDocument doc;
        report::lay_out(doc, report::table_html(t), page);
        QVERIFY(doc.pageCount() > 0);  // laid out now, as when drawn
        QTextTable* table = first_table(doc);
        QVERIFY(table);
        QCOMPARE(table->rows(), int(t.rows.size()) + 1);  // the header row and one per cell

        int wrapped = 0;
        for (int r = 0; r < int(t.rows.size()); ++r) {
            const QString text = t.rows[std::size_t(r)][reason];
            const QStringList lines = lines_of(table->cellAt(r + 1, reason));
            QCOMPARE(lines.join(QString()), text);            // all of it, in order
            for (qsizetype i = 0; i + 1 < lines.size(); ++i)  // each break between two words
                QVERIFY2(lines[i].endsWith(' ') && !lines[i].trimmed().isEmpty(),
                         qPrintable(QStringLiteral("'%1' broken as: %2").arg(text, lines.join(QStringLiteral(" | ")))));
            wrapped += lines.size() > 1;
            const QStringList name = lines_of(table->cellAt(r + 1, 0));
            QVERIFY2(name.size() == 1,
                     qPrintable(name.join(QStringLiteral(" | "))));  // "read block=4K threads=-" whole
        }
        QVERIFY2(wrapped >= 3, "the reasons fit on one line: the test shows nothing");  // 4 of 5 are sentences
        const QRectF box = doc.documentLayout()->frameBoundingRect(table);
        QVERIFY2(box.width() <= page.width(),  // (Qt sets a table off the left edge by a few pixels)
                 qPrintable(QStringLiteral("the table is %1 wide on a page of %2").arg(box.width()).arg(page.width())));
    }

    // Issue 41: a wide table of numbers squeezed its headings to a letter a line ("t h r e a d s").
    void headingsBreakOnlyBetweenWords() {
        core::ReportTable t;
        t.title = QStringLiteral("Statistics");
        t.columns = {"strategy",      "block",      "threads", "file size",  "repetitions", "median time (s)",
                     "mean time (s)", "stddev (s)", "cv %",    "95% CI (s)", "min (s)",     "max (s)",
                     "user (s)",      "system (s)", "MB/s",    "limit %",    "vs fastest"};
        for (int r = 0; r < 3; ++r) {
            QStringList row{QStringLiteral("mmap-mt")};
            for (qsizetype c = 1; c < t.columns.size(); ++c) row << QStringLiteral("123456.789");
            t.rows.push_back(row);
            t.strong.push_back(r == 0);
        }
        t.numeric.assign(std::size_t(t.columns.size()), true);
        QBuffer sink;
        sink.open(QIODevice::WriteOnly);
        QPdfWriter writer(&sink);
        report::set_up_page(writer);
        QTextDocument doc;
        report::lay_out(doc, report::table_html(t), QSizeF(writer.width(), writer.height()));
        QVERIFY(doc.pageCount() > 0);
        QTextTable* table = first_table(doc);
        QVERIFY(table);
        int broken = 0;
        for (int c = 0; c < int(t.columns.size()); ++c) {
            const QStringList lines = lines_of(table->cellAt(0, c));
            QCOMPARE(lines.join(QString()), t.columns[c]);
            for (const QString& line : lines)  // every line whole words: ends at a space or the heading's end
                QVERIFY2(t.columns[c].split(' ').contains(line.trimmed()) ||
                             t.columns[c].contains(line.trimmed() + ' ') || t.columns[c].endsWith(line),
                         qPrintable(QStringLiteral("'%1' broken as: %2").arg(t.columns[c], lines.join(" | "))));
            for (qsizetype i = 0; i + 1 < lines.size(); ++i) broken += !lines[i].endsWith(' ');
        }
        QCOMPARE(broken, 0);
    }

    // Issue 40 H6: Qt lays out and draws a table's row in time growing with the table's length,
    // so one table of every cell made `report --pdf` superlinear. A long table is set in pieces
    // of at most kRowsPerTable rows, each headed again, its rows all there and in order.
    void aLongTableIsSetInPieces() {
        core::ReportTable t;
        t.title = QStringLiteral("Statistics");
        t.columns = {QStringLiteral("strategy"), QStringLiteral("block"), QStringLiteral("median")};
        const std::size_t rows = 3 * report::kRowsPerTable + 7;
        for (std::size_t r = 0; r < rows; ++r) {
            t.rows.push_back({QStringLiteral("read"), QString::number(r), QStringLiteral("0.01")});
            t.strong.push_back(r == 0);
        }
        t.numeric = {false, true, true};
        QTextDocument doc;
        report::lay_out(doc, report::table_html(t), QSizeF(800, 1100));
        std::vector<QTextTable*> tables;
        for (QTextFrame* f : doc.rootFrame()->childFrames())
            if (auto* table = qobject_cast<QTextTable*>(f)) tables.push_back(table);
        QCOMPARE(tables.size(), std::size_t(4));
        std::size_t next = 0;
        for (QTextTable* table : tables) {
            QVERIFY2(std::size_t(table->rows()) <= report::kRowsPerTable + 1,
                     qPrintable(QString::number(table->rows())));
            QCOMPARE(table->cellAt(0, 1).firstCursorPosition().block().text(), QStringLiteral("block"));  // headed
            for (int r = 1; r < table->rows(); ++r, ++next)
                QCOMPARE(table->cellAt(r, 1).firstCursorPosition().block().text(), QString::number(next));
        }
        QCOMPARE(next, rows);
    }
};

QTEST_MAIN(TestReportLayout)
#include "test_report_layout.moc"
