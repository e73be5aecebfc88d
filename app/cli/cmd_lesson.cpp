// sfpbench lesson [NAME [run options]] -- the list, or one lesson: the question to predict, its
// experiments run like `sfpbench run`, then what to look at and what the article found.
#include <algorithm>
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "lessons.hpp"

namespace cli {
namespace {

// `text` wrapped at 78 columns, every line after the first indented like the first's label.
void print_wrapped(const QString& label, const QString& text) {
    const QString indent(label.size(), ' ');
    QString line = label;
    for (const QString& word : text.split(' ', Qt::SkipEmptyParts)) {
        if (line.size() > indent.size() && line.size() + 1 + word.size() > 78) {
            std::printf("%s\n", line.toUtf8().constData());
            line = indent;
        }
        line += (line.size() > indent.size() ? " " : "") + word;
    }
    std::printf("%s\n", line.toUtf8().constData());
}

int list_lessons() {
    for (const core::Lesson& l : core::lessons())
        std::printf("%-20s %s (about %.0f s here at most)\n", l.name.toUtf8().constData(), l.title.toUtf8().constData(),
                    core::estimated_seconds(l));
    std::printf("\n`sfpbench lesson NAME` (or its number) asks its question, runs it and says what to look at.\n");
    return exit_ok;
}

}  // namespace

int cmd_lesson(const QStringList& args) {
    if (args.isEmpty()) return list_lessons();
    if (args[0].startsWith('-')) {  // only --help: a lesson's own options follow its name
        CommandLine p;
        p.setApplicationDescription(
            "Lessons for a class, one per article: a question to predict, a scaled-down experiment\n"
            "(at most about a minute on a 2-core laptop), then what to look at and what the article\n"
            "found, with the command that compares your run to the article's numbers.\n"
            "Without NAME: the list. Options after NAME go to `sfpbench run` (e.g. --json FILE).");
        p.addPositionalArgument("NAME", "a lesson's name or number", "[NAME [run options]]");
        if (!parse_or_help(p, "lesson", args)) return exit_ok;
        throw UsageError{"the lesson's name comes first: sfpbench lesson NAME [run options]"};
    }
    core::Lesson lesson;
    try {
        lesson = core::find_lesson(args[0]);
    } catch (const core::LessonError& e) {
        throw UsageError{e.what()};
    }
    const QStringList run_options = args.mid(1);
    if (!run_options.isEmpty() && lesson.experiments.size() > 1)  // one --json FILE would be overwritten
        throw UsageError{QString("lesson %1 runs %2 experiments: give run options to `sfpbench run` on its files")
                             .arg(lesson.name, QString::number(lesson.experiments.size()))};

    std::printf("Lesson %s: %s\n\n", lesson.name.toUtf8().constData(), lesson.title.toUtf8().constData());
    print_wrapped("Predict first: ", lesson.question);
    print_wrapped("Scaled down:   ", lesson.scaling);
    std::printf("Estimated:     at most %.0f s\n", core::estimated_seconds(lesson));
    int code = exit_ok;
    if (lesson.limits_first) {
        std::printf("\n== limits --quick\n");
        flush_stdout();
        code = cmd_limits(QStringList{"--quick"});
        if (code == exit_cancelled) return code;
    }
    for (const QString& spec : lesson.experiments) {
        std::printf("\n== %s\n", spec.section('/', -1).toUtf8().constData());
        flush_stdout();
        code = std::max(code, cmd_run(QStringList{spec} + run_options));
        if (code == exit_cancelled) return code;
    }
    std::printf("\n");
    print_wrapped("Look at:       ", lesson.look_at);
    print_wrapped("The article:   ", lesson.article_found);
    if (!lesson.reference.isEmpty())
        print_wrapped(
            "Compare:       ",
            QString("sfpbench diff YOUR-REPORT.json %1 (run with --json YOUR-REPORT.json)").arg(lesson.reference));
    return code;
}

}  // namespace cli
