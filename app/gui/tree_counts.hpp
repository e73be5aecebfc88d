#pragma once
// How many files directory inputs hold, for the run estimate. The form asks again at every
// change, and listing a large tree takes seconds: each set of roots is counted once, off the GUI
// thread (QtConcurrent), and kept while the roots' modification times stay the same.
#include <QFutureWatcher>
#include <QObject>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sfp {
struct InputKind;
}

namespace gui {

// Lists the trees now, on the calling thread: the files `kind` reads from `roots` (1 when they
// cannot be listed: preflight says what is wrong with them).
double count_tree_files(const sfp::InputKind& kind, const std::vector<std::string>& roots);
// For tests: how many count_tree_files calls ran on the GUI thread so far.
int gui_thread_tree_listings();

class TreeCounts : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~TreeCounts() override;  // waits for a count under way: it reads only its own copies

    // The count when known; else none, and a count starts in the background (one at a time;
    // counted() follows when it is done).
    std::optional<double> files(const sfp::InputKind& kind, const std::vector<std::string>& roots);

signals:
    void counted();

private:
    struct Key {
        std::vector<std::string> roots;
        std::vector<long long> stamps;  // each root's modification time, ns
        auto operator<=>(const Key&) const = default;
    };
    static Key key_of(const std::vector<std::string>& roots);

    std::map<Key, double> known_;
    std::optional<Key> counting_;
    QFutureWatcher<double> watcher_;
};

}  // namespace gui
