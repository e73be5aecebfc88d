#pragma once
// Text read from a file (a report's machine fields, a result set's name) shown as itself and
// nothing more: a control character written raw to a terminal sets its title or clears it, a
// newline forges a line of output, in Markdown an ESC or BEL reaches whoever prints it. Every
// C0 control, DEL and the C1 controls (U+0080..U+009F) become visible escapes: "\x1b", "\u009b".
// One function for every front end (CLI, Markdown, PDF, window): the engine's (sfp/visible_text.hpp).
#include <QString>
#include <string>
#include <string_view>

#include "sfp/visible_text.hpp"

namespace core {

using sfp::visible_text;
QString visible_text(const QString& text);

}  // namespace core
