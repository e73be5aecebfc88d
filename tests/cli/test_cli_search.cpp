// `sfpbench search` prints exactly what `LC_ALL=C grep -F -o -b -a -- PATTERN FILE... | head -N`
// prints, and counts what `grep -F -o -a | wc -l` counts, with every strategy (the registry's, as
// `sfpbench strategies` lists them), on text files Debian installs and on generated text with
// needles across boundaries; exit 0 found, 1 none, 2 trouble with one line saying why.
#include <QDir>
#include <QtTest>

#include "support/cli_process.hpp"

namespace {

using testing::licenses;
using testing::Output;
using testing::sfpbench;

// What grep prints for the first `n` matches (0: all).
QByteArray grep(const QString& pattern, const QStringList& files, int n) {
    const Output o =
        testing::run("grep", QStringList{"-F", "-o", "-b", "-a", "--", pattern} + files, {.env = {"LC_ALL=C"}});
    QByteArray out;
    int lines = 0;
    for (const QByteArray& line : o.out.split('\n'))
        if (!line.isEmpty() && (n == 0 || lines++ < n)) out += line + '\n';
    return out;
}

QStringList strategies() {
    QStringList out;
    for (const QByteArray& line : sfpbench({"strategies"}).out.split('\n'))
        if (line.startsWith("search ")) out << QString(line.simplified().split(' ').value(1));
    return out;
}

// The strategies that search for a fixed string (the regex strategy refuses one, saying so).
QStringList fixed_strategies() {
    QStringList out;
    for (const QString& s : strategies())
        if (!sfpbench({"search", "--strategy", s, "x", licenses().first()}).err.contains("regular expressions only"))
            out << s;
    return out;
}

}  // namespace

class TestCliSearch : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        if (licenses().isEmpty()) QSKIP("/usr/share/common-licenses is empty");
        QVERIFY2(fixed_strategies().size() >= 8, qPrintable(fixed_strategies().join(' ')));
        QVERIFY2(fixed_strategies().size() < strategies().size(), "the regex strategy takes no fixed string");
    }

    void printsExactlyWhatGrepPrints_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QStringList>("flags");
        for (const QString& s : fixed_strategies()) {
            QTest::newRow(qPrintable(s)) << s << QStringList{};
            QTest::newRow(qPrintable(s + " tiny blocks")) << s << QStringList{"--block", "7", "--threads", "3"};
        }
    }
    void printsExactlyWhatGrepPrints() {
        QFETCH(QString, strategy);
        QFETCH(QStringList, flags);
        const QStringList all = licenses();
        for (const QStringList& files : {QStringList{all.first()}, all})
            for (const QString pattern : {"GNU", "the", "ee", ", ", "Licens"})
                for (int n : {8, 3}) {
                    const Output got =
                        sfpbench(QStringList{"search", pattern} + files +
                                 QStringList{"--strategy", strategy, "--max-matches", QString::number(n)} + flags);
                    const QByteArray want = grep(pattern, files, n);
                    QVERIFY2(got.code == (want.isEmpty() ? 1 : 0), got.err.constData());  // grep's exit status
                    QCOMPARE(got.out, want);
                }
    }

    // --count: each file's matches, "N" for one, "NAME:N" for several, as grep -o | wc -l counts.
    void countsWhatGrepFinds() {
        const QStringList all = licenses();
        for (const QString& s : fixed_strategies()) {
            const Output got = sfpbench(QStringList{"search", "--count", "--strategy", s, "ee"} + all);
            QVERIFY2(got.code == 0, got.err.constData());
            QByteArray want;
            for (const QString& f : all)
                want += f.toUtf8() + ":" + QByteArray::number(grep("ee", {f}, 0).count('\n')) + "\n";
            QCOMPARE(got.out, want);
            const Output one = sfpbench({"search", "--count", "--strategy", s, "ee", all.first()});
            QCOMPARE(one.out, QByteArray::number(grep("ee", {all.first()}, 0).count('\n')) + "\n");
        }
    }

    // Generated text with the needle at the first byte, across the middle and at the end, then
    // a common word counted: the same as grep on 3 MB, with stripes of 4K and 2 threads.
    void generatedNeedlesAsGrep() {
        const QString text = dir_.path() + "/needles.txt";
        const Output g =
            sfpbench({"generate", "needles", text, "--size", "3000001", "--needle-at", "0,4095,middle,last"});
        QVERIFY2(g.code == 0, g.err.constData());
        for (const QString& s : fixed_strategies()) {
            const Output got = sfpbench({"search", "sfpbench-needle", text, "--strategy", s, "--block", "4K"});
            QVERIFY2(got.code == 0, got.err.constData());
            QCOMPARE(got.out, grep("sfpbench-needle", {text}, 8));
            QCOMPARE(got.out.count('\n'), 4);
        }
    }

    // --regex: what `grep -P -b -a [-o]` prints, lines or matches, and `grep -P -c` (lines) counts;
    // a fixed-string strategy refuses it, saying so.
    void regexAsGrepP() {
        const QStringList all = licenses();
        int ran = 0;
        for (const QString& s : strategies())
            for (const QString pattern : {"Lic[a-z]+", "^$", "[0-9]{2,}", "(?i)gnu"})
                for (bool only : {false, true}) {
                    QStringList args{"search", "--regex", "--strategy", s, pattern};
                    if (only) args << "--only-matching";
                    const Output got = sfpbench(args + all);
                    if (got.code == 2) {
                        QVERIFY2(got.err.contains("fixed strings only"), got.err.constData());
                        continue;
                    }
                    ++ran;
                    QStringList grep_args{"-P", "-b", "-a", "--", pattern};
                    if (only) grep_args.insert(0, "-o");
                    QByteArray want;
                    int lines = 0;
                    for (const QByteArray& line :
                         testing::run("grep", grep_args + all, {.env = {"LC_ALL=C"}}).out.split('\n'))
                        if (!line.isEmpty() && lines++ < 8) want += line + '\n';
                    QCOMPARE(got.out, want);
                    QCOMPARE(got.code, want.isEmpty() ? 1 : 0);
                }
        QVERIFY2(ran >= 4 * 2 * 3, "auto, regex and grep at least");
        const Output counted = sfpbench({"search", "--regex", "--count", "^$", all.first()});
        const Output grep_c = testing::run("grep", {"-P", "-c", "--", "^$", all.first()}, {.env = {"LC_ALL=C"}});
        QCOMPARE(counted.out, grep_c.out);
        const Output bad = sfpbench({"search", "--regex", "fo(o", all.first()});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("not a regular expression"), bad.err.constData());
    }

    // `run` with no strategies named writes out those that take the options: a fixed pattern
    // leaves out the regex strategy (no run of it reported unsupported), a regex the fixed ones.
    void runNamesTheStrategiesThatTakeThePattern() {
        const Output fixed = sfpbench({"run", "--algorithm", "search", "--sizes", "4K", "--print-spec"});
        QVERIFY2(fixed.code == 0, fixed.err.constData());
        QVERIFY2(fixed.out.contains("\"simd\"") && !fixed.out.contains("\"regex\""), fixed.out.constData());
        const Output regex = sfpbench({"run", "--algorithm", "search", "--sizes", "4K", "--option", "regex=true",
                                       "--option", "pattern=n+e", "--print-spec"});
        QVERIFY2(regex.code == 0, regex.err.constData());
        QVERIFY2(regex.out.contains("\"regex\"") && !regex.out.contains("\"simd\""), regex.out.constData());
    }

    void exitStatusAsGrep() {
        const QString file = licenses().first();
        QCOMPARE(sfpbench({"search", "License", file}).code, 0);
        const Output none = sfpbench({"search", "no such words here", file});
        QCOMPARE(none.code, 1);
        QCOMPARE(none.out, QByteArray());
        struct Bad {
            QStringList args;
            const char* says;
        };
        const QList<Bad> bad = {{{"search", "", file}, "empty pattern"},
                                {{"search", "a\nb", file}, "newline"},
                                {{"search", "GNU", file, dir_.path() + "/missing"}, "missing"},
                                {{"search", "GNU", dir_.path()}, "directory"},
                                {{"search", "GNU"}, "needs a pattern and at least one file"},
                                {{"search", "--pattern", "x", "GNU", file}, "not also as --pattern"}};
        for (const Bad& b : bad) {
            const Output o = sfpbench(b.args);
            QCOMPARE(o.code, 2);
            QCOMPARE(o.out, QByteArray());
            QVERIFY2(o.err.contains(b.says), o.err.constData());
            QCOMPARE(o.err.count('\n'), 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestCliSearch)
#include "test_cli_search.moc"
