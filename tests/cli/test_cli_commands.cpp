// `sfpbench run --command`: the user's own program as cells beside the built-in strategies, its
// answer checked, a file name reaching it as one argument, Ctrl-C ending it; and an experiment
// file with a command refused without --allow-commands, the command never run.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <map>
#include <set>

#include "fault_support.hpp"

namespace {

using namespace faults;

void write(const std::string& path, const QByteArray& bytes) {
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

// The runs of a --csv file: strategy -> (block_size column, status column) per run.
std::multimap<std::string, std::pair<std::string, std::string>> runs_of(const std::string& csv) {
    std::multimap<std::string, std::pair<std::string, std::string>> out;
    const QStringList lines = QString::fromStdString(slurp(csv)).split('\n', Qt::SkipEmptyParts);
    const QStringList head = lines.value(0).split(',');
    const qsizetype strategy = head.indexOf("strategy"), block = head.indexOf("block_size"),
                    status = head.indexOf("status");
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList f = lines[i].split(',');  // no field here holds a comma
        out.emplace(f.value(strategy).toStdString(),
                    std::pair{f.value(block).toStdString(), f.value(status).toStdString()});
    }
    return out;
}

std::set<std::string> statuses_of(const std::multimap<std::string, std::pair<std::string, std::string>>& runs,
                                  const std::string& strategy) {
    std::set<std::string> out;
    for (auto [it, end] = runs.equal_range(strategy); it != end; ++it) out.insert(it->second.second);
    return out;
}

const std::vector<std::string> kQuick = {"run", "--reps", "1", "--warmup", "0", "--order", "sequential"};

std::vector<std::string> args(std::initializer_list<std::string> more) {
    std::vector<std::string> out = kQuick;
    out.insert(out.end(), more);
    return out;
}

}  // namespace

class TestCliCommands : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string at(const std::string& name) const { return dir_.path().toStdString() + "/" + name; }

private slots:
    // dd swept over four block sizes: four cells beside the built-in one, each checked (exit 0 = same).
    void ddOverFourBlockSizes() {
        write(at("a"), QByteArray(200000, 'x'));
        write(at("b"), QByteArray(200000, 'x'));
        const Ended e =
            sfpbench(args({"--algorithm", "compare", "--input", at("a"), "--input", at("b"), "--strategies", "read",
                           "--block", "4K,64K,1M,4M", "--workdir", at("work"), "--csv", at("dd.csv"), "--command",
                           "dd=sh:dd if={a} of=/dev/null bs={block} 2>/dev/null && cmp -s {a} {b}"}),
                     dir_.path().toStdString());
        QVERIFY2(e.code == 0, e.err.c_str());
        const auto runs = runs_of(at("dd.csv"));
        std::set<std::string> blocks;
        for (auto [it, end] = runs.equal_range("dd"); it != end; ++it) blocks.insert(it->second.first);
        QCOMPARE(blocks, (std::set<std::string>{"4096", "65536", "1048576", "4194304"}));
        QCOMPARE(statuses_of(runs, "dd"), std::set<std::string>{"ok"});
        QVERIFY(e.out.find("dd") != std::string::npos);
    }

    // A wc that counts one line too many is a MISMATCH (exit 2); one that counts right is not.
    void wcThatMiscountsIsAMismatch() {
        write(at("text"), "one two\nthree four\n");
        const Ended e =
            sfpbench(args({"--algorithm", "wordcount", "--input", at("text"), "--strategies", "loop", "--workdir",
                           at("work"), "--csv", at("wc.csv"), "--command", "right=env LC_ALL=C wc -- {input}",
                           "--command", "off=sh:LC_ALL=C wc -- {input} | awk '{print $1 + 1, $2, $3}'"}),
                     dir_.path().toStdString());
        QCOMPARE(e.code, 2);
        const auto runs = runs_of(at("wc.csv"));
        QCOMPARE(statuses_of(runs, "right"), std::set<std::string>{"ok"});
        QCOMPARE(statuses_of(runs, "off"), std::set<std::string>{"MISMATCH"});
        QCOMPARE(statuses_of(runs, "loop"), std::set<std::string>{"ok"});
    }

    // A name with a space and a quote reaches the command as one argument, verbatim.
    void fileNameIsOneArgument() {
        const std::string name = at("it's a \"name\" -x");
        write(name, "words here\n");
        const Ended shown =
            sfpbench(args({"--algorithm", "wordcount", "--input", name, "--strategies", "loop", "--workdir", at("work"),
                           "--command-output", "none", "--command",
                           "argv=sh:/usr/bin/printf '%s\\0' {input} > " + at("argv"), "--markdown", at("argv.md")}),
                     dir_.path().toStdString());
        QVERIFY2(shown.code == 0, shown.err.c_str());
        QCOMPARE(slurp(at("argv")), name + std::string(1, '\0'));
        QVERIFY(slurp(at("argv.md")).find("| unchecked |") != std::string::npos);  // its note, --command-output none
    }

    // An experiment file with a command: refused (exit 2, every command named in full, its escape
    // made visible), and the command never ran; with --allow-commands it runs.
    void replayedCommandIsRefused() {
        write(at("t.txt"), "a b\n");
        const std::string marker = at("ran");
        QJsonObject spec{
            {"version", 2},
            {"algorithm", "wordcount"},
            {"inputs", QJsonArray{QString::fromStdString(at("t.txt"))}},
            {"strategies", QJsonArray{"toucher"}},
            {"repetitions", 1},
            {"warmups", 0},
            {"workdir", QString::fromStdString(at("work"))},
            {"commands",
             QJsonArray{QJsonObject{{"name", "toucher"},
                                    {"template", QString::fromStdString("sh:touch " + marker + " # \x1b]0;x\x07")},
                                    {"output", "none"}}}}};
        write(at("spec.json"), QJsonDocument(spec).toJson());
        const Ended refused = sfpbench({"run", at("spec.json")}, dir_.path().toStdString());
        QCOMPARE(refused.code, 2);
        QVERIFY(!QFile::exists(QString::fromStdString(marker)));
        QVERIFY2(refused.err.find("--allow-commands") != std::string::npos, refused.err.c_str());
        QVERIFY2(refused.err.find("toucher: sh:touch " + marker + " # \\x1b]0;x\\x07") != std::string::npos,
                 refused.err.c_str());
        QVERIFY(refused.err.find('\x1b') == std::string::npos);
        const Ended allowed = sfpbench({"run", "--allow-commands", at("spec.json")}, dir_.path().toStdString());
        QVERIFY2(allowed.code == 0, allowed.err.c_str());
        QVERIFY(QFile::exists(QString::fromStdString(marker)));
    }

    // Ctrl-C ends the command (its process group) and keeps the completed runs.
    void ctrlCEndsTheCommand() {
        write(at("c.txt"), "a b\n");
        const std::string pid_file = at("pid");
        Launch l;
        l.args = args({"--algorithm", "wordcount", "--input", at("c.txt"), "--strategies", "loop", "--workdir",
                       at("work"), "--csv", at("c.csv"), "--command",
                       "sleeper=sh:sleep 600 & echo $! > " + pid_file + ".tmp && mv " + pid_file + ".tmp " + pid_file +
                           "; wait"});
        const pid_t pid = start(l, dir_.path().toStdString());
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(QString::fromStdString(pid_file)), 30000);
        QVERIFY(wait_until_it_catches(pid, SIGINT));
        ::kill(pid, SIGINT);
        const Ended e = finish(pid, l, dir_.path().toStdString());
        QCOMPARE(e.code, 130);
        QCOMPARE(statuses_of(runs_of(at("c.csv")), "loop"), std::set<std::string>{"ok"});
        const pid_t sleeper = pid_t(std::stoi(slurp(pid_file)));
        QTRY_VERIFY_WITH_TIMEOUT(::kill(sleeper, 0) != 0 && errno == ESRCH, 10000);
    }
};

QTEST_GUILESS_MAIN(TestCliCommands)
#include "test_cli_commands.moc"
