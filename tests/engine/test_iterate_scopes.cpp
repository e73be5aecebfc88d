// iterate's scope around the read buffer (256K for the hasher and for uring's and direct's reads):
// every strategy, scopes of 1 byte, a buffer less one, a buffer, a buffer and one, several buffers
// and a tail, and whole files, against the system's `head -c SCOPE FILE | xxhsum -H3` per file.
// The files are larger than, exactly, and one byte over a buffer, so a read that asks for the
// whole scope instead of what is left of it hashes bytes past the scope.
#include <QDir>
#include <xxhash.h>

#include <QProcess>
#include <fstream>
#include <iterator>
#include <QTemporaryDir>
#include <QtTest>
#include <map>

#include "support/iterate_reference.hpp"
#include "support/watchdog.hpp"

using namespace testing;  // the helpers of support/iterate_reference.hpp

namespace {

constexpr std::uint64_t kBuffer = 256 * 1024;

// The scopes every strategy is checked at, by name.
const std::vector<std::pair<const char*, std::uint64_t>>& scopes() {
    static const std::vector<std::pair<const char*, std::uint64_t>> all = {{"1 byte", 1},
                                                                           {"buffer - 1", kBuffer - 1},
                                                                           {"buffer", kBuffer},
                                                                           {"buffer + 1", kBuffer + 1},
                                                                           {"3 buffers and a tail", 3 * kBuffer + 777},
                                                                           {"full", kFull}};
    return all;
}

// XXH3 of the first `scope` bytes of `path` (all of it for kFull) by the system's tools. Under
// ThreadSanitizer, which cannot start threads after a fork made once Qt's process thread runs, by
// libxxhash over the bytes read plainly here instead.
std::uint64_t system_hash(const std::string& path, std::uint64_t scope) {
#if defined(__SANITIZE_THREAD__)
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (scope != kFull && bytes.size() > scope) bytes.resize(std::size_t(scope));
    return XXH3_64bits(bytes.data(), bytes.size());
#endif
    QProcess p;
    const QString head = scope == kFull ? "cat" : QString("head -c %1").arg(scope);
    p.start("bash", {"-c", head + " \"$1\" | xxhsum -H3", "hash", QString::fromStdString(path)});
    p.waitForFinished(60000);
    // "XXH3 (stdin) = fafbf588ad02d1ff"
    const QString out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    bool ok = false;
    const std::uint64_t hash = out.section(" = ", 1).toULongLong(&ok, 16);
    return ok && p.exitCode() == 0 ? hash : 0;
}

}  // namespace

class TestIterateScopes : public QObject {
    Q_OBJECT
    testing::Watchdog watchdog_{std::chrono::seconds(120)};
    // In the build tree, not /tmp: a tmpfs there would refuse direct's O_DIRECT.
    QTemporaryDir dir_{QDir::currentPath() + "/iterate-scopes-XXXXXX"};
    std::string root_;
    std::vector<std::string> files_;
    // scope -> file -> the system's hash, taken before any strategy starts a thread: a process
    // forked after threads ran is not supported under ThreadSanitizer.
    std::map<std::uint64_t, std::map<std::string, std::uint64_t>> system_;

private slots:
    void init() { watchdog_.started(QTest::currentTestFunction()); }

    void initTestCase() {
#if !defined(__SANITIZE_THREAD__)
        if (QProcess::execute("bash", {"-c", "command -v xxhsum >/dev/null"}) != 0)
            QSKIP("xxhsum (Debian's xxhash) is not installed");
#endif
        QVERIFY(dir_.isValid());
        root_ = dir_.path().toStdString();
        const std::map<std::string, std::uint64_t> sizes = {{"/several buffers and a tail", 4 * kBuffer + 1000},
                                                            {"/a buffer", kBuffer},
                                                            {"/a buffer and one", kBuffer + 1},
                                                            {"/small", 100}};
        std::uint32_t seed = 7;
        for (const auto& [name, size] : sizes) {
            write(root_ + name, std::size_t(size), seed++);
            files_.push_back(root_ + name);
        }
        for (const auto& [name, scope] : scopes())
            for (const std::string& f : files_) system_[scope][f] = system_hash(f, scope);
    }

    void everyStrategyHashesTheScopeAsHeadDoes_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<qulonglong>("scope");
        for (const std::string& s : strategy_names())
            for (const auto& [name, scope] : scopes())
                if (s != "xxhsum" || scope == kFull)  // xxhsum hashes whole files only
                    QTest::newRow((s + ", " + name).c_str()) << QString::fromStdString(s) << qulonglong(scope);
    }
    void everyStrategyHashesTheScopeAsHeadDoes() {
        QFETCH(QString, strategy);
        QFETCH(qulonglong, scope);
        if (!sfp::find_strategy("iterate", strategy.toStdString())->support().supported) QSKIP("not supported here");
        const std::map<std::string, std::uint64_t>& want = system_.at(scope);
        std::uint64_t bytes = 0;
        for (const std::string& f : files_) bytes += std::min<std::uint64_t>(std::filesystem::file_size(f), scope);
        const std::string scope_text = scope == kFull ? "full" : std::to_string(scope);
        const sfp::RunResult r = iterate(strategy.toStdString(), {root_}, scope_text, true);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const sfp::IterateOutcome& o = outcome(r);
        std::map<std::string, std::uint64_t> got;
        for (const sfp::FileHash& f : o.files) got[f.path] = f.hash;
        for (const auto& [path, hash] : want)
            QVERIFY2(
                got.count(path) && got[path] == hash,
                qPrintable(
                    QString("%1: %2, head | xxhsum %3").arg(path.c_str()).arg(got[path], 16, 16).arg(hash, 16, 16)));
        QCOMPARE(got.size(), want.size());
        QCOMPARE(o.bytes, bytes);
    }
};

QTEST_GUILESS_MAIN(TestIterateScopes)
#include "test_iterate_scopes.moc"
