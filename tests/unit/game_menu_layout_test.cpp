// Where a menu draws: the scroll marks of a long list ("^" above, "v" below) sit clear of every visible
// item (its label, its gem icons, its highlight bar), inside the panel and above the detail, on the
// canvas shapes the game draws (640x360, and 640x400 for a 1280x800 window that fills the screen).
#include <SDL.h>
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "engine/bitmap_font.hpp"
#include "game/app/menu.hpp"

using namespace qs;

namespace {

/// A software renderer on an RGBA surface (the font's texture needs one), released at scope end.
struct LayoutCanvas {
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA8888);
    SDL_Renderer* renderer = surface ? SDL_CreateSoftwareRenderer(surface) : nullptr;
    LayoutCanvas() = default;
    LayoutCanvas(const LayoutCanvas&) = delete;
    LayoutCanvas& operator=(const LayoutCanvas&) = delete;
    ~LayoutCanvas() {
        if (renderer) SDL_DestroyRenderer(renderer);
        if (surface) SDL_FreeSurface(surface);
    }
};

/// Loads the game's font onto `canvas`'s renderer (the layout measures text with it).
void load_font(const LayoutCanvas& canvas, BitmapFont& font) {
    REQUIRE(canvas.renderer != nullptr);
    std::string error;
    const std::filesystem::path assets = std::filesystem::path(QUICKSTEP_SOURCE_DIR) / "assets" / "font";
    REQUIRE_MESSAGE(font.load(canvas.renderer, assets / "font.png", assets / "font.json", error), error);
}

bool overlaps(const SDL_Rect& a, const SDL_Rect& b) {
    return SDL_HasIntersection(&a, &b) == SDL_TRUE;
}

bool inside(const SDL_Rect& inner, const SDL_Rect& outer) {
    return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
           inner.y + inner.h <= outer.y + outer.h;
}

/// An empty level select: previews and its two-line subtitle, saying `gems` gems found.
Menu level_select(int gems) {
    Menu menu;
    menu.title = "LEVEL SELECT";
    menu.subtitle = "Gems found: " + std::to_string(gems) +
                    ". Drop your own level folders into ~/.local/share/quickstep/levels";
    menu.previews = true;
    return menu;
}

}  // namespace

TEST_CASE("menu layout: the scroll marks of a long list are clear of every item and its gem icons") {
    LayoutCanvas canvas;
    BitmapFont font;
    load_font(canvas, font);

    // The level select's shape: previews, a two-line subtitle, rows with three gem icons, 30 levels.
    Menu menu = level_select(9);
    for (int i = 0; i < 30; ++i) {
        menu.items.emplace_back(
            "1-" + std::to_string(i) + "  First Steps  * 0:14.4  24/42  par 0:19.0 beaten",
            "Finished. Best time 0:14.4, most coins 24 of 42. Par 0:19.0: beaten");
        menu.items.back().gems_placed = 7;
        menu.items.back().gems_found = 5;
    }
    menu.items.emplace_back("Back");
    const int count = static_cast<int>(menu.items.size());
    for (const std::pair<int, int>& canvas_size :
         {std::pair{640, 360}, std::pair{640, 400}, std::pair{576, 360}}) {
        const int w = canvas_size.first, h = canvas_size.second;
        for (int cursor : {0, 1, count / 2, count - 2, count - 1}) {
            CAPTURE(w);
            CAPTURE(h);
            CAPTURE(cursor);
            menu.cursor = cursor;
            const MenuLayout at = menu.layout(font, w, h);
            REQUIRE(at.last > at.first);
            REQUIRE(at.last - at.first < count);  // the list scrolls
            CHECK(cursor >= at.first);
            CHECK(cursor < at.last);
            // Each mark is shown exactly when items are hidden on its side.
            CHECK((at.up_mark.w > 0) == (at.first > 0));
            CHECK((at.down_mark.w > 0) == (at.last < count));
            // The subtitle ends above the list's band.
            const int subtitle_end =
                at.subtitle_y + static_cast<int>(at.subtitle_lines.size()) * font.line_height();
            CHECK(at.row(at.first).y >= subtitle_end);
            const int detail_top = h - 10 - 2 * font.line_height();
            CHECK(at.row(at.last - 1).y + at.row(at.last - 1).h <= detail_top);
            // A one-line message (its line and a 2-pixel margin above and below) in the band messages
            // stack up from clears the panel.
            CHECK(at.panel.y + at.panel.h <= menu.messages_bottom(font, w, h) - (font.line_height() + 4));
            for (const SDL_Rect& mark : {at.up_mark, at.down_mark}) {
                if (mark.w == 0) continue;
                CHECK(inside(mark, at.panel));
                CHECK(mark.y >= subtitle_end);
                CHECK(mark.y + mark.h <= detail_top);
                // Clear of every visible row: the whole width of its bar, label and gem icons alike.
                for (int i = at.first; i < at.last; ++i) {
                    CAPTURE(i);
                    CHECK_FALSE(overlaps(mark, at.row(i)));
                }
            }
        }
    }

    // A list that fits shows no mark.
    Menu short_menu = menu;
    short_menu.items.erase(short_menu.items.begin() + 5, short_menu.items.end());
    short_menu.cursor = 4;
    const MenuLayout fits = short_menu.layout(font, 640, 360);
    CHECK(fits.first == 0);
    CHECK(fits.last == 5);
    CHECK(fits.up_mark.w == 0);
    CHECK(fits.down_mark.w == 0);
}

TEST_CASE("menu layout: a level list's detail is a card that fits the column beside the list") {
    LayoutCanvas canvas;
    BitmapFont font;
    load_font(canvas, font);

    Menu menu;
    menu.title = "LEVEL SELECT";
    menu.previews = true;
    menu.items.emplace_back("1-1  First Steps",
                            "1. Green Hills: Finished. Best time 0:14.4, most coins 24 of 42");
    std::string reason = "levels/zz_broken/zz.lvl: line 1, column 11: \"title\" must be a string";
    for (int i = 0; i < 6; ++i) reason += "; and again the same problem in another field of the same file";
    menu.items.emplace_back("zz_broken (broken)", reason, false);
    menu.items.emplace_back("Back");
    for (const std::pair<int, int>& canvas_size : {std::pair{640, 360}, std::pair{640, 400}}) {
        const int w = canvas_size.first, h = canvas_size.second;
        CAPTURE(w);
        const SDL_Rect column = menu.preview_area(font, w, h);
        const int list_right = menu.layout(font, w, h).panel.x + menu.layout(font, w, h).panel.w;
        CHECK(column.x >= list_right);  // beside the list, not over it
        CHECK(column.x + column.w <= w);
        // The footer keeps only its band for messages: the detail no longer grows it.
        menu.cursor = 1;
        CHECK(menu.footer_top(font, w, h) == h - 14 - 2 * font.line_height());

        menu.cursor = 0;  // a short detail: all of it, each line within the card
        std::vector<std::string> lines = menu.card_lines(font, column.w, column.h);
        REQUIRE(lines.size() >= 2);
        std::string joined;
        for (const std::string& l : lines) {
            CHECK(font.text_width(l) <= column.w - 12);
            joined += (joined.empty() ? "" : " ") + l;
        }
        CHECK(joined == menu.items[0].detail);

        menu.cursor = 1;  // a broken level's long reason: cut to the room, its last line ending in "..."
        const int room = 6 * font.line_height() + 8;
        lines = menu.card_lines(font, column.w, room);
        CHECK(lines.size() == 6);
        for (const std::string& l : lines) CHECK(font.text_width(l) <= column.w - 12);
        CHECK(lines.back().size() >= 3);
        CHECK(lines.back().substr(lines.back().size() - 3) == "...");

        menu.cursor = 2;  // no detail, no card
        CHECK(menu.card_lines(font, column.w, column.h).empty());
    }
}

TEST_CASE("menu layout: a scrolling level list keeps its panel while the highlight moves; gems in a column") {
    LayoutCanvas canvas;
    BitmapFont font;
    load_font(canvas, font);

    // The level select of a player in chapter 1: finished levels (long rows with gem icons, of labels
    // of different widths) at the top, then a long run of short "locked" rows.
    Menu menu = level_select(21);
    const char* names[] = {"First Steps", "Meadow Hops", "Spring Meadow", "Treetop Climb"};
    for (int i = 0; i < 4; ++i) {
        menu.items.emplace_back(
            "1-" + std::to_string(i + 1) + "  " + names[i] + "  * 0:15.0  10/10  par 0:19.0 beaten",
            "Finished");
        menu.items.back().gems_placed = 7;
        menu.items.back().gems_found = i == 0 ? 7u : 5u;
    }
    for (int i = 0; i < 26; ++i)
        menu.items.emplace_back(std::to_string(2 + i / 9) + "-" + std::to_string(1 + i % 9) + "  locked", "",
                                false);
    menu.items.emplace_back("Back");
    const int count = static_cast<int>(menu.items.size());
    for (const std::pair<int, int>& canvas_size : {std::pair{640, 360}, std::pair{640, 400}}) {
        const int w = canvas_size.first, h = canvas_size.second;
        CAPTURE(w);
        CAPTURE(h);
        menu.cursor = 0;
        const MenuLayout top = menu.layout(font, w, h);
        REQUIRE(top.last < count);  // it scrolls
        // The gem icons start in one column, right of every label that has them, and end in the panel.
        REQUIRE(top.gems_x > 0);
        for (const MenuItem& item : menu.items) {
            if (item.gems_placed == 0) continue;
            CAPTURE(item.label);
            CHECK(top.panel.x + 8 + font.text_width("> " + item.label) < top.gems_x);
        }
        CHECK(top.gems_x + 3 * 11 <= top.panel.x + top.panel.w);
        for (int cursor : {count / 2, count - 1}) {
            CAPTURE(cursor);
            menu.cursor = cursor;
            const MenuLayout at = menu.layout(font, w, h);
            CHECK(at.first >= 4);  // scrolled past the rows with gems
            // The panel and the icons' column stay where they were: the list does not jump sideways.
            CHECK(at.panel.x == top.panel.x);
            CHECK(at.panel.w == top.panel.w);
            CHECK(at.gems_x == top.gems_x);
        }
    }
    // A list without previews (a plain menu) has no gem column.
    Menu plain = menu;
    plain.previews = false;
    CHECK(plain.layout(font, 640, 360).gems_x == 0);
}

TEST_CASE("menu layout: a level list's cells start at one x per column; rows without them stay one string") {
    LayoutCanvas canvas;
    BitmapFont font;
    load_font(canvas, font);

    // Rows of a level select: finished (time, coins, par), assisted, not yet played, locked.
    Menu menu = level_select(9);
    const std::vector<std::vector<std::string>> rows = {
        {"1-1", "First Steps", "* 0:12.2", "10/10", "par 0:15 beaten"},
        {"1-2", "Meadow Hops", "* 1:05.0", "7/12", "par 0:25"},
        {"1-3", "Spring Meadow", "* assisted", "", "par 0:20"},
        {"1-4", "Bounce Valley", "", "", "par 0:21"},
    };
    for (const std::vector<std::string>& cells : rows) {
        std::string label;
        for (const std::string& cell : cells)
            if (!cell.empty()) label += (label.empty() ? "" : "  ") + cell;
        menu.items.emplace_back(label, "");
        menu.items.back().cells = cells;
        menu.items.back().gems_placed = 7;
    }
    menu.items.emplace_back("1-5  locked", "", false);
    menu.items.emplace_back("Back");
    for (const std::pair<int, int>& canvas_size : {std::pair{640, 360}, std::pair{640, 400}}) {
        CAPTURE(canvas_size.first);
        CAPTURE(canvas_size.second);
        const MenuLayout at = menu.layout(font, canvas_size.first, canvas_size.second);
        REQUIRE(at.cell_x.size() == 5);
        // The number column starts where a one-string row's text does; each column starts two spaces
        // after the widest cell of the one before, so no cell runs into the next column.
        CHECK(at.cell_x[0] == at.panel.x + 8 + font.text_width("> "));
        for (std::size_t c = 1; c < at.cell_x.size(); ++c) {
            CAPTURE(c);
            for (const std::vector<std::string>& cells : rows)
                CHECK(at.cell_x[c - 1] + font.text_width(cells[c - 1]) + 2 * font.advance() <= at.cell_x[c]);
        }
        // The widest cells set the columns: "Spring Meadow" and "* assisted" end two spaces before the next.
        CHECK(at.cell_x[1] + font.text_width("Spring Meadow") + 2 * font.advance() == at.cell_x[2]);
        CHECK(at.cell_x[2] + font.text_width("* assisted") + 2 * font.advance() == at.cell_x[3]);
        // Every row ends before the gem column, which ends inside the panel.
        REQUIRE(at.gems_x > 0);
        for (const std::vector<std::string>& cells : rows)
            CHECK(at.cell_x[4] + font.text_width(cells[4]) < at.gems_x);
        CHECK(at.gems_x + 3 * 11 <= at.panel.x + at.panel.w);
    }
    // A plain menu (no previews) puts no columns.
    Menu plain = menu;
    plain.previews = false;
    CHECK(plain.layout(font, 640, 360).cell_x.empty());
}
