// Reading a whole number from text that must be nothing else (command-line values, script fields): no sign,
// no spaces, no trailing characters, no overflow of the target type.
#pragma once

#include <charconv>
#include <string_view>
#include <system_error>

namespace qs {

/// A whole number >= 0 filling all of `text`, into `out`; false (out unspecified) otherwise.
template <typename Int>
bool whole_number(std::string_view text, Int& out) {
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return !text.empty() && ec == std::errc() && ptr == text.data() + text.size() && out >= 0;
}

}  // namespace qs
