#pragma once
// Text from elsewhere (a report's fields, a command line from an experiment file, a child's
// stderr) shown as itself and nothing more: a control character written raw to a terminal sets
// its title or clears it, a newline forges a line of output. Every C0 control, DEL and the C1
// controls (U+0080..U+009F) become visible escapes: "\x1b", "\u009b". One function for every
// front end and the engine's own messages.
#include <string>
#include <string_view>

namespace sfp {

std::string visible_text(std::string_view utf8);

}  // namespace sfp
