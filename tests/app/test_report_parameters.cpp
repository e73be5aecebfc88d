// The written report (Markdown; the PDF renders the same content) names a swept parameter's
// values as the tables do: a choice by its names -- the test-only dirsum's "visit"
// (tests/support/dirsum_unit.hpp, added before anything looks an algorithm up) -- never by its
// index, the value 0 included; and a size fit by every parameter it holds fixed.
#include <QtTest>

#include "hand_made.hpp"
#include "report_markdown.hpp"
#include "support/dirsum_unit.hpp"

namespace {

using hand_made::parameter;

// dirsum's walk at both visits (sorted = 0, reversed = 1) on two sizes, with a statistic and a
// bent fit per visit.
sfp::ExperimentReport visits() {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "dirsum";
    r.experiment.data_kind = "tree";
    r.experiment.strategies = {"walk"};
    r.experiment.sizes = {1 << 20, 2 << 20};
    r.input_sets = {{{"/t/1"}, 1 << 20}, {{"/t/2"}, 2 << 20}};
    for (std::size_t set = 0; set < 2; ++set)
        for (std::int64_t visit : {1, 0}) {
            sfp::Cell c = hand_made::cell("walk", 4096, 0, r.input_sets[set].file_size, set);
            sfp::set_parameter_value(c, parameter("visit"), visit);
            r.cells.push_back(c);
            for (unsigned rep : {1u, 2u})  // two runs: the fastest of single runs would not be bold
                r.runs.push_back(hand_made::run(r.cells.size() - 1, rep, 0.1 * double(set + 1) + 0.01 * double(visit)));
            sfp::CellStats st;
            st.cell = r.cells.size() - 1;
            st.real.n = 2;
            st.real.median = st.real.mean = st.real.min = st.real.max = r.runs.back().result.real_s;
            r.stats.push_back(st);
        }
    for (std::size_t cell : {0, 1}) {
        sfp::SizeFit f;
        f.cell = cell;
        f.points = 2;
        f.nonlinear = true;
        r.fits.push_back(f);
    }
    r.rankings = {{0, 1, {{0, sfp::compare_medians(1, 1.1)}}}, {1, 3, {{2, sfp::compare_medians(1, 1.05)}}}};
    return r;
}

QStringList lines_with(const QString& text, const QString& part) {
    QStringList out;
    for (const QString& line : text.split('\n'))
        if (line.contains(part)) out << line;
    return out;
}

}  // namespace

class TestReportParameters : public QObject {
    Q_OBJECT
private slots:
    void sweptChoiceIsListedByName() {
        const QString md = QString::fromUtf8(core::report_markdown(visits()));
        const QStringList swept = lines_with(md, "Swept");
        QCOMPARE(swept.size(), 1);
        QVERIFY2(swept[0].contains("visit sorted, reversed"), qPrintable(swept[0]));  // by index: sorted (0) first
        // Each input's table has a visit column naming each row's (sorted is the fastest: bold).
        QCOMPARE(lines_with(md, "| strategy | block size | visit |").size(), qsizetype(2));
        QCOMPARE(lines_with(md, "| 4K | reversed |").size(), qsizetype(2));
        QCOMPARE(lines_with(md, "| **4K** | **sorted** |").size(), qsizetype(2));
    }

    void fitWarningsNameTheirParameters() {
        const QString md = QString::fromUtf8(core::report_markdown(visits()));
        QVERIFY2(md.contains("walk block=4K threads=- visit=reversed: time does not grow linearly"), qPrintable(md));
        QVERIFY2(md.contains("walk block=4K threads=- visit=sorted: time does not grow linearly"), qPrintable(md));
    }
};

int main(int argc, char** argv) {
    dirsum::add();  // before anything looks an algorithm up
    QCoreApplication app(argc, argv);
    TestReportParameters test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_report_parameters.moc"
