// The registry's seams refuse what would make it inconsistent (sfp/registry.hpp): an algorithm
// named twice, a strategy of no algorithm, a strategy named twice, a unit whose default is none
// of its strategies or that lists another algorithm's, a strategy reading a parameter its
// algorithm's table lacks or does not sweep, anything added once the registry is in use. The
// registry is one per process and sealed at its first use, so each case runs in a child process
// of its own; the child writes what was thrown and the parent compares it.
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>
#include <functional>
#include <stdexcept>
#include <string>

#include "sfp/algorithm_io.hpp"
#include "sfp/registry.hpp"

namespace {

sfp::Support yes() { return sfp::Support::yes(); }
sfp::Outcome nothing(const sfp::RunSpec&, sfp::RunContext&) { return {}; }

constexpr sfp::Strategy kWalk{
    .algorithm = "twin", .name = "walk", .description = "a strategy", .probe = yes, .run = nothing};
constexpr sfp::Strategy kStray{
    .algorithm = "compare", .name = "stray", .description = "another's", .probe = yes, .run = nothing};
// Parameters compare's table lacks (wordcount's packing) or has but does not sweep.
constexpr std::string_view kOthersParameter[] = {"block_size", "packing"};
constexpr std::string_view kAnOption[] = {"max_mismatches"};
constexpr sfp::Strategy kReadsOthers{.algorithm = "compare",
                                     .name = "odd",
                                     .description = "a strategy",
                                     .reads = kOthersParameter,
                                     .probe = yes,
                                     .run = nothing};
constexpr sfp::Strategy kReadsAnOption{.algorithm = "compare",
                                       .name = "odd",
                                       .description = "a strategy",
                                       .reads = kAnOption,
                                       .probe = yes,
                                       .run = nothing};
constexpr sfp::Strategy kWalks[] = {kWalk};
constexpr sfp::Strategy kStrays[] = {kStray};

// The message `scenario` throws as std::logic_error in a fresh process, "" when nothing is thrown.
std::string thrown_by(const std::function<void()>& scenario) {
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) return "pipe failed";
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(pipe_fds[0]);
        std::string message;
        try {
            scenario();
        } catch (const std::logic_error& e) {
            message = e.what();
        }
        (void)!::write(pipe_fds[1], message.data(), message.size());
        ::_exit(0);
    }
    ::close(pipe_fds[1]);
    std::string message;
    char buf[512];
    for (ssize_t n; (n = ::read(pipe_fds[0], buf, sizeof buf)) > 0;) message.append(buf, std::size_t(n));
    ::close(pipe_fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? message : "the child crashed";
}

sfp::AlgorithmIo unit(std::string_view name, std::span<const sfp::Strategy> strategies, std::string_view fallback) {
    sfp::AlgorithmIo io;
    io.algorithm = name;
    io.data_kind = "text";
    io.strategies = strategies;
    io.default_strategy = fallback;
    return io;
}

}  // namespace

class TestRegistryErrors : public QObject {
    Q_OBJECT
private slots:
    void refusesWhatWouldMakeItInconsistent_data() {
        QTest::addColumn<std::function<void()>>("scenario");
        QTest::addColumn<QString>("expected");
        QTest::newRow("an algorithm twice")
            << std::function<void()>([] { sfp::add_algorithm(unit("compare", kWalks, "walk")); })
            << "algorithm 'compare' exists already";
        QTest::newRow("a strategy of no algorithm") << std::function<void()>([] { sfp::add_strategy(kWalk); })
                                                    << "strategy 'twin/walk' is of no known algorithm";
        QTest::newRow("a strategy twice") << std::function<void()>([] {
            sfp::add_algorithm(unit("twin", kWalks, "walk"));
            sfp::add_strategy(kWalk);
            sfp::strategies();  // checked at the first use
        }) << "strategy 'twin/walk' is registered twice";
        QTest::newRow("a default that is no strategy") << std::function<void()>([] {
            sfp::add_algorithm(unit("twin", kWalks, "run"));
            sfp::algorithms();
        }) << "algorithm 'twin': its default strategy 'run' is not one of its strategies";
        QTest::newRow("another algorithm's strategy") << std::function<void()>([] {
            sfp::add_algorithm(unit("twin", kStrays, "stray"));
            sfp::strategies();
        }) << "strategy 'stray' is listed by algorithm 'twin'";
        QTest::newRow("reads no parameter of its algorithm") << std::function<void()>([] {
            sfp::add_strategy(kReadsOthers);
            sfp::strategies();
        }) << "strategy 'compare/odd' reads 'packing', which is no parameter of compare";
        QTest::newRow("reads a parameter not swept") << std::function<void()>([] {
            sfp::add_strategy(kReadsAnOption);
            sfp::strategies();
        }) << "strategy 'compare/odd' reads 'max_mismatches', which compare does not sweep";
        QTest::newRow("added once in use") << std::function<void()>([] {
            sfp::strategies();
            sfp::add_algorithm(unit("twin", kWalks, "walk"));
        }) << "algorithm 'twin' is added after the registry is in use";
        QTest::newRow("a strategy once in use") << std::function<void()>([] {
            sfp::strategies();
            sfp::add_strategy(kStray);
        }) << "strategy 'compare/stray' is added after the registry is in use";
        QTest::newRow("a well-formed unit") << std::function<void()>([] {
            sfp::add_algorithm(unit("twin", kWalks, "walk"));
            if (sfp::strategies_of("twin").size() != 1) throw std::logic_error("twin has no strategy");
        }) << "";
    }
    void refusesWhatWouldMakeItInconsistent() {
        QFETCH(std::function<void()>, scenario);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(thrown_by(scenario)), expected);
    }
};

QTEST_GUILESS_MAIN(TestRegistryErrors)
#include "test_registry_errors.moc"
