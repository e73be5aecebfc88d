// A user's command as a strategy (sfp/command.hpp): the line's words and placeholders, each value
// reaching the program as one argument verbatim, the cells its placeholders multiply, each check
// right and wrong beside the built-in strategies, a failure's message, and a cancel that ends the
// child with everything it started.
#include <signal.h>
#include <sys/stat.h>

#include <QtTest>
#include <cerrno>
#include <thread>

#include "commands/command_argv.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/command.hpp"
#include "sfp/failure.hpp"
#include "sfp/plan.hpp"
#include "sfp/run_experiment.hpp"

namespace {

using Words = std::vector<std::string>;

// The file names no shell may touch: blanks, quotes, a leading dash, a newline, a placeholder.
const Words kHostileNames = {"a name with spaces", "it's \"quoted\"", "-n", "line\nbreak", "{block} $HOME `x`"};

std::string write_file(const QString& dir, const std::string& name, const QByteArray& bytes) {
    const std::string path = dir.toStdString() + "/" + name;
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) return {};
    return path;
}

// A program that writes its arguments, each ended by NUL, to $1's sibling "argv", then compares.
std::string argv_recorder(const QString& dir) {
    const std::string path = write_file(dir, "record-argv",
                                        "#!/bin/sh\n"
                                        "printf '%s\\0' \"$@\" > \"$(dirname \"$0\")/argv\"\n"
                                        "exec cmp -s -- \"$1\" \"$2\"\n");
    ::chmod(path.c_str(), 0755);
    return path;
}

Words recorded_argv(const QString& dir) {
    QFile f(dir + "/argv");
    if (!f.open(QIODevice::ReadOnly)) return {};
    Words out;
    for (const QByteArray& a : f.readAll().split('\0')) out.push_back(a.toStdString());
    out.pop_back();  // after the last NUL
    return out;
}

sfp::Experiment with_inputs(const std::string& algorithm, const Words& inputs, const QTemporaryDir& work) {
    sfp::Experiment e;
    e.algorithm = algorithm;
    e.inputs = inputs;
    e.repetitions = 1;
    e.warmups = 0;
    e.workdir = work.path().toStdString();
    return e;
}

// Each cell's runs' statuses, by strategy name.
std::map<std::string, std::vector<sfp::RunStatus>> statuses(const sfp::ExperimentReport& r) {
    std::map<std::string, std::vector<sfp::RunStatus>> out;
    for (const sfp::RunRecord& run : r.runs) out[r.cells[run.cell].strategy].push_back(run.status);
    return out;
}

sfp::ExperimentReport run(const sfp::Experiment& e) {
    const sfp::PlanOutcome planned = sfp::plan(e);
    if (!planned.ready()) qWarning("%s", sfp::problems_text(planned.problems).c_str());
    if (!planned.ready()) return {};
    sfp::Progress progress;
    return sfp::run_experiment(*planned.plan, progress);
}

const std::vector<sfp::RunStatus> kOk = {sfp::RunStatus::ok}, kMismatch = {sfp::RunStatus::mismatch};

}  // namespace

class TestCommands : public QObject {
    Q_OBJECT
private slots:
    void splitsAsAShellQuotes() {
        QCOMPARE(sfp::split_command("dd  if=x\tbs=4"), (Words{"dd", "if=x", "bs=4"}));
        QCOMPARE(sfp::split_command("a 'b c' \"d \\\"e\\\" \\$f \\\\ \\x\" g\\ h ''"),
                 (Words{"a", "b c", "d \"e\" $f \\ \\x", "g h", ""}));
        QCOMPARE(sfp::split_command("a\\\nb 'x\\y'"), (Words{"ab", "x\\y"}));  // backslash-newline joins
        QCOMPARE(sfp::split_command("$(rm -rf x) *.txt ~ a;b|c"), (Words{"$(rm", "-rf", "x)", "*.txt", "~", "a;b|c"}));
        for (const char* bad : {"a 'b", "a \"b", "a\\", "", "   "})
            QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::split_command(bad));
    }

    void findsPlaceholders() {
        QCOMPARE(sfp::placeholders_in("x {input} {} {Block} {a}{input} {max_mismatches}"),
                 (Words{"input", "a", "max_mismatches"}));
    }

    // Every value is one argument, verbatim: never split, never read by the splitter or a shell.
    void placeholdersAreWholeArguments() {
        sfp::commands::PlaceholderValues values;
        for (const std::string& name : kHostileNames) {
            values["a"] = {name};
            values["input"] = {name, "second"};
            values["block"] = {"65536"};
            const Words argv = sfp::commands::command_argv({"c", "prog {a} 'x={a}' {input} bs={block}"}, values);
            QCOMPARE(argv, (Words{"prog", name, "x=" + name, name, "second", "bs=65536"}));
        }
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::commands::command_argv({"c", "prog in={input}"}, values));
    }

    void shellScriptsGetPositionalParameters() {
        const sfp::commands::PlaceholderValues values = {{"a", {"x'; rm -rf ~; '"}}, {"b", {"$(id)"}}};
        const Words argv = sfp::commands::command_argv({"c", "sh:cmp {a} {b} && echo {a}"}, values);
        QCOMPARE(argv, (Words{"/bin/sh", "-c", "cmp \"${1}\" \"${2}\" && echo \"${1}\"", "sh", values.at("a")[0],
                              values.at("b")[0]}));
    }

    void checksCommandsOnce() {
        QTemporaryDir work;
        sfp::Experiment e = with_inputs("compare", {"/x", "/y"}, work);
        e.commands = {
            {"read", "cmp {a} {b}"}, {"bad name", "cmp {a} {b}"},         {"q", "cmp {a} {b} {output} {nonsense}"},
            {"r", "cmp 'a"},         {"s", "cmp", sfp::CommandCheck::wc}, {"t", "cmp {a} {b}"},
            {"t", "cmp {b} {a}"}};
        sfp::Experiment pair = e;
        pair.commands = {{"pair", "dd if={input}"}};
        QVERIFY(sfp::problems_text(sfp::check_experiment(pair)).find("{input} stands for two files here") !=
                std::string::npos);
        sfp::Experiment cipher = with_inputs("cipher", {"/x"}, work);
        cipher.commands = {{"c", "cp {input} /tmp/elsewhere", sfp::CommandCheck::file}};
        QVERIFY(sfp::problems_text(sfp::check_experiment(cipher)).find("it must write to {output}") !=
                std::string::npos);
        const std::string text = sfp::problems_text(sfp::check_experiment(e));
        for (const char* expected :
             {"commands[0]: command 'read' has the name of a built-in compare strategy",
              "commands[1]: a command's name must be", "compare has no placeholder {output}",
              "compare has no placeholder {nonsense}", "commands[3]: command 'r': the command line has a '",
              "commands[4]: command 's': compare cannot check 'wc'", "commands[6]: command 't' is listed twice"})
            QVERIFY2(text.find(expected) != std::string::npos, (expected + std::string(" in:\n") + text).c_str());
    }

    // The placeholders a line names are the parameters it reads: only those multiply its cells.
    void parametersUsedMultiplyOnlyItsCells() {
        QTemporaryDir work;
        sfp::Experiment e = with_inputs("wordcount", {"/etc/hostname"}, work);
        e.strategies = {"loop", "sized", "plain", "packed"};
        e.sweeps["block_size"] = {4096, 65536, 1 << 20};
        e.sweeps["threads"] = {1, 2};
        e.sweeps["packing"] = {1, 10};
        e.commands = {{"sized", "dd if={input} of=/dev/null bs={block}"},
                      {"plain", "cat {input}", sfp::CommandCheck::none},
                      {"packed", "sh:echo {packing} {threads} {block}", sfp::CommandCheck::none}};
        const sfp::PlanOutcome planned = sfp::plan(e);
        QVERIFY2(planned.ready(), sfp::problems_text(planned.problems).c_str());
        std::map<std::string, int> cells;
        for (const sfp::Cell& c : planned.plan->cells) ++cells[c.strategy];
        QCOMPARE(cells["loop"], 3);  // block only
        QCOMPARE(cells["sized"], 3);
        QCOMPARE(cells["plain"], 1);
        QCOMPARE(cells["packed"], 3 * 2 * 2);
    }

    // A file name with a space, a quote, a leading dash and a newline reaches the program as one
    // argument, verbatim, without a shell and through sh: alike; exit 0/1 is checked against cmp's.
    void namesReachTheProgramVerbatim() {
        QTemporaryDir work, files;
        const std::string a = write_file(files.path(), kHostileNames[1] + " " + kHostileNames[0], "same");
        const std::string b = write_file(files.path(), kHostileNames[2] + kHostileNames[3] + kHostileNames[4], "same");
        sfp::Experiment e = with_inputs("compare", {a, b}, work);
        e.strategies = {"read", "direct", "shell", "liar"};
        e.commands = {{"direct", argv_recorder(files.path()) + " {a} {b}"},
                      {"shell", "sh:cmp -s -- {a} {b}"},
                      {"liar", "sh:exit 1"}};
        const sfp::ExperimentReport report = run(e);
        QCOMPARE(recorded_argv(files.path()), (Words{a, b}));
        const auto s = statuses(report);
        QCOMPARE(s.at("read"), kOk);
        QCOMPARE(s.at("direct"), kOk);
        QCOMPARE(s.at("shell"), kOk);
        QCOMPARE(s.at("liar"), kMismatch);  // says different, the files are the same
    }

    // wc's counts against the reference's; one line too many is a MISMATCH.
    void wcCheck() {
        QTemporaryDir work, files;
        const std::string text = write_file(files.path(), "words", "one two\nthree\n  four five six\n");
        sfp::Experiment e = with_inputs("wordcount", {text}, work);
        e.strategies = {"loop", "right", "off_by_one"};
        e.commands = {{"right", "env LC_ALL=C wc -- {input}"},
                      {"off_by_one", "sh:LC_ALL=C wc -- {input} | awk '{print $1 + 1, $2, $3, $4}'"}};
        const auto s = statuses(run(e));
        QCOMPARE(s.at("loop"), kOk);
        QCOMPARE(s.at("right"), kOk);
        QCOMPARE(s.at("off_by_one"), kMismatch);
    }

    // The output file's digest, read back, against cipher's (caesar +3); a plain copy is wrong.
    void fileCheck() {
        QTemporaryDir work, files;
        QByteArray bytes;
        for (int i = 0; i < 70000; ++i) bytes.append(char(i * 7));
        const std::string input = write_file(files.path(), "in", bytes);
        sfp::Experiment e = with_inputs("cipher", {input}, work);
        e.strategies = {"stream", "tr", "copy"};
        e.commands = {{"tr", "sh:LC_ALL=C tr '\\000-\\374\\375-\\377' '\\003-\\377\\000-\\002' < {input} > {output}"},
                      {"copy", "cp -- {input} {output}"}};
        const auto s = statuses(run(e));
        QCOMPARE(s.at("stream"), kOk);
        QCOMPARE(s.at("tr"), kOk);
        QCOMPARE(s.at("copy"), kMismatch);
    }

    // xxhsum -H3 lines over the tree against iterate's digest; a file left out is a MISMATCH.
    void xxhsumCheck() {
        QTemporaryDir work, tree;
        QDir(tree.path()).mkpath("sub dir");
        for (const char* name : {"a", "sub dir/b", "sub dir/c"}) write_file(tree.path(), name, QByteArray(name) + "!");
        sfp::Experiment e = with_inputs("iterate", {tree.path().toStdString()}, work);
        e.strategies = {"fs", "hashes", "misses_one"};
        e.commands = {{"hashes", "find {input} -type f -exec xxhsum -H3 {} +"},
                      {"misses_one", "sh:find {input} -type f -exec xxhsum -H3 {} + | tail -n +2"}};
        const auto s = statuses(run(e));
        QCOMPARE(s.at("fs"), kOk);
        QCOMPARE(s.at("hashes"), kOk);
        QCOMPARE(s.at("misses_one"), kMismatch);
    }

    // none: shown, never judged (a floor), never the fastest correct cell.
    void uncheckedIsAFloor() {
        QTemporaryDir work, files;
        const std::string a = write_file(files.path(), "a", "x"), b = write_file(files.path(), "b", "y");
        sfp::Experiment e = with_inputs("compare", {a, b}, work);
        e.strategies = {"read", "anything"};
        e.commands = {{"anything", "true", sfp::CommandCheck::none}};
        const sfp::ExperimentReport report = run(e);
        QCOMPARE(statuses(report).at("anything"), kOk);
        for (const sfp::Cell& c : report.cells) QCOMPARE(c.reference_floor, c.strategy == "anything");
        QCOMPARE(report.cells.at(report.rankings.at(0).fastest_cell).strategy, std::string("read"));
    }

    // dd checks nothing: with the algorithm's own check, what prints nothing and what writes no
    // {output} is unchecked (a floor), never a failure or a MISMATCH.
    void ddIsUnchecked() {
        QTemporaryDir work, files;
        const std::string text = write_file(files.path(), "t", QByteArray(100000, 'w'));
        for (const char* algorithm : {"wordcount", "cipher"}) {
            sfp::Experiment e = with_inputs(algorithm, {text}, work);
            e.strategies = {algorithm == std::string("cipher") ? "stream" : "loop", "dd"};
            e.sweeps["block_size"] = {4096, 65536, 1 << 20, 4 << 20};
            e.commands = {{"dd", "dd if={input} of=/dev/null bs={block}"}};
            const sfp::ExperimentReport report = run(e);
            std::size_t cells = 0;
            for (const sfp::Cell& c : report.cells) {
                if (c.strategy != "dd") continue;
                ++cells;
                QVERIFY(c.reference_floor);
            }
            QCOMPARE(cells, std::size_t(4));
            QCOMPARE(statuses(report).at("dd"), std::vector<sfp::RunStatus>(4, sfp::RunStatus::ok));
            QVERIFY(report.cells.at(report.rankings.at(0).fastest_cell).strategy != "dd");
        }
    }

    // A non-zero exit where none is expected fails the run with stderr's last line, made visible.
    void failureSaysStderrsLastLine() {
        QTemporaryDir work, files;
        const std::string text = write_file(files.path(), "t", "x\n");
        sfp::Experiment e = with_inputs("wordcount", {text}, work);
        e.strategies = {"fails"};
        e.commands = {{"fails", "sh:echo first >&2; printf 'bad \\033]0;title\\007 end\\n' >&2; exit 3"}};
        const sfp::ExperimentReport report = run(e);
        QCOMPARE(report.runs.size(), std::size_t(1));
        QCOMPARE(report.runs[0].status, sfp::RunStatus::error);
        QCOMPARE(report.runs[0].result.error, std::string("the command 'fails' failed: bad \\x1b]0;title\\x07 end"));
    }

    // Cancel ends the child's whole process group: a grandchild it started is gone too.
    void cancelEndsTheChildAndItsChildren() {
        QTemporaryDir work, files;
        const std::string text = write_file(files.path(), "t", "x\n");
        const QString pid_file = files.path() + "/pid";
        sfp::Experiment e = with_inputs("wordcount", {text}, work);
        e.strategies = {"sleeper"};
        e.commands = {{"sleeper", "sh:sleep 600 >/dev/null 2>&1 & echo $! > " + pid_file.toStdString() + ".tmp; mv " +
                                      pid_file.toStdString() + ".tmp " + pid_file.toStdString() + "; wait"}};
        const sfp::PlanOutcome planned = sfp::plan(e);
        QVERIFY(planned.ready());
        sfp::Progress progress;
        std::thread canceller([&] {
            while (!QFile::exists(pid_file)) std::this_thread::sleep_for(std::chrono::milliseconds(10));
            progress.cancel = true;
        });
        const sfp::ExperimentReport report = sfp::run_experiment(*planned.plan, progress);
        canceller.join();
        QVERIFY(report.cancelled);
        QFile f(pid_file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const pid_t grandchild = pid_t(f.readAll().trimmed().toInt());
        QVERIFY(grandchild > 0);
        QTRY_VERIFY_WITH_TIMEOUT(::kill(grandchild, 0) != 0 && errno == ESRCH, 10000);  // reaped by init
    }
};

QTEST_GUILESS_MAIN(TestCommands)
#include "test_commands.moc"
