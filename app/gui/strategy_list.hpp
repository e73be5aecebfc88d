#pragma once
// The strategies of one algorithm, from the registry: checkable, the description as tooltip,
// unsupported ones disabled with the probe's reason.
#include <QListWidget>
#include <string>
#include <vector>

namespace gui {

class StrategyList : public QListWidget {
    Q_OBJECT
public:
    explicit StrategyList(QWidget* parent = nullptr);

    void setAlgorithm(const std::string& algorithm);  // lists its strategies, checks the supported
    std::vector<std::string> checked() const;
    void setChecked(const std::vector<std::string>& names);
    // sfp::Uses flags of the checked strategies, or'ed: which parameters matter.
    unsigned checkedUses() const;
    QListWidgetItem* item(const std::string& name) const;
    using QListWidget::item;

signals:
    void changed();
};

}  // namespace gui
