// sfpbench diff A.json B.json -- two reports (or a report and a reference set) cell by cell.
#include <cstdio>
#include <optional>

#include "cli_support.hpp"
#include "commands.hpp"
#include "comparison_text.hpp"

namespace cli {
namespace {

// A median of 0 s has no ratio: the gate would pass a cell it cannot judge and exit 0.
void refuse_what_the_gate_cannot_judge(const core::ResultSet& a, const core::ResultSet& b) {
    for (const core::CellPair& p : core::compare_sets(a, b).both) {
        if (p.ratio() && *p.b->median_s > 0) continue;
        const bool in_a = !p.a->median_s || *p.a->median_s <= 0;
        throw UsageError{QString("--fail-on-regression cannot judge cell '%1': its median time in '%2' is %3")
                             .arg(QString::fromStdString(p.a->label()), in_a ? a.path : b.path,
                                  (in_a ? p.a : p.b)->median_s ? "0 s" : "missing (no run succeeded)")};
    }
}

}  // namespace

int cmd_diff(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Compare two result sets (report JSON from `sfpbench run --json` or the window,\n"
        "or a reference set from resources/reference/): per matching cell (strategy,\n"
        "block, threads, size, swept options) both medians, B/A with its 95% confidence\n"
        "interval, the Mann-Whitney p, n and a verdict (faster, slower, ~ for no difference,\n"
        "or too few repetitions below 6 a side); a geometric-mean row; then the cells found\n"
        "in only one. Both must be of the same algorithm. docs/statistics.md explains.\n"
        "Exit: 0, or with --fail-on-regression 1 when a cell of B is slower than A's by more\n"
        "than PCT with the verdict slower (those cells are listed first); 2 bad input, or\n"
        "a shared cell the gate cannot judge (a median of 0 s, no successful run).\n"
        "Example: sfpbench diff yesterday.json today.json --fail-on-regression 5%");
    p.addPositionalArgument("A", "the first report (the baseline)");
    p.addPositionalArgument("B", "the second report");
    add_noise_option(p);
    p.addOption({"fail-on-regression",
                 "Exit 1 when any shared cell of B is slower than A's by more than PCT (the "
                 "ratio of medians) with the verdict slower: for CI pipelines.",
                 "pct"});
    if (!parse_or_help(p, "diff", args)) return exit_ok;
    exit_at_once_on_signals();  // it only reads until it prints
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 2) throw UsageError{"diff takes two report files: sfpbench diff A.json B.json"};
    const double noise = noise_of(p);
    std::optional<double> threshold;
    if (p.isSet("fail-on-regression"))  // any size: 100 % is twice as slow
        threshold = percent_value(p.value("fail-on-regression"), "--fail-on-regression", false);
    // ImportError (bad file) reaches main(): one message naming the file, exit 2.
    const core::ResultSet a = core::import_report(pos[0]);
    const core::ResultSet b = core::import_report(pos[1], a.algorithm);  // refuses another algorithm, naming B
    if (threshold) refuse_what_the_gate_cannot_judge(a, b);
    const QByteArray text = core::comparison_text(a, b, noise, threshold).toUtf8();
    std::fwrite(text.constData(), 1, std::size_t(text.size()), stdout);
    if (threshold && !core::regressions(core::compare_sets(a, b), *threshold, noise).empty()) return exit_different;
    return exit_ok;
}

}  // namespace cli
