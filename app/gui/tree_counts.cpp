#include "tree_counts.hpp"

#include <QCoreApplication>
#include <QThread>
#include <QtConcurrent>
#include <atomic>
#include <sys/stat.h>

#include "sfp/input_kind.hpp"

namespace gui {
namespace {

std::atomic<int> gui_listings{0};

}  // namespace

double count_tree_files(const sfp::InputKind& kind, const std::vector<std::string>& roots) {
    if (QCoreApplication::instance() && QThread::currentThread() == QCoreApplication::instance()->thread())
        ++gui_listings;
    try {
        return double(kind.files_of(roots).size());
    } catch (const std::exception&) {
        return 1;  // preflight says what is wrong with them
    }
}

int gui_thread_tree_listings() { return gui_listings.load(); }

TreeCounts::~TreeCounts() { watcher_.waitForFinished(); }

TreeCounts::Key TreeCounts::key_of(const std::vector<std::string>& roots) {
    Key key{roots, {}};
    for (const std::string& root : roots) {
        struct stat st {};
        key.stamps.push_back(::stat(root.c_str(), &st) == 0 ? st.st_mtim.tv_sec * 1'000'000'000LL + st.st_mtim.tv_nsec
                                                            : -1);
    }
    return key;
}

std::optional<double> TreeCounts::files(const sfp::InputKind& kind, const std::vector<std::string>& roots) {
    const Key key = key_of(roots);
    if (const auto it = known_.find(key); it != known_.end()) return it->second;
    if (counting_) return std::nullopt;  // the next form change asks again once this one is done
    counting_ = key;
    disconnect(&watcher_, nullptr, this, nullptr);
    connect(&watcher_, &QFutureWatcher<double>::finished, this, [this] {
        known_[*counting_] = watcher_.result();
        counting_.reset();
        emit counted();
    });
    // The kinds live in the engine's static tables: the pointer stays valid on the other thread.
    watcher_.setFuture(QtConcurrent::run([&kind, roots] { return count_tree_files(kind, roots); }));
    return std::nullopt;
}

}  // namespace gui
