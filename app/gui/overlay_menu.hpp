#pragma once
// The window's "Imported" menu: import a report, normalise, the comparison table, and per set
// show/hide and remove. Rebuilt whenever the sets change.
#include <QMenu>
#include <functional>

#include "sfp/report.hpp"

namespace gui {

class MessageArea;
class OverlaySets;

class OverlayMenu : public QMenu {
    Q_OBJECT
public:
    // `live` gives the window's current report (for the comparison table).
    OverlayMenu(OverlaySets* sets, MessageArea* messages, std::function<const sfp::ExperimentReport&()> live,
                QWidget* parent);
    // File > Import results... does the same: a file dialog, errors shown in the window.
    void importDialog();

private:
    void rebuild();

    OverlaySets* sets_;
    MessageArea* messages_;
    std::function<const sfp::ExperimentReport&()> live_;
};

}  // namespace gui
