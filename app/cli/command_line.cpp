#include "command_line.hpp"

#include <stdexcept>

namespace cli {

bool CommandLine::addOption(const QCommandLineOption& option) {
    options_.push_back({option.names(), option.valueName(), option.description(), option.defaultValues()});
    return QCommandLineParser::addOption(option);
}

void CommandLine::addPositionalArgument(const QString& name, const QString& description, const QString& syntax) {
    arguments_.push_back({name, description, syntax.isEmpty() ? name : syntax});
    QCommandLineParser::addPositionalArgument(name, description, syntax);
}

namespace {
CommandDoc* recording = nullptr;  // set only while describe() runs (one thread, the generator's)
bool recorded = false;
}  // namespace

bool record_if_describing(const CommandLine& parser) {
    if (!recording) return false;
    recording->description = parser.applicationDescription();
    recording->arguments = parser.arguments();
    recording->options = parser.options();
    recorded = true;
    return true;
}

CommandDoc describe(const QString& name, const QString& summary, const std::function<int(const QStringList&)>& run) {
    CommandDoc doc{name, summary, {}, {}, {}};
    struct Open {  // closed again however the command returns
        explicit Open(CommandDoc& d) {
            recording = &d;
            recorded = false;
        }
        ~Open() { recording = nullptr; }
    } open(doc);
    run({"--help"});
    if (!recorded) throw std::logic_error("command " + name.toStdString() + " did not reach parse_or_help");
    return doc;
}

}  // namespace cli
