#pragma once
// The engine's UTF-8 names, help and choices as Qt text: one conversion for every front end.
#include <QString>
#include <string_view>

namespace core {

inline QString qtext(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

}  // namespace core
