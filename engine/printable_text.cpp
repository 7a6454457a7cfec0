// UTF-8 checks and escapes for text shown or printed (see printable_text.hpp).
#include "engine/printable_text.hpp"

#include <cstdint>

namespace qs {

namespace {

/// The length of the well-formed UTF-8 sequence starting at text[i] and its code point; 0 when none.
std::size_t sequence_at(std::string_view text, std::size_t i, char32_t& code) {
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
    const std::uint8_t lead = byte(i);
    if (lead < 0x80) {
        code = lead;
        return 1;
    }
    std::size_t length = 0;
    char32_t min = 0;
    if ((lead & 0xE0) == 0xC0) {
        length = 2, code = lead & 0x1F, min = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, code = lead & 0x0F, min = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, code = lead & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        code = (code << 6) | (byte(i + k) & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
    return length;
}

}  // namespace

bool valid_utf8(std::string_view text) {
    char32_t code = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = sequence_at(text, i, code);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

std::string printable(std::string_view text) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    char32_t code = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = sequence_at(text, i, code);
        const bool control = code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F);
        if (length > 0 && !control && code != '\\') {
            out.append(text.substr(i, length));
            i += length;
            continue;
        }
        const std::size_t bytes = length > 0 ? length : 1;  // a control character's whole sequence
        for (std::size_t k = 0; k < bytes; ++k) {
            const auto b = static_cast<std::uint8_t>(text[i + k]);
            if (b == '\\') {
                out += "\\\\";
            } else {
                out += "\\x";
                out += hex[b >> 4];
                out += hex[b & 0xF];
            }
        }
        i += bytes;
    }
    return out;
}

}  // namespace qs
