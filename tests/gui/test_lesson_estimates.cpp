// Issue 24 sections 3 and 6: every lesson's estimate before Run within 2x of what it takes, and
// its ETA within 1.5x from a fifth of its runs on, on a fake clock (fake_machine.hpp); the same
// for the 84-cell matrix and a 256M cold compare, which the issue found 2x and 4x off. The
// machine first ran each lesson's experiment at a quarter of its sizes with one repetition and
// two warm-ups (a teacher's rehearsal); the estimate learns from those reports only, then meets
// the lesson as it is and with three warm-ups. The truth is what the machine takes for the runs
// the runner performs: every cell's timed runs and warm-ups in the runner's order, the time
// around each run per input kind and cache, a cold tree per file, and the data generated first.
// And each lesson cell has a first guess of its own (resources/estimates/first-guesses.json).
#include <QtTest>

#include "default_experiment.hpp"
#include "eta.hpp"
#include "experiment_file.hpp"
#include "fake_machine.hpp"
#include "lessons.hpp"
#include "run_estimate.hpp"

using namespace gui;
using fake::ratio;

namespace {

struct LessonExperiment {
    QString name;  // "6-file-order/experiment.json"
    sfp::Experiment experiment;
};

// Every lesson's experiments, and those the issue found estimated 2-4x off (the 84-cell matrix
// of docs/large-experiment.json, the default experiment at 256M cold), with their data in
// `workdir` (none generated yet).
std::vector<LessonExperiment> lesson_experiments(const QString& workdir) {
    std::vector<LessonExperiment> out;
    for (const core::Lesson& lesson : core::lessons())
        for (const QString& path : lesson.experiments)
            out.push_back({path.section('/', -2), core::load_experiment(path)});
    out.push_back(
        {QStringLiteral("docs/large-experiment.json"), core::load_experiment(QStringLiteral(LARGE_EXPERIMENT))});
    sfp::Experiment cold = default_experiment();
    cold.sizes = {256u << 20};
    cold.cache = sfp::CacheMode::cold;
    out.push_back({QStringLiteral("the default experiment at 256M cold"), cold});
    for (LessonExperiment& l : out) l.experiment.workdir = workdir.toStdString();
    return out;
}

// The rehearsal: a quarter of the sizes (at least 1 MiB), one repetition, two warm-ups.
sfp::Experiment rehearsal(sfp::Experiment e) {
    for (std::uint64_t& size : e.sizes) size = std::max<std::uint64_t>(size / 4, 1 << 20);
    e.repetitions = 1;
    e.warmups = 2;
    return e;
}

// What the window learns from the rehearsals: each leaves its report, wall time and the time
// before its first run.
RateBook learned_from_rehearsals(const std::vector<LessonExperiment>& lessons, const fake::Machine& m) {
    RateBook book;
    for (const LessonExperiment& l : lessons) {
        const sfp::Experiment r = rehearsal(l.experiment);
        const Work w = work_of(r);
        const fake::Simulated s = fake::simulate(r, w, m);
        book.learn(s.report, w, s.wall, s.began);
    }
    return RateBook::fromVariant(book.toVariant());  // as saved between sessions
}

}  // namespace

class TestLessonEstimates : public QObject {
    Q_OBJECT
private slots:
    void everyLessonWithin2xOfWhatItTakes_data() {
        QTest::addColumn<unsigned>("warmups");  // 0: the lesson's own
        QTest::newRow("as the lesson has it") << 0u;
        QTest::newRow("three warm-ups") << 3u;
    }
    void everyLessonWithin2xOfWhatItTakes() {
        QFETCH(unsigned, warmups);
        QTemporaryDir rehearsed, fresh;  // the lessons' data: none generated in either
        const fake::Machine m;
        const RateBook book = learned_from_rehearsals(lesson_experiments(rehearsed.path()), m);
        const std::vector<LessonExperiment> lessons = lesson_experiments(fresh.path());
        QVERIFY(lessons.size() >= 11);
        for (const LessonExperiment& l : lessons) {
            sfp::Experiment e = l.experiment;
            if (warmups) e.warmups = warmups;
            const Work w = work_of(e);
            QVERIFY2(w.generate_units > 0, qPrintable(l.name));  // its data are generated first, and counted
            const double truth = fake::simulate(e, w, m).wall;
            const Estimate said = estimate(e, w, book);
            QVERIFY2(said.guessed_cells == 0 && !said.guessed_around, qPrintable(l.name + ": " + estimate_text(said)));
            QVERIFY2(
                ratio(said.seconds, truth) < 2,
                qPrintable(QStringLiteral("%1: estimated %2 s, takes %3 s").arg(l.name).arg(said.seconds).arg(truth)));
        }
    }

    // During each lesson's run: from 20 % of the runs to 90 %, the ETA is within 1.5x of the
    // time really left (the machine's clock when each run ends, fed to the ETA as the window does).
    void everyLessonsEtaWithin1_5xAfterAFifth() {
        QTemporaryDir rehearsed, fresh;
        const fake::Machine m;
        const RateBook book = learned_from_rehearsals(lesson_experiments(rehearsed.path()), m);
        for (const LessonExperiment& l : lesson_experiments(fresh.path())) {
            const sfp::Experiment& e = l.experiment;
            const Work w = work_of(e);
            const fake::Simulated s = fake::simulate(e, w, m);
            Eta eta(estimate(e, w, book), e.warmups);
            eta.runsBegan(s.began);
            for (std::size_t k = 0; k < s.report.runs.size(); ++k) {
                eta.runFinished(s.report.runs[k].cell);
                const double done = double(k + 1) / double(s.report.runs.size());
                if (done < 0.2 || done > 0.9) continue;
                const std::optional<double> left = eta.secondsLeft(s.ended[k]);
                QVERIFY(left);
                const double really = s.wall - s.ended[k];
                QVERIFY2(ratio(*left, really) <= 1.5,
                         qPrintable(QStringLiteral("%1 after %2 runs: ETA %3 s, really %4 s")
                                        .arg(l.name)
                                        .arg(k + 1)
                                        .arg(*left)
                                        .arg(really)));
            }
        }
    }

    // Before this machine has run anything: every cell's rate (of a lesson, the matrix, the
    // default experiment) is a first guess measured for that cell (its strategy and parameters,
    // bench/estimate-guesses.sh), not only for its strategy or the constant guesses -- a lesson
    // added or changed without regenerating the guesses fails here.
    void everyLessonCellHasAFirstGuessOfItsOwn() {
        QTemporaryDir work;
        const RateBook& first = RateBook::firstGuesses();
        QVERIFY(!first.empty());
        for (const LessonExperiment& l : lesson_experiments(work.path())) {
            const sfp::Experiment& e = l.experiment;
            for (const sfp::Cell& cell : sfp::expand(e)) {
                const std::string label = sfp::parameters_label(cell);  // the key the window learns a cell by
                QVERIFY2(
                    first.unitsPerSecond(e.algorithm, label, e.cache),
                    qPrintable(QStringLiteral("%1: no first guess for %2").arg(l.name, QString::fromStdString(label))));
            }
        }
    }
};

QTEST_MAIN(TestLessonEstimates)
#include "test_lesson_estimates.moc"
