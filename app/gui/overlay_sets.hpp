#pragma once
// The result sets imported into the window (File > Import results..., a dropped report, a
// lesson's reference set): drawn as dashed overlays on the Lines plot, hidden or removed one by
// one, optionally each normalised to its own fastest cell so shapes from other machines compare.
// A lesson's reference set belongs to the lesson: the next lesson or experiment loaded removes
// it, and it is not remembered for the next session; the user's own imports stay until removed.
#include <QObject>
#include <QStringList>
#include <vector>

#include "overlay_slice.hpp"
#include "report_import.hpp"

namespace gui {

class OverlaySets : public QObject {
    Q_OBJECT
public:
    struct Entry {
        core::ResultSet set;
        bool visible = true;
        bool lesson = false;  // a lesson's reference set
    };
    using QObject::QObject;

    // Imports one report; throws core::ImportError (naming the file and the reason). A set
    // already imported from the same path is replaced, not doubled.
    void add(const QString& path);
    // A lesson's reference set: replaces the previous lesson's (throws like add).
    void addLesson(const QString& path);
    // Another experiment was loaded: the lesson's reference set goes with the lesson.
    void removeLessonSets();
    // The paths that are report files are imported (their errors collected in `errors`); the
    // others are returned untouched (e.g. input files dropped on the window).
    QStringList addReports(const QStringList& paths, QStringList* errors);
    void remove(std::size_t index);
    void setVisible(std::size_t index, bool visible);
    void setNormalised(bool on);
    void clear();

    const std::vector<Entry>& entries() const { return entries_; }
    bool normalised() const { return normalised_; }
    // What to draw: the visible sets, normalised when asked.
    std::vector<core::ResultSet> shown() const;
    QStringList shownNames() const;  // their legend names, distinct among all the sets (distinct_names)
    QStringList names() const;       // every set's, in entries() order
    QStringList paths() const;
    QStringList userPaths() const;  // the user's own imports: what the next session imports again

signals:
    void changed();

private:
    std::vector<Entry> entries_;
    bool normalised_ = false;
};

// The window's run as a result set, through the same JSON path an exported report takes.
core::ResultSet live_set(const sfp::ExperimentReport& report);

}  // namespace gui
