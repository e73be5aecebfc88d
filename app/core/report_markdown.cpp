#include "report_markdown.hpp"

namespace core {
namespace {

// Text from the report (names, paths) shown as itself: Markdown's inline marks escaped ('|' would
// end a table cell), and a newline, which would end a row or start a block, made a space.
QString inline_text(const QString& text) {
    QString out;
    for (const QChar c : text) {
        if (QStringView(u"\\`*[]<>|").contains(c)) out += QLatin1Char('\\');  // '_' marks nothing inside a word
        out += c == QLatin1Char('\n') ? QLatin1Char(' ') : c;
    }
    return out;
}

QString table(const ReportTable& t) {
    QString out = QStringLiteral("### %1\n\n").arg(inline_text(t.title));
    QStringList head, rule;
    for (qsizetype c = 0; c < t.columns.size(); ++c) {
        head << inline_text(t.columns[c]);
        rule << (t.numeric[std::size_t(c)] ? QStringLiteral("---:") : QStringLiteral("---"));  // numbers right-aligned
    }
    out += "| " + head.join(" | ") + " |\n| " + rule.join(" | ") + " |\n";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        QStringList row;
        for (const QString& value : t.rows[r])
            row << (t.strong[r] && !value.isEmpty() ? QStringLiteral("**%1**").arg(inline_text(value))
                                                    : inline_text(value));
        out += "| " + row.join(" | ") + " |\n";
    }
    if (!t.note.isEmpty()) out += "\n" + t.note + "\n";
    return out + "\n";
}

QString facts(const std::vector<Fact>& list) {
    QString out;
    for (const auto& [name, value] : list) out += QStringLiteral("- **%1**: %2\n").arg(name, inline_text(value));
    return out + "\n";
}

}  // namespace

QByteArray report_markdown(const sfp::ExperimentReport& report) { return report_markdown(report, {}); }

QByteArray report_markdown(const sfp::ExperimentReport& report, const std::vector<ComparedSet>& extra) {
    const ReportContent c = report_content(report, extra);
    QString out = QStringLiteral("# %1\n\n%2\n\n").arg(c.title, c.sentence);
    if (!c.status.isEmpty()) out += QStringLiteral("> **%1**\n\n").arg(c.status);
    out += QStringLiteral(
        "## Results\n\nThe fastest cell of each input is in bold (when it ran more than once); the notes column marks "
        "cells with "
        "high variation or runs that did not succeed.\n\n");
    for (const ReportTable& t : c.tables) out += table(t);
    if (!c.warnings.isEmpty()) {
        out += QStringLiteral("### Warnings\n\n");
        for (const QString& w : c.warnings) out += "- " + w + "\n";
        out += "\n";
    }
    if (!c.why.empty()) {
        out += QStringLiteral(
            "## Why\n\nWhat each cell spent per unit of work, beside the fastest cell of its input "
            "(in bold).\n\n");
        for (const ReportTable& t : c.why) out += table(t);
    }
    if (!c.comparisons.empty()) {
        out += QStringLiteral("## Other result sets\n\n");
        for (const ReportTable& t : c.comparisons) out += table(t);
    }
    out += QStringLiteral("## Method\n\n") + facts(c.method);
    out += QStringLiteral("## Machine\n\n") + facts(c.machine);
    out += QStringLiteral("## Replay\n\nSave this as `experiment.json`, then run `%1`:\n\n```json\n").arg(c.replay);
    out += QString::fromUtf8(c.spec);
    if (!out.endsWith('\n')) out += '\n';
    out += QStringLiteral("```\n");
    return out.toUtf8();
}

}  // namespace core
