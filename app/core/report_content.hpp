#pragma once
// What a written report says, once, for every format: the Markdown file (report_markdown) and
// the PDF (app/report) render the same content, so they cannot drift apart.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

#include "sfp/report.hpp"

namespace core {

// Another experiment's results to set beside this one (an imported reference, a second
// machine): compared cell by cell in a ratio table.
struct ComparedSet {
    QString label;  // "laptop", "reference 2025": how the tables name it
    sfp::ExperimentReport report;
};

struct ReportTable {
    QString title;
    QStringList columns;
    std::vector<QStringList> rows;
    std::vector<bool> strong;   // per row: the fastest cell, shown in bold
    std::vector<bool> numeric;  // per column: numbers (right-aligned) or words
    QString note;               // a sentence under the table ("" for none)
};

using Fact = std::pair<QString, QString>;  // "Cores", "8"

struct ReportContent {
    QString title;     // "sfpbench report: compare"
    QString sentence;  // the experiment in one sentence
    QString status;    // "" when every run finished ok; else what went wrong (cancelled, failures)
    std::vector<Fact> machine;
    std::vector<Fact> method;
    std::vector<ReportTable> tables;       // one per input set
    std::vector<ReportTable> why;          // one per input set: counters per unit of work (report_why.hpp)
    QStringList warnings;                  // each says what it means
    std::vector<ReportTable> comparisons;  // one per extra result set
    QByteArray spec;                       // the experiment file that replays it
    QString replay;                        // the commands that replay it
};

ReportContent report_content(const sfp::ExperimentReport& report, const std::vector<ComparedSet>& extra = {});

}  // namespace core
