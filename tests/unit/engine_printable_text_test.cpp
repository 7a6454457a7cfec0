// Printable text: UTF-8 checks and the escapes of control characters and bytes that are not UTF-8.
#include <doctest/doctest.h>

#include <string>

#include "engine/printable_text.hpp"

using namespace qs;
using namespace std::string_literals;

TEST_CASE("printable text: well-formed UTF-8 is recognised") {
    CHECK(valid_utf8("plain"));
    CHECK(valid_utf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));  // é € 😀
    CHECK_FALSE(valid_utf8("bad\xFF"));
    CHECK_FALSE(valid_utf8("\xC3"));              // cut short
    CHECK_FALSE(valid_utf8("\xC0\xAF"));          // overlong '/'
    CHECK_FALSE(valid_utf8("\xED\xA0\x80"));      // a surrogate
    CHECK_FALSE(valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
}

TEST_CASE("printable text: control characters and stray bytes are escaped, UTF-8 kept") {
    CHECK(printable("01_first_steps") == "01_first_steps");
    CHECK(printable("caf\xC3\xA9") == "caf\xC3\xA9");
    CHECK(printable("bad\xFF") == "bad\\xff");
    CHECK(printable("tab\there\nline") == "tab\\x09here\\x0aline");
    CHECK(printable("\x1b[2J\x1b]0;pwned\x07") == "\\x1b[2J\\x1b]0;pwned\\x07");
    CHECK(printable("before\0after"s) == "before\\x00after");
    CHECK(printable("c1 \xC2\x9B") == "c1 \\xc2\\x9b");  // U+009B, the 8-bit CSI
    CHECK(printable("back\\slash") == "back\\\\slash");
    for (const std::string& text : {"bad\xFF"s, "\x1b\xC3"s, "\0\x7F\xC2\x85"s}) {
        CHECK(valid_utf8(printable(text)));
        CHECK(printable(text).find_first_of("\x1b\n\t\r\x7F"s + '\0') == std::string::npos);
    }
}
