// sfpbench strategies [ALGORITHM] — the registry, and whether each strategy runs here.
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"

namespace cli {
namespace {

// The algorithm's parameter table: name, type, default, limits, whether it can be swept, which
// strategies use it, help. Derived from the engine's table, so it is never out of date.
void print_parameters(const std::string& algorithm) {
    std::printf("\nparameters of %s (run: --block, --threads, --NAME for sweepable ones, --option NAME=VALUE):\n",
                algorithm.c_str());
    for (const sfp::Parameter& p : sfp::parameters_of(algorithm)) {
        const std::string fallback =
            p.type == sfp::ParameterType::text ? std::string(p.text_fallback) : sfp::value_text(p, p.fallback);
        std::string users;
        std::size_t count = 0;
        const auto all = sfp::strategies_of(algorithm);
        for (const sfp::Strategy* s : all)
            if (sfp::uses(*s, p)) users += (count++ ? "," : "") + std::string(s->name);
        if (count == all.size()) users = "all";
        std::printf("  %-15.*s %-6s default %-8s %s%s; used by %s\n      %.*s\n", int(p.name.size()), p.name.data(),
                    sfp::to_string(p.type), fallback.empty() ? "-" : fallback.c_str(), sfp::limits_text(p).c_str(),
                    p.sweepable ? ", sweepable" : "", users.empty() ? "none" : users.c_str(), int(p.help.size()),
                    p.help.data());
    }
}

// What the algorithm reads, by its unit and the kinds table ("iterate reads one or more directories per run;
// run --sizes generates data kind tree (...)"), and the other kinds of that shape `run --data` takes.
void print_input(const std::string& algorithm) {
    const sfp::AlgorithmIo* io = sfp::algorithm_io(algorithm);
    const sfp::InputKind* own = io ? sfp::find_input_kind(io->data_kind) : nullptr;
    if (!own) return;
    std::string others;
    for (const sfp::InputKind& k : sfp::input_kinds())
        if (&k != own && k.paths() == own->paths() && k.directory == own->directory)
            others += (others.empty() ? "" : ", ") + std::string(k.name);
    std::printf("\n%s reads %s per run; run --sizes generates data kind %.*s (\"%.*s\")%s%s\n", algorithm.c_str(),
                sfp::inputs_wanted(*io).c_str(), int(own->name.size()), own->name.data(), int(own->label.size()),
                own->label.data(), others.empty() ? "" : "; --data also takes ", others.c_str());
}

}  // namespace

int cmd_strategies(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "List the registered strategies: one line each with what it does and\n"
        "whether it is supported on this machine (and why not). With ALGORITHM,\n"
        "also its parameters: type, default, limits, sweepable, used by, help.");
    p.addPositionalArgument("ALGORITHM", "only this algorithm's strategies", "[ALGORITHM]");
    if (!parse_or_help(p, "strategies", args)) return exit_ok;
    const QStringList pos = p.positionalArguments();
    if (pos.size() > 1) throw UsageError{"strategies takes at most one algorithm"};
    const std::string only = pos.isEmpty() ? "" : pos[0].toStdString();
    if (!only.empty() && sfp::strategies_of(only).empty())
        throw UsageError{QString("unknown algorithm '%1'").arg(pos[0])};
    for (const sfp::Strategy& s : sfp::strategies()) {
        if (!only.empty() && s.algorithm != only) continue;
        const sfp::Support support = s.support();
        std::string uses;
        for (std::string_view name : s.reads)
            uses += std::string(sfp::label_word(*sfp::find_parameter(s.algorithm, name))) + " ";
        std::printf(
            "%-10.*s %-12.*s %-16s %.*s%s%s\n", int(s.algorithm.size()), s.algorithm.data(), int(s.name.size()),
            s.name.data(), uses.empty() ? "-" : uses.c_str(), int(s.description.size()), s.description.data(),
            support.supported ? "" : "  [unsupported: ", support.supported ? "" : (support.reason + "]").c_str());
    }
    if (!only.empty()) print_input(only);
    if (!only.empty()) print_parameters(only);
    return exit_ok;
}

}  // namespace cli
