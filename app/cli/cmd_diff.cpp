// sfpbench diff A.json B.json -- two reports (or a report and a reference set) cell by cell.
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "comparison_text.hpp"

namespace cli {

int cmd_diff(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription("Compare two result sets (report JSON from `sfpbench run --json` or the window,\n"
                                "or a reference set from resources/reference/): per matching cell (strategy,\n"
                                "block, threads, size, swept options) both medians, B/A and which is faster;\n"
                                "then the cells found in only one. Both must be of the same algorithm.");
    p.addPositionalArgument("A", "the first report");
    p.addPositionalArgument("B", "the second report");
    if (!parse_or_help(p, "diff", args)) return exit_ok;
    exit_at_once_on_signals();  // it only reads until it prints
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 2) throw UsageError{"diff takes two report files: sfpbench diff A.json B.json"};
    // ImportError (bad file) reaches main(): one message naming the file, exit 2.
    const core::ResultSet a = core::import_report(pos[0]);
    const core::ResultSet b = core::import_report(pos[1]);
    core::check_comparable(core::traits_of(a), core::traits_of(b), pos[1]);
    const QByteArray text = core::comparison_text(a, b).toUtf8();
    std::fwrite(text.constData(), 1, std::size_t(text.size()), stdout);
    return exit_ok;
}

}  // namespace cli
