// sfpbench strategies [ALGORITHM] — the registry, and whether each strategy runs here.
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "sfp/registry.hpp"

namespace cli {

int cmd_strategies(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription("List the registered strategies: one line each with what it does and\n"
                                "whether it is supported on this machine (and why not).");
    p.addPositionalArgument("ALGORITHM", "only this algorithm's strategies", "[ALGORITHM]");
    if (!parse_or_help(p, "strategies", args)) return exit_ok;
    const QStringList pos = p.positionalArguments();
    if (pos.size() > 1) throw UsageError{"strategies takes at most one algorithm"};
    const std::string only = pos.isEmpty() ? "" : pos[0].toStdString();
    if (!only.empty() && sfp::strategies_of(only).empty())
        throw UsageError{QString("unknown algorithm '%1'").arg(pos[0])};
    for (const sfp::Strategy& s : sfp::strategies()) {
        if (!only.empty() && s.algorithm != only) continue;
        const sfp::Support support = s.probe();
        std::string uses;
        if (s.uses & sfp::uses_block) uses += "block ";
        if (s.uses & sfp::uses_threads) uses += "threads ";
        for (std::string_view swept : s.swept) uses += std::string(swept) + " ";
        std::printf("%-10.*s %-12.*s %-16s %.*s%s%s\n", int(s.algorithm.size()), s.algorithm.data(),
                    int(s.name.size()), s.name.data(), uses.empty() ? "-" : uses.c_str(),
                    int(s.description.size()), s.description.data(),
                    support.supported ? "" : "  [unsupported: ", support.supported ? "" : (support.reason + "]").c_str());
    }
    return exit_ok;
}

}  // namespace cli
