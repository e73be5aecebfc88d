// The bash completion script: a fixed engine (reply, given, the positional count) and, generated
// per command, its options, which of them take a value, what to offer for each value and for each
// argument. Word lists (algorithms, strategies, data kinds, choices, lessons) come from the
// registry and the tables at build time.
#include <algorithm>

#include "lessons.hpp"
#include "parameter_flags.hpp"
#include "reference.hpp"
#include "sfp/command.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"
#include "qtext.hpp"

namespace cli {
namespace {

using core::qtext;

QString words(const std::vector<std::string_view>& list) {
    QStringList out;
    for (std::string_view w : list) out << qtext(w);
    return out.join(' ');
}

QString algorithm_words() { return words(sfp::algorithms()); }

QString kind_words() {
    std::vector<std::string_view> names;
    for (const sfp::InputKind& k : sfp::input_kinds()) names.push_back(k.name);
    return words(names);
}

QString lesson_words() {
    QStringList names;
    for (const core::Lesson& l : core::lessons()) names << l.name;
    return names.join(' ');
}

bool is_algorithm(const QString& name) {
    const auto all = sfp::algorithms();
    return std::find(all.begin(), all.end(), name.toStdString()) != all.end();
}

const sfp::Parameter* choice_in(std::span<const sfp::Parameter> table, const QString& flag) {
    for (const sfp::Parameter& p : table)
        if (p.type == sfp::ParameterType::choice && (parameter_flag(p) == flag || qtext(p.name) == flag)) return &p;
    return nullptr;
}

// The choice parameter a flag sets: in the command's own algorithm's table, else in any
// algorithm's, else among the data kinds' options (generate's flags).
const sfp::Parameter* choice_named(const QString& command, const QString& flag) {
    if (const sfp::Parameter* own = choice_in(sfp::parameters_of(command.toStdString()), flag)) return own;
    for (std::string_view algorithm : sfp::algorithms())
        if (const sfp::Parameter* p = choice_in(sfp::parameters_of(algorithm), flag)) return p;
    for (const sfp::InputKind& kind : sfp::input_kinds())
        if (const sfp::Parameter* p = choice_in(kind.options, flag)) return p;
    return nullptr;
}

QString default_of(const CommandDoc& c, const QString& option) {
    for (const OptionDoc& o : c.options)
        if (o.names.contains(option)) return o.defaults.value(0);
    return {};
}

// The shell that fills COMPREPLY for the value of option `o` of command `c`; "" when there is
// nothing to offer (a number, a size: the user types it).
QString value_reply(const CommandDoc& c, const OptionDoc& o) {
    const QString name = o.names.last();
    const bool list = o.value_name == "list";
    if (o.value_name == "file" || o.value_name == "dir") return "_sfpbench_reply " + o.value_name;
    if (name == "algorithm") return "_sfpbench_reply words \"$(_sfpbench_algorithms)\"";
    if (o.value_name == "kind") return "_sfpbench_reply words \"$(_sfpbench_kinds)\"";
    if (name == "strategy" && is_algorithm(c.name))
        return QString("_sfpbench_reply words \"$(_sfpbench_strategies %1)\"").arg(c.name);
    if (name == "strategies")  // of the algorithm given so far, else the default one
        return QString("_sfpbench_reply list \"$(_sfpbench_strategies \"$(_sfpbench_given --algorithm %1)\")\"")
            .arg(is_algorithm(c.name) ? c.name : default_of(c, "algorithm"));
    if (name == "command-output") {  // the checks a user may name (sfp/command.hpp)
        QStringList checks;
        for (auto check : {sfp::CommandCheck::status, sfp::CommandCheck::wc, sfp::CommandCheck::file,
                           sfp::CommandCheck::xxhsum, sfp::CommandCheck::none})
            checks << sfp::to_string(check);
        return QString("_sfpbench_reply words \"%1\"").arg(checks.join(' '));
    }
    if (const sfp::Parameter* p = choice_named(c.name, name)) {
        QStringList choices;
        for (std::string_view choice : p->choices) choices << qtext(choice);
        return QString("_sfpbench_reply %1 \"%2\"").arg(list ? "list" : "words", choices.join(' '));
    }
    return {};
}

// What a positional argument is, by its name: a word list's function or file/dir.
QString argument_kind(const ArgumentDoc& a) {
    if (a.name == "ALGORITHM") return "algorithms";
    if (a.name == "KIND") return "kinds";
    if (a.name == "NAME") return "lessons";
    if (a.name == "DIR") return "dir";
    return "file";
}

QString command_case(const CommandDoc& c) {
    QStringList options, valued, arguments;
    std::vector<std::pair<QString, QStringList>> replies;  // a reply and the flags it answers
    for (const OptionDoc& o : c.options) {
        QStringList flags;
        for (const QString& n : o.names) flags << (n.size() == 1 ? "-" : "--") + n;
        for (const QString& n : o.names)
            if (n.size() > 1) options << "--" + n;  // short aliases are not offered
        if (o.value_name.isEmpty()) continue;
        valued << flags;
        const QString reply = value_reply(c, o);
        if (reply.isEmpty()) continue;
        const auto same = std::find_if(replies.begin(), replies.end(), [&](const auto& r) { return r.first == reply; });
        if (same == replies.end())
            replies.emplace_back(reply, flags);
        else
            same->second << flags;
    }
    options << "--help";
    for (const ArgumentDoc& a : c.arguments) arguments << argument_kind(a) + (a.syntax.endsWith("...") ? "..." : "");
    QString out = QString("    %1)\n        options=\"%2\"\n        valued=\" %3 \"\n        arguments=\"%4\"\n")
                      .arg(c.name, options.join(' '), valued.join(' '), arguments.join(' '));
    if (replies.empty()) return out + "        ;;\n";
    out += "        case $prev in\n";
    for (const auto& [reply, flags] : replies)
        out += QString("        %1) %2; return ;;\n").arg(flags.join('|'), reply);
    return out + "        esac\n        ;;\n";
}

QString strategies_function() {
    QString out = "_sfpbench_strategies() {  # the registered strategies of algorithm $1\n    case $1 in\n";
    for (std::string_view algorithm : sfp::algorithms()) {
        std::vector<std::string_view> names;
        for (const sfp::Strategy* s : sfp::strategies_of(algorithm)) names.push_back(s->name);
        out += QString("    %1) echo \"%2\";;\n").arg(qtext(algorithm), words(names));
    }
    return out + "    esac\n}\n";
}

const char* const kEngine = R"sh(
# Fills COMPREPLY for the word being completed ($cur): from words ($2), from a comma-separated
# list of them (read,mm -> read,mmap read,mmap-mt), or with file or directory names.
_sfpbench_reply() {
    local done=
    case $1 in
    words) mapfile -t COMPREPLY < <(compgen -W "$2" -- "$cur") ;;
    list)
        [[ $cur == *,* ]] && done=${cur%,*},
        mapfile -t COMPREPLY < <(compgen -P "$done" -W "$2" -- "${cur##*,}")
        ;;
    file)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        ;;
    dir)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        ;;
    esac
}

# The last value given to option $1 on the line before the cursor, else $2.
_sfpbench_given() {
    local i found=$2
    for ((i = 2; i < COMP_CWORD - 1; i++)); do
        [[ ${COMP_WORDS[i]} == "$1" ]] || continue
        [[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))
        ((i + 1 < COMP_CWORD)) && found=${COMP_WORDS[i + 1]}
    done
    echo "$found"
}

_sfpbench() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local options valued arguments
    COMPREPLY=()
    # --flag=value: bash splits the word at '='
    if [[ $cur == = ]]; then cur=; elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD - 2]}; fi
    if ((COMP_CWORD == 1)); then
        _sfpbench_reply words "$(_sfpbench_commands) --help --version"
        return
    fi
    case ${COMP_WORDS[1]} in
)sh";

const char* const kTail = R"sh(    *) return ;;
    esac
    [[ $valued == *" $prev "* ]] && return  # a number or a size to type: nothing to offer
    if [[ $cur == -* ]]; then
        _sfpbench_reply words "$options"
        return
    fi
    # Which argument this is: the words so far that are neither options nor their values.
    local i n=0 kinds=($arguments)
    for ((i = 2; i < COMP_CWORD; i++)); do
        if [[ $valued == *" ${COMP_WORDS[i]} "* ]]; then
            [[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))
            ((i++))
        elif [[ ${COMP_WORDS[i]} != -* && ${COMP_WORDS[i]} != = ]]; then
            ((n++))
        fi
    done
    if ((n >= ${#kinds[@]})); then
        [[ ${kinds[-1]} == *... ]] || return  # all given, unless the last repeats (FILE...)
        n=$((${#kinds[@]} - 1))
    fi
    local kind=${kinds[n]%...}
    case $kind in
    file | dir) _sfpbench_reply "$kind" ;;
    *) _sfpbench_reply words "$(_sfpbench_"$kind")" ;;
    esac
}
complete -F _sfpbench sfpbench
)sh";

QString list_function(const QString& name, const QString& what, const QString& list) {
    return QString("_sfpbench_%1() { echo \"%2\"; }  # %3\n").arg(name, list, what);
}

}  // namespace

std::string bash_completion(std::span<const CommandDoc> commands) {
    QStringList names;
    for (const CommandDoc& c : commands) names << c.name;
    QString out =
        "# bash completion for sfpbench(1): its commands, their options, each algorithm's strategies,\n"
        "# option values and files. Generated by `sfpbench help completion` from the commands and\n"
        "# the strategy registry; do not edit.\n\n";
    out += list_function("commands", "the commands", names.join(' '));
    out += list_function("algorithms", "the registered algorithms", algorithm_words());
    out += list_function("kinds", "the kinds of generated data", kind_words());
    out += list_function("lessons", "the lessons", lesson_words());
    out += strategies_function();
    out += kEngine;
    for (const CommandDoc& c : commands) out += command_case(c);
    out += kTail;
    return out.toStdString();
}

}  // namespace cli
