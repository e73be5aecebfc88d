#pragma once
// A command's parser that remembers the options and arguments it is given, so that the man page
// and the bash completion (reference.hpp) are generated from the commands themselves: a new
// command, flag or strategy appears in both without an edit there. Every command parses with one
// (parse_or_help takes nothing else), so none is left out.
#include <QCommandLineParser>
#include <functional>
#include <vector>

namespace cli {

struct ArgumentDoc {
    QString name, description, syntax;  // "FILE", "files to count", "FILE..."
};

struct OptionDoc {
    QStringList names;   // "strategy"; one letter for a short alias
    QString value_name;  // "" for a switch
    QString description;
    QStringList defaults;
};

struct CommandDoc {
    QString name, summary, description;
    std::vector<ArgumentDoc> arguments;
    std::vector<OptionDoc> options;  // in the order of --help, without --help itself
};

class CommandLine : public QCommandLineParser {
public:
    // These hide QCommandLineParser's own (which are not virtual): add through a CommandLine.
    bool addOption(const QCommandLineOption& option);
    void addPositionalArgument(const QString& name, const QString& description, const QString& syntax = {});

    const std::vector<ArgumentDoc>& arguments() const { return arguments_; }
    const std::vector<OptionDoc>& options() const { return options_; }

private:
    std::vector<ArgumentDoc> arguments_;
    std::vector<OptionDoc> options_;
};

// What a command declares, learnt by calling it with --help while a recording is open:
// parse_or_help hands its parser over instead of printing help, and the command returns. Throws
// std::logic_error for a command that returned without reaching parse_or_help.
CommandDoc describe(const QString& name, const QString& summary, const std::function<int(const QStringList&)>& run);

// For parse_or_help: while describe() runs, records `parser` and returns true.
bool record_if_describing(const CommandLine& parser);

}  // namespace cli
