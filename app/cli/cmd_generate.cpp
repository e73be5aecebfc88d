// sfpbench generate KIND — reproducible test data of any kind in the engine's input-kind table
// (sfp/input_kind.hpp): its file names, flags and generator come from there.
#include <cstdio>
#include <set>

#include "cli_support.hpp"
#include "commands.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "qtext.hpp"

namespace cli {
namespace {

using core::qtext;

QString flag_of(std::string_view option) { return qtext(option).replace('_', '-'); }

// "DIR", "FILE", or "A B" for a pair.
QString path_names(const sfp::InputKind& k) {
    if (k.directory) return "DIR";
    if (k.paths() == 1) return "FILE";
    QStringList names;
    for (std::size_t i = 0; i < k.paths(); ++i) names << QString(QChar(char16_t(u'A' + i)));
    return names.join(' ');
}

QString description() {
    QString text =
        "Write reproducible test data (written to a temporary file, then renamed into place; the space\n"
        "is checked and reserved first, and a signal leaves no file behind):";
    for (const sfp::InputKind& k : sfp::input_kinds())
        text += QString("\n  %1  %2")
                    .arg(QString("%1 %2").arg(qtext(k.name), path_names(k)).leftJustified(20), qtext(k.help));
    return text;
}

// Each kind's own options once, as flags ("--mismatch-at"), their help naming the kinds.
void add_kind_options(CommandLine& p) {
    std::set<std::string_view> added;
    for (const sfp::InputKind& k : sfp::input_kinds())
        for (const sfp::Parameter& o : k.options)
            if (added.insert(o.name).second) {
                QString help = QString("%1: %2").arg(qtext(k.name), qtext(o.help));
                if (o.type != sfp::ParameterType::text)
                    help += QString(" (%1; default %2)")
                                .arg(QString::fromStdString(sfp::limits_text(o)),
                                     QString::fromStdString(sfp::value_text(o, o.fallback)));
                p.addOption({flag_of(o.name), help + ".", "value"});
            }
}

bool has_option(const sfp::InputKind& k, std::string_view name) {
    for (const sfp::Parameter& o : k.options)
        if (o.name == name) return true;
    return false;
}

// The kind's options given as flags; a flag of another kind is refused, naming the kinds that take it.
sfp::GenerateRequest request_of(const QCommandLineParser& p, const sfp::InputKind& kind) {
    sfp::GenerateRequest r;
    r.size = size_value(p.value("size"), "size");
    r.seed = count_value(p.value("seed"), "seed", true);
    for (const sfp::InputKind& other : sfp::input_kinds())
        for (const sfp::Parameter& o : other.options) {
            if (!p.isSet(flag_of(o.name)) || r.options.count(std::string(o.name))) continue;
            if (!has_option(kind, o.name))
                throw UsageError{QString("--%1 is not for `generate %2` (it is for `generate %3`)")
                                     .arg(flag_of(o.name), qtext(kind.name), qtext(other.name))};
            r.options[std::string(o.name)] = p.value(flag_of(o.name)).toStdString();
        }
    try {
        sfp::check_generate_options(kind, r);
    } catch (const sfp::Failure& e) {  // "size_mix: ..." -> "--size-mix: ..."
        const std::string what = e.what();
        const std::size_t colon = what.find(':');
        throw UsageError{"--" + flag_of(std::string_view(what).substr(0, colon)) +
                         qtext(std::string_view(what).substr(colon))};
    }
    return r;
}

}  // namespace

int cmd_generate(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(description());
    p.addPositionalArgument("KIND", QString::fromStdString(sfp::input_kind_names()));
    p.addPositionalArgument("FILE", "output file(s), or the directory");
    p.addOption({"size", "Size in bytes, or with K/M/G; a tree: about that many in all (default 640000000).", "size",
                 "640000000"});
    p.addOption({"seed", "Seed: the same seed gives the same bytes (default 1).", "n", "1"});
    add_kind_options(p);
    if (!parse_or_help(p, "generate", args)) return exit_ok;
    const QStringList pos = p.positionalArguments();
    const sfp::InputKind* kind = sfp::find_input_kind(pos.value(0).toStdString());
    if (!kind)
        throw UsageError{QString("generate: unknown kind '%1' (%2)")
                             .arg(pos.value(0), QString::fromStdString(sfp::input_kind_names()))};
    if (std::size_t(pos.size()) != 1 + kind->paths())
        throw UsageError{QString("generate %1 needs %2").arg(qtext(kind->name), path_names(*kind))};
    const sfp::GenerateRequest request = request_of(p, *kind);
    std::vector<std::string> paths;
    for (qsizetype i = 1; i < pos.size(); ++i) paths.push_back(path_bytes(pos[i]));
    sfp::Progress& progress = signal_progress();
    try {
        const std::string made = kind->generate(paths, request, &progress.cancel);
        if (!made.empty()) std::printf("%s\n", made.c_str());
    } catch (const sfp::Failure& e) {
        if (progress.cancel) return exit_cancelled;
        print_error(std::string(e.what()));
        return exit_trouble;
    }
    return exit_ok;
}

}  // namespace cli
