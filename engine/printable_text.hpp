// Text from outside (folder names, ids read from files) made safe to show or print: UTF-8 checked, control
// characters and bytes that are not UTF-8 written as escapes, so a name can neither move the terminal's
// cursor, cut a message short at a NUL nor split a tab-separated line.
#pragma once

#include <string>
#include <string_view>

namespace qs {

/// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool valid_utf8(std::string_view text);

/// `text` with every byte that is not part of a well-formed UTF-8 sequence, every control character
/// (C0, DEL, C1) and the backslash escaped: `\xNN` per byte (`\\` for the backslash). Printable UTF-8 is
/// kept as it is; the result is valid UTF-8 without control characters.
std::string printable(std::string_view text);

}  // namespace qs
