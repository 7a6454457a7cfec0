// join: the items of a list of strings with a separator between them ("a, b, c"), for messages.
#pragma once

#include <string>
#include <string_view>

namespace qs {

/// The items (anything convertible to std::string_view) with `separator` between them.
template <class Range>
std::string join(const Range& items, std::string_view separator = ", ") {
    std::string joined;
    bool first = true;
    for (const auto& item : items) {
        if (!first) joined += separator;
        joined += std::string_view(item);
        first = false;
    }
    return joined;
}

}  // namespace qs
