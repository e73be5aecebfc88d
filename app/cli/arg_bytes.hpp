#pragma once
// Command-line arguments are bytes; Qt holds text. File names that are not UTF-8 must still
// reach the engine unchanged, so each byte that is not part of valid UTF-8 travels in the
// QString as a lone surrogate U+DC80..U+DCFF (Python's "surrogateescape") and comes back out
// as that byte. Valid UTF-8 round-trips as itself.
#include <QString>
#include <string>
#include <string_view>

namespace cli {

QString text_of_bytes(std::string_view bytes);
std::string bytes_of_text(const QString& text);

}  // namespace cli
