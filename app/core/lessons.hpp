#pragma once
// Lessons for a class (resources/lessons/<name>/): a question to predict, one or more saved
// experiments, what to look at, what the article found, and the article's reference set.
// Lessons are data compiled in as Qt resources (app/core/CMakeLists.txt globs the folder):
// adding one is adding a folder with lesson.json and its experiment files, no code.
#include <QString>
#include <QStringList>
#include <stdexcept>
#include <vector>

namespace core {

inline const QString kLessonsRoot = QStringLiteral(":/lessons");
inline const QString kReferenceRoot = QStringLiteral(":/reference");

struct LessonError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The plot a lesson opens on, the one that shows its point (lesson.json's "plot"): the kind
// (sfpbench-gui --plot's words), the metric ("elapsed", "throughput", ...), and for Lines the
// slice as --x, --per and --fix take it.
struct LessonView {
    QString kind = QStringLiteral("lines");
    QString metric = QStringLiteral("elapsed");
    QString x, per;
    QStringList fix;
    // The reference set drawn normalised (Imported > Normalise): relative to its fastest cell of
    // each file size, on the relative axis, where its seconds would squash the live lines.
    bool normalise = false;
    // The lesson's runs are the same cells in different cache states ("states_together": true):
    // the Box plot draws the states run so far side by side on one time axis.
    bool states_together = false;
};

struct Lesson {
    QString name;             // the folder: "1-block-size"
    QString title;            // "Block size"
    QString question;         // asked before the run: predict!
    QString look_at;          // after the run: which column, plot or ratio
    QString article_found;    // the article's numbers, cited
    QString scaling;          // how the sizes were scaled down from the article's
    QString reference;        // resource path of the reference set, "" when none
    QStringList experiments;  // resource paths of the specs, run in order
    // The throughput (MB/s of input) assumed for every run in the estimate: the slowest cell's,
    // measured or taken from docs/bench-*.md, then halved; `throughput_source` says which.
    double slowest_mbs = 0;
    QString throughput_source;
    // `sfpbench limits --quick` runs first ("limits_first": true): the lesson is about the share of them.
    bool limits_first = false;
    LessonView view;  // the plot it opens on
};

// A table column the lesson's note names, as notes name them: “% of limit” column of the
// Statistics table (a column with no table named is the Statistics table's).
struct NamedColumn {
    enum Table { statistics, runs } table;
    QString header;
};
std::vector<NamedColumn> named_columns(const Lesson& lesson);

// Every lesson, in name order (the names start with their number). Throws LessonError for a
// lesson file that cannot be read (a build defect: the tests load every one).
std::vector<Lesson> lessons();
// By name ("1-block-size") or number ("1"); throws LessonError listing the names otherwise.
Lesson find_lesson(const QString& name_or_number);

// A conservative run time in seconds: every timed and warm-up run reading its inputs at
// slowest_mbs, plus generating the data at kGenerateMbs and kRunOverheadS per run (cache
// preparation, process start of baselines), and kQuickLimitsS for a lesson that measures the limits first,
// kRoundLimitsS a round for an experiment that measures them in its rounds. Loads and expands the specs (throws on bad
// ones).
inline constexpr double kGenerateMbs = 50;
inline constexpr double kRunOverheadS = 0.05;
inline constexpr double kQuickLimitsS = 5;  // `sfpbench limits --quick`, when a lesson measures them first
inline constexpr double kRoundLimitsS = 2;  // the limits a round needs, quick (about a second here; docs/limits.md)
double estimated_seconds(const Lesson& lesson);

}  // namespace core
