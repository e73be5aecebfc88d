#include "parameter_flags.hpp"

#include <stdexcept>
#include <string>

#include "cli_support.hpp"
#include "value_lists.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/preflight.hpp"
#include "sfp/registry.hpp"
#include "qtext.hpp"

namespace cli {
namespace {

using core::qtext;

// The default as the user would type it: the command's, else the table's ("" for none).
QString fallback_text(const sfp::Parameter& p, const FlagHint* hint) {
    if (hint && !hint->fallback.empty()) return qtext(hint->fallback);
    switch (p.type) {
        case sfp::ParameterType::flag: return {};
        case sfp::ParameterType::text: return qtext(p.text_fallback);
        default: return QString::fromStdString(sfp::value_text(p, p.fallback));
    }
}

// "worker threads (0 = online CPUs): 0 to 1024 (default 0)."
QString help_of(const sfp::Parameter& p, const FlagHint* hint) {
    QString help = qtext(p.help);
    if (p.type != sfp::ParameterType::flag && p.type != sfp::ParameterType::text)
        help += ": " + QString::fromStdString(sfp::limits_text(p));
    if (const QString fallback = fallback_text(p, hint); !fallback.isEmpty() && !(hint && hint->required))
        help += QString(" (default %1)").arg(fallback);
    help += '.';
    if (hint && !hint->note.empty()) help += ' ' + qtext(hint->note);
    return help;
}

QString value_name(const sfp::Parameter& p) {
    switch (p.type) {
        case sfp::ParameterType::size: return "size";
        case sfp::ParameterType::choice: return "name";
        case sfp::ParameterType::text: return "text";
        default: return "n";
    }
}

}  // namespace

QString parameter_flag(const sfp::Parameter& p) { return QString::fromStdString(parameter_flag_name(p)); }

QCommandLineOption strategy_option(std::string_view algorithm) {
    const std::vector<const sfp::Strategy*> all = sfp::strategies_of(algorithm);
    const sfp::AlgorithmIo* io = sfp::algorithm_io(algorithm);
    if (all.empty() || !io)
        throw std::logic_error("strategy_option: unknown algorithm '" + std::string(algorithm) + "'");
    QStringList names;
    QString described;
    for (const sfp::Strategy* s : all) {
        names << qtext(s->name);
        if (s->name == io->default_strategy) described = qtext(s->name) + ": " + qtext(s->description);
    }
    const QString last = names.takeLast();
    const QString list = names.isEmpty() ? last : names.join(", ") + " or " + last;
    return {"strategy", QString("%1 (default %2).").arg(list, described), "name", qtext(io->default_strategy)};
}

void add_parameter_flags(CommandLine& parser, std::string_view algorithm, std::span<const FlagHint> hints) {
    for (const sfp::Parameter* flag : flag_parameters(algorithm)) {
        const sfp::Parameter& p = *flag;
        const FlagHint* hint = hint_of(hints, p);
        if (p.type == sfp::ParameterType::flag)
            parser.addOption({parameter_flag(p), help_of(p, hint)});
        else
            parser.addOption({parameter_flag(p), help_of(p, hint), value_name(p)});
    }
}

QString flag_of_field(std::string_view algorithm, std::string field, std::span<const FieldFlag> own) {
    if (field.starts_with(sfp::kSweptField)) field.erase(0, sfp::kSweptField.size());
    const std::string head = field.substr(0, field.find_first_of("[."));
    for (const FieldFlag& f : own)
        if (head == f.field) return qtext(f.flag);
    for (const sfp::Parameter* p : sfp::cell_parameters())  // block size, threads, the swept ones
        if (head == p->list_field || head == p->name) return parameter_flag(*p);
    if (head == "options" && field.size() > head.size() + 1)
        if (const sfp::Parameter* p = sfp::find_parameter(algorithm, field.substr(head.size() + 1)))
            return parameter_flag(*p);
    return {};
}

void read_parameter_flags(const QCommandLineParser& parser, std::string_view algorithm, sfp::RunSpec& spec,
                          std::span<const FlagHint> hints) {
    QStringList lines, unread;  // every problem, one line each; the flags that could not be read
    const auto given = [&parser](const std::string& flag) -> std::optional<std::string> {
        const QString name = QString::fromStdString(flag);
        if (!parser.isSet(name)) return std::nullopt;
        return parser.value(name).toStdString();
    };
    for (const FlagProblem& problem : apply_parameter_flags(algorithm, hints, given, spec)) {
        lines << QString::fromStdString(problem.message);
        unread << QString::fromStdString(problem.flag);
    }
    static constexpr FieldFlag kOwn[] = {{"strategies", "strategy"}};
    for (const sfp::Problem& problem : sfp::check_experiment(sfp::experiment_of(spec))) {
        const QString name = flag_of_field(algorithm, problem.field, kOwn);
        const QString flag = name.isEmpty() ? name : "--" + name;
        if (!unread.contains(flag) || flag.isEmpty())
            lines << (flag.isEmpty() ? "" : flag + ": ") + QString::fromStdString(problem.message);
    }
    if (!lines.isEmpty()) throw UsageError{lines.join('\n')};
}

}  // namespace cli
