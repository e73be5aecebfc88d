#pragma once
// A one-line label that never widens its window: a text longer than its room ends in "…", and
// the whole text is its tooltip (wrapped, so a long one stays on the screen).
#include <QLabel>

namespace gui {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);
    // `text` shown elided; the tooltip is `whole` (a longer wording), else `text`. "" clears both.
    void setFullText(const QString& text, const QString& whole = {});
    const QString& fullText() const { return full_; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void elide();
    QString full_;
};

}  // namespace gui
