#include "arg_bytes.hpp"

namespace cli {
namespace {

constexpr char16_t kEscapeBase = 0xDC00;  // + byte (0x80..0xFF)

// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is not one.
std::size_t utf8_length(std::string_view s, std::size_t i, char32_t& code) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char lead = b(0);
    std::size_t n = 0;
    if (lead < 0x80) return code = lead, 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        n = 2, code = lead & 0x1F;
    else if (lead >= 0xE0 && lead <= 0xEF)
        n = 3, code = lead & 0x0F;
    else if (lead >= 0xF0 && lead <= 0xF4)
        n = 4, code = lead & 0x07;
    else
        return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(k) & 0xC0) != 0x80) return 0;
        code = (code << 6) | (b(k) & 0x3F);
    }
    const char32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < min[n] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;  // overlong, surrogate
    return n;
}

}  // namespace

QString text_of_bytes(std::string_view bytes) {
    QString out;
    out.reserve(qsizetype(bytes.size()));
    for (std::size_t i = 0; i < bytes.size();) {
        char32_t code = 0;
        if (const std::size_t n = utf8_length(bytes, i, code)) {
            out += QString::fromUcs4(&code, 1);
            i += n;
        } else {
            out += QChar(char16_t(kEscapeBase + static_cast<unsigned char>(bytes[i])));
            ++i;
        }
    }
    return out;
}

std::string bytes_of_text(const QString& text) {
    std::string out;
    qsizetype run = 0;  // start of the current stretch of ordinary text
    auto flush = [&](qsizetype end) { out += text.mid(run, end - run).toStdString(); };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        const bool escaped =
            c >= kEscapeBase + 0x80 && c <= kEscapeBase + 0xFF && (i == 0 || !text[i - 1].isHighSurrogate());
        if (!escaped) continue;
        flush(i);
        out += char(c - kEscapeBase);
        run = i + 1;
    }
    flush(text.size());
    return out;
}

}  // namespace cli
