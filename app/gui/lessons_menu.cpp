#include "lessons_menu.hpp"

#include <QMessageBox>
#include <QPushButton>
#include <QTimer>

#include "experiment_file.hpp"
#include "lesson_notes.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "plot_panel.hpp"

namespace gui {

LessonsMenu::LessonsMenu(std::function<bool(const QString&)> open_experiment, OverlaySets* sets, MessageArea* messages,
                         PlotPanel* plot, QWidget* parent)
    : QMenu(tr("&Lessons"), parent), open_experiment_(std::move(open_experiment)), sets_(sets), messages_(messages),
      plot_(plot) {
    for (const core::Lesson& lesson : core::lessons()) {
        const QString title = lesson.name.section('-', 0, 0) + ". " + lesson.title;
        // A lesson of several runs (hot, then cold): one entry per run in a submenu.
        QMenu* menu = lesson.experiments.size() > 1 ? addMenu(title) : this;
        for (qsizetype i = 0; i < lesson.experiments.size(); ++i) {
            const QString name = lesson.experiments.size() > 1 ? experimentTitle(lesson.experiments[i], i) : title;
            menu->addAction(name, this, [this, lesson, i] {
                QMessageBox box(QMessageBox::Question, tr("Lesson: %1").arg(lesson.title), prompt(lesson),
                                QMessageBox::Ok | QMessageBox::Cancel, parentWidget());
                box.button(QMessageBox::Ok)->setText(tr("I have my prediction: load it"));
                if (parentWidget()) box.setFont(parentWidget()->font());  // presentation mode's size too
                if (box.exec() == QMessageBox::Ok) open(lesson, i);
            });
        }
    }
}

QString LessonsMenu::prompt(const core::Lesson& lesson) {
    return tr("<p><b>Predict first:</b> %1</p><p><i>Scaled down:</i> %2 (about %3 s at most)</p>"
              "<p>Write your prediction down, then load the lesson and press Run.</p>")
        .arg(lesson.question.toHtmlEscaped(), lesson.scaling.toHtmlEscaped(),
             QString::number(core::estimated_seconds(lesson), 'f', 0));
}

QString LessonsMenu::experimentTitle(const QString& path, qsizetype index) {
    sfp::CacheMode cache = sfp::CacheMode::hot;
    try {
        cache = core::load_experiment(path).cache;
    } catch (const std::exception&) {
        return path.section('/', -1);  // a build defect the lesson tests catch: its file name then
    }
    const QString what = cache == sfp::CacheMode::cold          ? tr("cold cache: evicted, read from the device")
                         : cache == sfp::CacheMode::hot_written ? tr("hot cache: in memory, as written")
                                                                : tr("hot cache: in memory, as read back");
    return QStringLiteral("%1. %2").arg(index + 1).arg(what);
}

bool LessonsMenu::open(const core::Lesson& lesson, qsizetype experiment) {
    const QString path = lesson.experiments.value(experiment);
    if (!open_experiment_(path)) return false;  // the window said why
    try {
        if (!lesson.reference.isEmpty()) sets_->addLesson(lesson.reference);
        sets_->setNormalised(lesson.view.normalise);  // the lesson says how its reference compares
        if (const QString why = plot_->showLessonView(lesson.view, core::load_experiment(path)); !why.isEmpty())
            throw std::runtime_error(QStringLiteral("lesson %1's plot: %2").arg(lesson.name, why).toStdString());
    } catch (const std::exception& e) {
        messages_->showError(QString::fromUtf8(e.what()));
        return false;
    }
    if (runs_of_ != lesson.name) runs_.clear(), runs_of_ = lesson.name;
    current_ = lesson;
    step_ = experiment;
    showStates();
    messages_->showLesson(note(lesson));
    emit namedColumns(core::named_columns(lesson));
    return true;
}

bool LessonsMenu::runNext(const sfp::ExperimentReport& report, std::function<bool()> run,
                          std::function<void()> failed) {
    if (!current_ || report.cancelled || step_ + 1 >= current_->experiments.size()) return false;
    QTimer::singleShot(0, this,
                       [this, lesson = *current_, next = step_ + 1, run = std::move(run), failed = std::move(failed)] {
                           if (!open(lesson, next) || !run()) failed();
                       });
    return true;
}

void LessonsMenu::leave() {
    if (!current_) return;
    const bool states = current_->view.states_together;
    current_.reset();
    if (states) plot_->setOtherStates({});
    emit namedColumns({});
}

void LessonsMenu::showStates() {
    if (!current_ || !current_->view.states_together) return;
    std::vector<sfp::ExperimentReport> states;
    for (const auto& [cache, report] : runs_) states.push_back(report);
    plot_->setOtherStates(std::move(states));  // the panel leaves out the one it shows itself
}

QString LessonsMenu::note(const core::Lesson& lesson) const {
    const QString more =
        lesson.experiments.size() > 1 ? tr(" The lesson's other runs are in its Lessons submenu.") : QString();
    // A title that ends a sentence itself ("How close to the limit?") takes no second stop.
    const QString stop = lesson.title.endsWith('?') || lesson.title.endsWith('.') ? QString() : QStringLiteral(".");
    QString text = tr("Lesson loaded: %1%2 After the run, look at: %3 The article: %4%5")
                       .arg(lesson.title, stop, lesson.look_at, lesson.article_found, more);
    const auto hot = runs_.find(sfp::CacheMode::hot), cold = runs_.find(sfp::CacheMode::cold);
    if (hot != runs_.end() && cold != runs_.end())
        if (const QString why = cold_note(hot->second, cold->second); !why.isEmpty())
            text += QStringLiteral("\n") + why;
    const auto written = runs_.find(sfp::CacheMode::hot_written);
    if (hot != runs_.end() && written != runs_.end())
        if (const QString states = cache_states_note(written->second, hot->second); !states.isEmpty())
            text += QStringLiteral("\n") + states;
    return text;
}

void LessonsMenu::finished(const sfp::ExperimentReport& report) {
    if (!current_ || report.cancelled) return;
    runs_[report.experiment.cache] = report;
    showStates();
    messages_->showLesson(note(*current_));
}

}  // namespace gui
