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
                          std::span<const FlagHint> hints) {
    sfp::RunSpec spec;
    spec.algorithm = std::string(algorithm);
    spec.strategy = p.value("strategy").toStdString();
    for (const QString& input : inputs) spec.inputs.push_back(path_bytes(input));
    read_parameter_flags(p, algorithm, spec, hints);
    return spec;
}

int run_and_print(const QCommandLineParser& p, const sfp::RunSpec& spec, const std::string& cancelled_note) {
    const sfp::RunResult r = sfp::run_once(spec, signal_progress());
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
