#include "parameter_flags.hpp"

#include <stdexcept>
#include <string>

#include "cli_support.hpp"
#include "value_lists.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/experiment.hpp"
#include "sfp/registry.hpp"

namespace cli {
namespace {

// A parameter none of the algorithm's strategies reads (iterate's block size) is no flag: giving it
// would change nothing.
bool read_by_some_strategy(std::string_view algorithm, const sfp::Parameter& p) {
    for (const sfp::Strategy* s : sfp::strategies_of(algorithm))
        if (sfp::uses(*s, p)) return true;
    return false;
}

QString qtext(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

const FlagHint* hint_of(std::span<const FlagHint> hints, const sfp::Parameter& p) {
    for (const FlagHint& h : hints)
        if (h.parameter == p.name) return &h;
    return nullptr;
}

// The default as the user would type it: the command's, else the table's ("" for none).
QString fallback_text(const sfp::Parameter& p, const FlagHint* hint) {
    if (hint && !hint->fallback.isEmpty()) return hint->fallback;
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
    if (hint && !hint->note.isEmpty()) help += ' ' + hint->note;
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

QString parameter_flag(const sfp::Parameter& p) {
    return qtext(sfp::label_word(p)).replace('_', '-');  // "block" for block size
}

QCommandLineOption strategy_option(std::string_view algorithm) {
    const std::vector<const sfp::Strategy*> all = sfp::strategies_of(algorithm);
    const sfp::AlgorithmIo* io = sfp::algorithm_io(algorithm);
    if (all.empty() || !io) throw std::logic_error("strategy_option: unknown algorithm '" + std::string(algorithm) + "'");
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
    for (const sfp::Parameter& p : sfp::parameters_of(algorithm)) {
        if (!read_by_some_strategy(algorithm, p)) continue;
        const FlagHint* hint = hint_of(hints, p);
        if (p.type == sfp::ParameterType::flag) parser.addOption({parameter_flag(p), help_of(p, hint)});
        else parser.addOption({parameter_flag(p), help_of(p, hint), value_name(p)});
    }
}

namespace {

// The flag a problem of the one-run spec comes from ("block_sizes[0]" -> "--block",
// "options.max_mismatches" -> "--max-mismatches"); empty for a positional argument.
QString flag_of_field(std::string_view algorithm, const std::string& field) {
    const std::string name = field.substr(0, field.find('['));
    if (name == "strategies") return QStringLiteral("--strategy");
    if (name == "block_sizes") return QStringLiteral("--block");
    if (name == "threads") return QStringLiteral("--threads");
    if (name.starts_with("options."))
        if (const sfp::Parameter* p = sfp::find_parameter(algorithm, name.substr(8))) return "--" + parameter_flag(*p);
    return {};
}


}  // namespace

void read_parameter_flags(const QCommandLineParser& parser, std::string_view algorithm, sfp::RunSpec& spec,
                          std::span<const FlagHint> hints) {
    QStringList lines, unread;  // every problem, one line each; the flags that could not be read
    for (const sfp::Parameter& p : sfp::parameters_of(algorithm)) {
        if (!read_by_some_strategy(algorithm, p)) continue;
        const QString flag = parameter_flag(p);
        const std::string name(p.name);
        if (p.type == sfp::ParameterType::flag) {
            if (parser.isSet(flag)) spec.options[name] = "true";
            continue;
        }
        const FlagHint* hint = hint_of(hints, p);
        if (!parser.isSet(flag) && !(hint && !hint->fallback.isEmpty())) continue;  // the table's default applies
        const QString text = parser.isSet(flag) ? parser.value(flag) : hint->fallback;
        if (!sfp::is_run_field(p)) {  // an option: as text the table reads; the validator judges it
            spec.options[name] = text.toStdString();
            continue;
        }
        // Block size and threads judged here, in the validator's words, before they are cast to the spec's fields.
        try {
            const std::int64_t v = table_value(p, text, ("--" + flag).toUtf8().constData());
            if (p.name == sfp::kBlockSizeParameter.name) spec.block_size = std::uint64_t(v);
            else spec.threads = unsigned(v);
        } catch (const UsageError& e) {
            lines << e.message;
            unread << "--" + flag;
        }
    }
    for (const sfp::Problem& problem : sfp::check_experiment(sfp::experiment_of(spec))) {
        const QString flag = flag_of_field(algorithm, problem.field);
        if (!unread.contains(flag) || flag.isEmpty())
            lines << (flag.isEmpty() ? "" : flag + ": ") + QString::fromStdString(problem.message);
    }
    if (!lines.isEmpty()) throw UsageError{lines.join('\n')};
}

}  // namespace cli
