#include "visible_text.hpp"

namespace core {

QString visible_text(const QString& text) { return QString::fromStdString(visible_text(text.toStdString())); }

}  // namespace core
