// The in-play overlay drawn over the world: hearts, coins, level name and timer, the speedrun timer with
// the last split's delta when it is on, the input display, and the bubble of a sign the player stands near.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <SDL.h>

#include "engine/bitmap_font.hpp"
#include "game/sim/world.hpp"
#include "game/view/sprite_sheet.hpp"

namespace qs {

/// How a split compares with the personal best: a best segment (gold), ahead (green) or behind (red) of
/// the personal best's split there; none without one to compare with.
enum class SplitMark : std::uint8_t { none, ahead, behind, gold };
/// The colour a split of that mark is written in.
SDL_Color split_mark_colour(SplitMark mark);

/// The speedrun timer: the level time, and the last split while it is fresh.
struct HudTimer {
    std::int64_t ticks = 0;  ///< level time
    struct LastSplit {
        std::string text;  ///< "Checkpoint 1 -0.33"
        SplitMark mark = SplitMark::none;
    };
    std::optional<LastSplit> last_split;
};

/// One line of the HUD's live split list.
struct HudSplitLine {
    std::string name;   ///< "Checkpoint 1", "Goal"
    std::string time;   ///< the level time of the split ("0:12.34"); the personal best's for the next one
    std::string delta;  ///< against the personal best ("-0.33"), or "" (none there, or not reached yet)
    SplitMark mark = SplitMark::none;
    bool upcoming = false;  ///< the personal best's next split, not reached yet (drawn dimmed)
};

/// Draws the HUD for `world` seen from the camera centre (camera_x, camera_y) on a canvas of the given size;
/// `tag` (a practice or an assisted run: no records kept) is shown under the level name for as long as it
/// is not empty; `timer`, when given, is drawn under the level name (below the tag).
void draw_hud(SDL_Renderer* renderer, const BitmapFont& font, const SpriteSheet& sheet, World& world,
              double camera_x, double camera_y, int canvas_w, int canvas_h, std::string_view tag = {},
              const HudTimer* timer = nullptr);

/// The live split list, LiveSplit's split list: a panel on the left from `top` down, one line per split
/// (name, time, delta coloured by its mark), the upcoming one dimmed.
void draw_split_list(SDL_Renderer* renderer, const BitmapFont& font, const std::vector<HudSplitLine>& lines,
                     int top);

/// The input display: the movement, jump and rewind actions as keys in the bottom-left corner of a canvas
/// `canvas_h` high, lit while held (`held`: bit i for Action i).
void draw_input_display(SDL_Renderer* renderer, const BitmapFont& font, std::uint64_t held, int canvas_h);

/// Where the bubble (w x h canvas pixels) of `sign` goes: right above the sign unless that hides coins,
/// creatures, the player or a surface to stand on (a ledge, a floor's top), then higher, to either side,
/// or in the ground below, whichever hides the least; below the HUD and inside the canvas.
SDL_Rect sign_bubble_rect(const World& world, const Entity& sign, int w, int h, double camera_x,
                          double camera_y, int canvas_w, int canvas_h);

/// Where messages go, newest first (`sizes` are their boxes' w x h): centred, stacked down from `top`
/// 2 pixels apart; when that covers `avoid` (the player), stacked up from `bottom`; when both do, down
/// from `top` on the side of the canvas away from `avoid`. Boxes never overlap one another.
std::vector<SDL_Rect> stack_messages(const std::vector<SDL_Point>& sizes, int canvas_w, int top, int bottom,
                                     SDL_Rect avoid);

/// "m:ss.t" for a tick count (60 ticks a second).
std::string format_time(std::int64_t ticks);
/// "m:ss.cc" (from an hour on "h:mm:ss.cc") for a tick count, to the nearest hundredth.
std::string format_split_time(std::int64_t ticks);

}  // namespace qs
