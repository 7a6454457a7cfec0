// Text layout: word wrapping (never mid-word when the word fits, never a lone closing bracket on a line)
// and paths shortened to their file names; a line cut to fit with "...".
#include <doctest/doctest.h>

#include "engine/text_layout.hpp"

using namespace qs;
using Lines = std::vector<std::string>;

TEST_CASE("wrap_text: breaks at spaces, never inside a word that fits") {
    CHECK(wrap_text("the nearest colour is grass", 12) == Lines{"the nearest", "colour is", "grass"});
    CHECK(wrap_text("short", 80) == Lines{"short"});
    CHECK(wrap_text("", 10) == Lines{""});
    CHECK(wrap_text("  many   spaces  ", 20) == Lines{"many spaces"});
    CHECK(wrap_text("one\ntwo three", 20) == Lines{"one", "two three"});
    // Every line fits and the words come back in order.
    std::string text =
        "Confirm, then press the new key or gamepad button (Esc / B keeps the old one) to change the binding";
    for (std::size_t width = 8; width < 60; ++width) {
        CAPTURE(width);
        Lines lines = wrap_text(text, width);
        std::string joined;
        for (const std::string& line : lines) {
            CHECK(line.size() <= width);
            CHECK(line != ")");
            joined += (joined.empty() ? "" : " ") + line;
        }
        CHECK(joined == text);
    }
}

TEST_CASE("wrap_text: a closing bracket never stands alone") {
    // "one)" is one word: it moves down whole.
    CHECK(wrap_text("keeps the old one)", 16) == Lines{"keeps the old", "one)"});
    // A separate ")" takes the word before it along.
    CHECK(wrap_text("abc defgh )", 9) == Lines{"abc", "defgh )"});
    // A word longer than the line is cut, but not so that ")" or ")." is left alone.
    Lines lines = wrap_text("(abcdefghij)", 11);
    CHECK(lines == Lines{"(abcdefghi", "j)"});
    lines = wrap_text("(abcdefghi).", 11);
    CHECK(lines == Lines{"(abcdefgh", "i)."});
}

TEST_CASE("wrap_text: long words break after a path separator where they can") {
    Lines lines = wrap_text("/home/someone/.local/share/quickstep/levels/my_level/geometry/layer0.png", 30);
    for (const std::string& line : lines) CHECK(line.size() <= 30);
    CHECK(lines.front() == "/home/someone/.local/share/");
    std::string joined;
    for (const std::string& line : lines) joined += line;
    CHECK(joined == "/home/someone/.local/share/quickstep/levels/my_level/geometry/layer0.png");
    CHECK(wrap_text("abcdefghijkl", 5) == Lines{"abcde", "fghij", "kl"});
    CHECK(wrap_text("x", 0) == Lines{"x"});  // a width below 1 counts as 1
}

TEST_CASE("shorten_paths: file names instead of full paths, other words kept") {
    CHECK(
        shorten_paths("cannot write /home/me/.local/share/quickstep/saves/quicksave-3.qss: No space left") ==
        "cannot write quicksave-3.qss: No space left");
    CHECK(shorten_paths("levels/cave/geometry/layer0.png:3,4: colour #ff00ff is not in obj_colors") ==
          "layer0.png:3,4: colour #ff00ff is not in obj_colors");
    CHECK(shorten_paths("Settings not saved: '/root/.config/quickstep/settings.json' (read-only)") ==
          "Settings not saved: 'settings.json' (read-only)");
    CHECK(shorten_paths("folder /tmp/x/saves/ is full") == "folder saves/ is full");
    CHECK(shorten_paths("Left/right to change, 1x/2x: speed") == "Left/right to change, 1x/2x: speed");
    CHECK(shorten_paths("./level.lvl:3:7: unknown key") == "level.lvl:3:7: unknown key");
    CHECK(shorten_paths("/ alone") == "/ alone");
}

TEST_CASE("fit_line: a line that fits is kept, a longer one is cut with dots to exactly the room") {
    CHECK(fit_line("1-9  Bounce Valley", 40) == "1-9  Bounce Valley");
    CHECK(fit_line("1-9  Bounce Valley", 18) == "1-9  Bounce Valley");
    CHECK(fit_line("1-9  Bounce Valley B-side", 12) == "1-9  Boun...");
    CHECK(fit_line("par 0:19.0 beaten", 7) == "par...");  // the space before the dots is dropped
    CHECK(fit_line("abcdef", 3) == "...");
    CHECK(fit_line("abcdef", 0).empty());
    // Characters, not bytes: "é" is two bytes and one character on screen, and is never split.
    CHECK(fit_line("caf\xc3\xa9s", 5) == "caf\xc3\xa9s");
    CHECK(fit_line("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 4) == "\xc3\xa9...");
}
