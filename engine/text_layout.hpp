// Text laid out for a fixed-width font: word wrapping that never splits a word that fits on a line (and
// never leaves closing punctuation alone on one), a line cut to fit with "...", and paths shortened to
// their file names for the screen.
//
//   for (const std::string& line : qs::wrap_text(message, width_px / font.advance())) ...
//   toast(qs::shorten_paths("cannot write /home/me/.local/share/x/saves/quicksave-3.qss: disk full"));
//   // -> "cannot write quicksave-3.qss: disk full"
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

/// Breaks `text` into lines of at most `max_chars` characters (at least 1). Lines break at spaces (the
/// space is dropped) and at '\n'. A word longer than a line is broken after a '/', '\\', '-', '_' or '.'
/// where it can be, else mid-word; a break never leaves a line of nothing but closing punctuation
/// (")", "]", ".", ",", ...): such a tail goes with the characters before it.
std::vector<std::string> wrap_text(std::string_view text, std::size_t max_chars);

/// `text` on one line of at most `max_chars` characters (UTF-8 code points): as it is when it fits, else
/// cut and ended with "..." (trailing spaces before it dropped). A `max_chars` under 4 gives only dots.
std::string fit_line(std::string_view text, std::size_t max_chars);

/// Replaces every path in `text` by its last part: "levels/cave/geometry/layer0.png:3,4:" becomes
/// "layer0.png:3,4:", "/home/me/saves/" becomes "saves/". A path is a space-separated word that starts
/// with '/', "~/", "./" or "../" (after an opening quote or bracket), or holds two or more '/'. Words like
/// "left/right" are kept.
std::string shorten_paths(std::string_view text);

}  // namespace qs
