#pragma once
// Scrolling the form with the mouse wheel must not change the spin box or list that passes
// under the pointer (warm-ups 1 -> 0, unnoticed): over `form`, a spin box or combo box takes the
// wheel only once it has the focus (clicked or tabbed to); until then the wheel scrolls the form.
class QWidget;

namespace gui {

void guard_wheel(QWidget* form);

}  // namespace gui
