// wordcount's `wc` lines against the real `LC_ALL=C wc` on the same files: GNU's column width is
// the digits of the files' total size, so it is checked where that total is 9, 10, 99, 100, ...
// (one digit more at each power of ten, as GNU's own suite does), between them, and where only
// the total of several files reaches the power of ten.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "sfp/wordcount.hpp"
#include "support/temp_files.hpp"
#include "support/wordcount_reference.hpp"

using testing::Bytes;

Q_DECLARE_METATYPE(std::vector<std::size_t>)

class TestWordcountFormat : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        if (QProcess::execute("bash", {"-c", "command -v wc >/dev/null"}) != 0)
            QSKIP("wc (coreutils) is not installed");
    }

    void widthsAsWcPrintsThem_data() {
        QTest::addColumn<std::vector<std::size_t>>("sizes");
        for (std::size_t total : {1ul, 9ul, 10ul, 11ul, 55ul, 99ul, 100ul, 101ul, 999ul, 1000ul, 12345ul, 99999ul,
                                  100000ul, 999999ul, 1000000ul})
            QTest::addRow("one file of %zu", total) << std::vector<std::size_t>{total};
        QTest::newRow("4 + 5 = 9") << std::vector<std::size_t>{4, 5};
        QTest::newRow("5 + 5 = 10") << std::vector<std::size_t>{5, 5};
        QTest::newRow("0 + 10 = 10") << std::vector<std::size_t>{0, 10};
        QTest::newRow("1 + 98 = 99") << std::vector<std::size_t>{1, 98};
        QTest::newRow("1 + 99 = 100") << std::vector<std::size_t>{1, 99};
        QTest::newRow("999 + 1 = 1000") << std::vector<std::size_t>{999, 1};
        QTest::newRow("3 x 3333 + 1 = 10000") << std::vector<std::size_t>{3333, 3333, 3333, 1};
    }
    void widthsAsWcPrintsThem() {
        QFETCH(std::vector<std::size_t>, sizes);
        const std::string line = "one two three\nfour five\n";
        sfp::WordCountOutcome outcome;
        std::vector<std::string> names;
        QStringList args;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            Bytes text;
            while (text.size() < sizes[i]) text.push_back(std::uint8_t(line[text.size() % line.size()]));
            names.push_back((dir_.path() + "/f" + QString::number(i)).toStdString());
            testing::write_file(names.back(), text);
            outcome.files.push_back(testing::wordcount_reference(text, {}, false));
            args << QString::fromStdString(names.back());
        }
        QProcess wc;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("LC_ALL", "C");
        wc.setProcessEnvironment(env);
        wc.start("wc", args);
        QVERIFY(wc.waitForFinished(30000));
        QCOMPARE(wc.exitCode(), 0);
        QCOMPARE(QString::fromStdString(sfp::format_wc_lines(outcome, names)),
                 QString::fromUtf8(wc.readAllStandardOutput()));
    }
};

QTEST_GUILESS_MAIN(TestWordcountFormat)
#include "test_wordcount_format.moc"
