#include "one_run.hpp"

#include <QJsonDocument>
#include <cstdio>

#include "arg_bytes.hpp"
#include "cli_support.hpp"
#include "limits_json.hpp"
#include "result_json.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/run.hpp"
#include "qtext.hpp"

namespace cli {

void add_one_run_flags(CommandLine& p, std::string_view algorithm, std::span<const FlagHint> hints) {
    p.addOption(strategy_option(algorithm));
    add_parameter_flags(p, algorithm, hints);
}

void check_operands(std::string_view command, const QStringList& operands) {
    std::vector<std::string> given;
    for (const QString& operand : operands) given.push_back(path_bytes(operand));
    if (const std::string problem = operands_problem(*one_run_command(command), given); !problem.empty())
        throw UsageError{text_of_bytes(problem)};
}

sfp::RunSpec one_run_spec(const QCommandLineParser& p, std::string_view algorithm, const QStringList& inputs,
                          std::span<const FlagHint> hints, const GivenFlag& given) {
    sfp::RunSpec spec;
    spec.algorithm = std::string(algorithm);
    spec.strategy = p.value("strategy").toStdString();
    for (const QString& input : inputs) spec.inputs.push_back(path_bytes(input));
    if (const std::string problem = take_operand_option(*one_run_command(algorithm), given, spec); !problem.empty())
        throw UsageError{text_of_bytes(problem)};
    read_parameter_flags(p, algorithm, spec, hints);
    return spec;
}

int cmd_one_run(std::string_view algorithm, const QStringList& args) {
    const OneRunCommand& c = *one_run_command(algorithm);
    CommandLine p;
    p.setApplicationDescription(core::qtext(c.description));
    for (const Operand& o : c.operands)
        p.addPositionalArgument(core::qtext(o.name), core::qtext(o.description), core::qtext(o.syntax));
    add_one_run_flags(p, algorithm, c.hints);
    for (const Switch& s : c.switches) p.addOption({core::qtext(s.name), core::qtext(s.help)});
    p.addOption({"json", core::qtext(c.json_help)});
    p.addOption({"timeline",
                 "With --json: the run's threads, each with what it did when (each block, hand-off and wait), "
                 "as \"threads\" (docs/results-format.md)."});
    if (!parse_or_help(p, core::qtext(algorithm), args)) return exit_ok;
    if (p.isSet("timeline") && !p.isSet("json"))
        throw UsageError{"--timeline: the timeline is part of the --json output; add --json"};
    QStringList inputs = p.positionalArguments();
    check_operands(algorithm, inputs);
    const GivenFlag given = [&p](const std::string& flag) -> std::optional<std::string> {
        const QString name = QString::fromStdString(flag);
        if (!p.isSet(name)) return std::nullopt;
        return p.value(name).toStdString();
    };
    if (c.before_flags)
        if (const std::string problem = c.before_flags(given); !problem.empty())
            throw UsageError{text_of_bytes(problem)};
    const bool writes_output = sfp::algorithm_io(algorithm)->writes_output;
    const QString output = writes_output ? inputs.takeLast() : QString();
    OneRun run{one_run_spec(p, algorithm, inputs, c.hints, given), {}};
    if (writes_output) run.spec.output = path_bytes(output);
    run.spec.timeline = p.isSet("timeline");
    if (c.after_flags)
        if (const std::string problem = c.after_flags(given, run); !problem.empty())
            throw UsageError{text_of_bytes(problem)};
    return run_and_print(p, run.spec, run.cancelled_note);
}

int run_and_print(const QCommandLineParser& p, const sfp::RunSpec& spec, const std::string& cancelled_note) {
    const sfp::RunResult r = run_judged(spec);  // judged by read_parameter_flags
    const sfp::Printout printed = printout_of(spec, r);
    if (p.isSet("json")) {
        // judged as hot: a one-run command leaves the cache as it is, and the hot ceiling is the higher
        QJsonObject json = core::result_json(r);
        const sfp::CellLimit limit = sfp::run_limit(core::one_run_limits(), spec, sfp::CacheMode::hot);
        const std::optional<double> pct =
            r.status == sfp::Status::ok ? sfp::limit_pct(limit, double(r.bytes), r.real_s) : std::nullopt;
        core::add_share_json(json, limit, pct);
        std::fputs(QJsonDocument(json).toJson().constData(), stdout);
    } else
        std::fwrite(printed.out.data(), 1, printed.out.size(), stdout);
    return end_one_run(r, printed, cancelled_note);
}

}  // namespace cli
