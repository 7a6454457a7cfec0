// A vertical text menu: items with a label, an optional detail line (shown for the highlighted item),
// confirm and left/right adjust callbacks. Used by the title, level select, pause and options screens.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <SDL.h>

#include "engine/bitmap_font.hpp"

namespace qs {

struct MenuItem {
    MenuItem(std::string label_text, std::string detail_text = "", bool is_enabled = true,
             std::function<void()> confirm = {}, std::function<void(int)> adjust = {})
        : label(std::move(label_text)),
          detail(std::move(detail_text)),
          enabled(is_enabled),
          on_confirm(std::move(confirm)),
          on_adjust(std::move(adjust)) {}

    std::string label;
    std::string detail;   ///< shown under the menu while highlighted (e.g. why a level is broken)
    bool enabled = true;  ///< disabled items can be highlighted but not confirmed
    std::function<void()> on_confirm;
    std::function<void(int direction)> on_adjust;  ///< left (-1) / right (+1), e.g. volume
    std::filesystem::path preview;  ///< a level whose thumbnail shows beside the menu while highlighted
    /// Gem icons after the label, one per bit of `gems_placed` (bit 0: gem 1), filled for `gems_found`.
    unsigned gems_placed = 0;
    unsigned gems_found = 0;
    /// With previews, the label in columns (a level's number, name, time, coins, par): drawn at the
    /// list's column positions (MenuLayout::cell_x) so each column lines up from row to row. `label`
    /// stays the whole row in one string (it is what the pad-script trace prints); empty: one string.
    std::vector<std::string> cells;
};

/// A line of text under a menu's subtitle, in its own colour (a split on the results screen).
struct MenuNote {
    std::string text;
    SDL_Color colour{220, 225, 240, 255};
};

/// Where Menu::draw puts things, in canvas pixels: the title and subtitle lines, the visible items, the
/// panel behind them, and the scroll marks of a list longer than the room ("^" above the first visible
/// item, "v" below the last; w 0 when not shown), which sit in bands of their own, clear of every item.
struct MenuLayout {
    int list_w = 0;  ///< the list's width from the canvas's left (5/8 of it with previews)
    std::string title_line;
    std::vector<std::string> subtitle_lines;
    int subtitle_y = 0, notes_y = 0;
    int items_y = 0;          ///< the first visible item's text top
    int line = 0;             ///< from one item to the next
    int first = 0, last = 0;  ///< the visible items: [first, last)
    SDL_Rect panel{};
    SDL_Rect up_mark{}, down_mark{};
    /// With previews (a list of levels), where every row's gem icons start: one column, right of the
    /// widest label that has icons, so the icons line up from row to row (0 without previews).
    int gems_x = 0;
    /// With previews, where column c of the items' `cells` starts (c's widest cell and two spaces after
    /// the one before); empty when no item has cells.
    std::vector<int> cell_x;
    std::vector<int> cell_w;  ///< column c's width: its widest cell (the name column cut to fit the list)
    /// The highlight bar of visible item `i` (the whole row an item takes).
    SDL_Rect row(int i) const;
};

class Menu {
   public:
    std::string title;
    std::string subtitle;
    std::vector<MenuNote> notes;  ///< under the subtitle, one line each (cut to the width)
    std::vector<MenuItem> items;
    int cursor = 0;
    bool previews = false;  ///< the list keeps to the left, the right part shows the highlighted preview

    /// Moves the highlight by `direction`, wrapping around.
    void move(int direction);
    /// Runs the highlighted item's on_confirm if it is enabled; false when it is disabled.
    bool confirm();
    void adjust(int direction);
    /// Where draw() puts the title, the items and the scroll marks on a canvas of that size.
    MenuLayout layout(const BitmapFont& font, int canvas_w, int canvas_h) const;
    /// Draws over the whole canvas, first dimming what is under it by `dim` (0 leaves it, 255 covers it).
    void draw(SDL_Renderer* renderer, const BitmapFont& font, int canvas_w, int canvas_h, Uint8 dim) const;
    /// The top of the highlighted item's detail at the bottom (room for two lines at least): messages
    /// shown over the menu stay above it.
    int footer_top(const BitmapFont& font, int canvas_w, int canvas_h) const;
    /// The bottom of the band messages (toasts) stack up from over this menu: above the footer, or, for a
    /// list with previews (no footer), the canvas's bottom edge less a margin.
    int messages_bottom(const BitmapFont& font, int canvas_w, int canvas_h) const {
        return previews ? canvas_h - 4 : footer_top(font, canvas_w, canvas_h) - 2;
    }
    /// Where the highlighted item's preview goes (with `previews`): right of the list, above the footer.
    SDL_Rect preview_area(const BitmapFont& font, int canvas_w, int canvas_h) const;
    /// With `previews` the highlighted item's detail is a card in the preview's column instead of a line
    /// at the bottom: its lines wrapped to `width` pixels, at most as many as `height` holds (the last cut
    /// with "..." when more would follow).
    std::vector<std::string> card_lines(const BitmapFont& font, int width, int height) const;
    /// Draws that card inside `area` (from its top; nothing when the item has no detail).
    void draw_card(SDL_Renderer* renderer, const BitmapFont& font, SDL_Rect area) const;
    /// The highlighted item's preview, or an empty path.
    std::filesystem::path highlighted_preview() const {
        return previews && cursor >= 0 && cursor < static_cast<int>(items.size()) ? items[cursor].preview
                                                                                  : std::filesystem::path();
    }
};

}  // namespace qs
