// Menu drawing and navigation.
#include "game/app/menu.hpp"

#include <algorithm>

#include "engine/text_layout.hpp"

namespace qs {

void Menu::move(int direction) {
    if (items.empty()) return;
    int n = static_cast<int>(items.size());
    cursor = ((cursor + direction) % n + n) % n;
}

bool Menu::confirm() {
    if (items.empty() || !items[cursor].enabled) return false;
    if (items[cursor].on_confirm) items[cursor].on_confirm();
    return true;
}

void Menu::adjust(int direction) {
    if (!items.empty() && items[cursor].on_adjust) items[cursor].on_adjust(direction);
}

int Menu::footer_top(const BitmapFont& font, int canvas_w, int canvas_h) const {
    const auto max_chars =
        static_cast<std::size_t>(std::max(10, (canvas_w - 32) / std::max(1, font.advance())));
    std::size_t lines = 2;
    if (!previews && !items.empty() && !items[cursor].detail.empty())  // previews: the detail is a card
        lines = std::clamp<std::size_t>(wrap_text(items[cursor].detail, max_chars).size(), 2, 4);
    return canvas_h - 14 - static_cast<int>(lines) * font.line_height();
}

SDL_Rect Menu::preview_area(const BitmapFont& font, int canvas_w, int canvas_h) const {
    const int list_w = canvas_w * 5 / 8, top = 24 + font.line_height(2) + 6;
    return {list_w + 8, top, std::max(1, canvas_w - list_w - 24),
            std::max(1, footer_top(font, canvas_w, canvas_h) - 12 - top)};
}

std::vector<std::string> Menu::card_lines(const BitmapFont& font, int width, int height) const {
    if (items.empty() || items[cursor].detail.empty()) return {};
    const auto max_chars = static_cast<std::size_t>(std::max(4, (width - 12) / std::max(1, font.advance())));
    const auto max_lines =
        static_cast<std::size_t>(std::max(1, (height - 8) / std::max(1, font.line_height())));
    std::vector<std::string> lines = wrap_text(items[cursor].detail, max_chars);
    if (lines.size() > max_lines) {
        lines.resize(max_lines);
        lines.back() = fit_line(lines.back() + " ...", max_chars);  // cut with "..." when too long
    }
    return lines;
}

void Menu::draw_card(SDL_Renderer* renderer, const BitmapFont& font, SDL_Rect area) const {
    const std::vector<std::string> lines = card_lines(font, area.w, area.h);
    if (lines.empty()) return;
    const SDL_Rect box{area.x, area.y, area.w, static_cast<int>(lines.size()) * font.line_height() + 8};
    SDL_SetRenderDrawColor(renderer, 10, 12, 28, 225);
    SDL_RenderFillRect(renderer, &box);
    SDL_SetRenderDrawColor(renderer, 60, 72, 120, 255);
    SDL_RenderDrawRect(renderer, &box);
    const SDL_Color colour =
        items[cursor].enabled ? SDL_Color{200, 220, 255, 255} : SDL_Color{255, 140, 120, 255};
    int y = area.y + 4;
    for (const std::string& line : lines) {
        font.draw(renderer, area.x + 6, y, line, colour);
        y += font.line_height();
    }
}

namespace {

/// Width of one gem icon and the gap after it, in canvas pixels.
constexpr int gem_icon_w = 11;

/// A gem icon with its top-left at (x, y): a 9x9 diamond, teal and shining when found, an outline when not.
void draw_gem_icon(SDL_Renderer* renderer, int x, int y, bool found) {
    const int cx = x + 4;
    for (int row = 0; row < 9; ++row) {
        const int half = row <= 3 ? row : 8 - row;
        if (found) {
            SDL_SetRenderDrawColor(renderer, row <= 3 ? 120 : 61, row <= 3 ? 240 : 224, row <= 3 ? 220 : 196,
                                   255);
            SDL_RenderDrawLine(renderer, cx - half, y + row, cx + half, y + row);
            SDL_SetRenderDrawColor(renderer, 23, 128, 143, 255);  // the shaded right edge
            SDL_RenderDrawPoint(renderer, cx + half, y + row);
        } else {
            SDL_SetRenderDrawColor(renderer, 110, 118, 150, 255);
            SDL_RenderDrawPoint(renderer, cx - half, y + row);
            SDL_RenderDrawPoint(renderer, cx + half, y + row);
        }
    }
    if (found) {
        SDL_SetRenderDrawColor(renderer, 251, 247, 239, 255);  // a glint
        SDL_RenderDrawPoint(renderer, cx - 1, y + 2);
    }
}

/// The icons of `item`'s gems: how many there are.
int gem_icons(const MenuItem& item) {
    int n = 0;
    for (unsigned mask = item.gems_placed; mask != 0; mask &= mask - 1) ++n;
    return n;
}

}  // namespace

SDL_Rect MenuLayout::row(int i) const {
    return {panel.x + 4, items_y - 3 + (i - first) * line, panel.w - 8, line - 1};
}

MenuLayout Menu::layout(const BitmapFont& font, int canvas_w, int canvas_h) const {
    MenuLayout out;
    const int advance = std::max(1, font.advance());
    // With previews the list keeps to the left part of the canvas (centred there).
    out.list_w = previews ? canvas_w * 5 / 8 : canvas_w;
    const std::size_t list_chars = static_cast<std::size_t>(std::max(10, (out.list_w - 32) / advance));
    out.line = font.line_height() + 5;
    // Room for two lines of the highlighted item's detail is kept at the bottom (see draw).
    const int detail_top = canvas_h - 10 - 2 * font.line_height();

    if (!subtitle.empty()) out.subtitle_lines = wrap_text(subtitle, list_chars);
    if (out.subtitle_lines.size() > 3) out.subtitle_lines.resize(3);
    const int title_scale = 2;
    // A title wider than the list (a level's name in its own menu) is cut with "..." like a label.
    out.title_line =
        fit_line(title, static_cast<std::size_t>(std::max(4, (out.list_w - 32) / (advance * title_scale))));
    out.subtitle_y = 24 + font.line_height(title_scale) + 6;
    out.notes_y = out.subtitle_y + static_cast<int>(out.subtitle_lines.size()) * font.line_height() + 4;
    const int notes_h = static_cast<int>(notes.size()) * font.line_height();
    const int list_top = std::max(78, out.notes_y + notes_h + (notes.empty() ? 6 : 10));
    const int count = static_cast<int>(items.size());
    // A list longer than the room gives a band above and below it to its scroll marks (kept while the
    // highlight moves, so the list does not jump).
    const int mark_h = font.line_height();
    const bool scrolls = count > std::max(1, (detail_top - 6 - list_top) / out.line);
    out.items_y = scrolls ? list_top + mark_h : list_top;
    const int visible = std::max(1, (detail_top - 6 - list_top - (scrolls ? 2 * mark_h : 0)) / out.line);
    out.first = std::clamp(cursor - visible / 2, 0, std::max(0, count - visible));
    out.last = std::min(count, out.first + visible);

    // A readable panel behind the title, subtitle and the items (the title backdrop's hero and coins stay
    // behind it). Its width is that of the widest item, shown or not, so it keeps its size and place
    // while the list scrolls; with previews the gem icons take one column right of the widest label.
    int panel_w = font.text_width(out.title_line, title_scale);
    for (const std::string& l : out.subtitle_lines) panel_w = std::max(panel_w, font.text_width(l));
    for (const MenuNote& note : notes) panel_w = std::max(panel_w, font.text_width(note.text));
    // Column offsets of the items' cells (with previews), from the text after "> ": each column starts two
    // spaces after the widest cell of the one before; a column empty in every row takes no room.
    std::vector<int> cell_off;
    if (previews) {
        std::vector<int> widest;
        for (const MenuItem& item : items) {
            if (item.cells.size() > widest.size()) widest.resize(item.cells.size(), 0);
            for (std::size_t c = 0; c < item.cells.size(); ++c)
                widest[c] = std::max(widest[c], font.text_width(item.cells[c]));
        }
        // A row wider than the list's room (with its gem icons) cuts the name column (1) to fit, "...".
        int total = font.text_width("> ");
        for (const int w : widest) total += w > 0 ? w + 2 * advance : 0;
        int most = 0;
        for (const MenuItem& item : items) most = std::max(most, gem_icons(item));
        const int room = out.list_w - 8 - 16 - (most ? advance + most * gem_icon_w : 0);
        if (widest.size() > 1 && total - 2 * advance > room)
            widest[1] = std::max(8 * advance, widest[1] - (total - 2 * advance - room));
        int x = 0;
        for (const int w : widest) {
            cell_off.push_back(x);
            out.cell_w.push_back(w);
            if (w > 0) x += w + 2 * advance;
        }
    }
    // A row's width from its left edge: "> " and the label, or to the end of its last cell.
    const auto row_w = [&](const MenuItem& item) {
        if (cell_off.empty() || item.cells.empty()) return font.text_width("> " + item.label);
        int end = 0;
        for (std::size_t c = 0; c < item.cells.size(); ++c)
            if (!item.cells[c].empty())
                end = cell_off[c] + std::min(out.cell_w[c], font.text_width(item.cells[c]));
        return font.text_width("> ") + end;
    };
    int widest_with_gems = 0, most_icons = 0;
    for (const MenuItem& item : items) {
        const int label_w = row_w(item), icons = gem_icons(item);
        if (icons) {
            widest_with_gems = std::max(widest_with_gems, label_w);
            most_icons = std::max(most_icons, icons);
        }
        panel_w = std::max(panel_w, label_w + advance * 2 + (icons ? advance + icons * gem_icon_w : 0));
    }
    if (previews && most_icons)
        panel_w = std::max(panel_w, widest_with_gems + advance * 3 + most_icons * gem_icon_w);
    panel_w = std::min(out.list_w - 8, panel_w + 24);
    const int rows_end = out.items_y - 3 + (out.last - out.first) * out.line;  // below the last bar
    const int panel_bottom =
        scrolls ? rows_end + mark_h + 1 : out.items_y + (out.last - out.first) * out.line + 4;
    out.panel = {(out.list_w - panel_w) / 2, 16, panel_w, panel_bottom - 16};
    if (previews && most_icons)  // rows start at panel.x + 8 (see draw); cut labels leave room for icons
        out.gems_x = std::min(out.panel.x + 8 + widest_with_gems + advance,
                              out.panel.x + out.panel.w - 8 - most_icons * gem_icon_w);
    for (const int off : cell_off) out.cell_x.push_back(out.panel.x + 8 + font.text_width("> ") + off);
    // The marks, centred on the list: "^" in the band above the first bar, "v" in the band below the last.
    const int mark_x = (out.list_w - font.text_width("^")) / 2;
    if (scrolls && out.first > 0)
        out.up_mark = {mark_x, out.items_y - 3 - mark_h, font.text_width("^"), mark_h};
    if (scrolls && out.last < count) out.down_mark = {mark_x, rows_end, font.text_width("v"), mark_h};
    return out;
}

void Menu::draw(SDL_Renderer* renderer, const BitmapFont& font, int canvas_w, int canvas_h, Uint8 dim) const {
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(renderer, 16, 20, 40, dim);
    SDL_Rect all{0, 0, canvas_w, canvas_h};
    SDL_RenderFillRect(renderer, &all);
    const int advance = std::max(1, font.advance());
    const std::size_t max_chars = static_cast<std::size_t>(std::max(10, (canvas_w - 32) / advance));
    const MenuLayout at = layout(font, canvas_w, canvas_h);
    const int list_w = at.list_w, line = at.line, title_scale = 2;
    const SDL_Rect panel = at.panel;

    // The detail of the highlighted item sits at the bottom; room for two lines is kept so the list does
    // not jump as the highlight moves, a longer detail (up to four lines) covers the list's end.
    std::vector<std::string> detail;
    if (!previews && !items.empty() && !items[cursor].detail.empty())  // previews: a card beside the list
        detail = wrap_text(items[cursor].detail, max_chars);
    if (detail.size() > 4) detail.resize(4);

    SDL_SetRenderDrawColor(renderer, 10, 12, 28, 225);
    SDL_RenderFillRect(renderer, &panel);

    font.draw(renderer, (list_w - font.text_width(at.title_line, title_scale)) / 2, 24, at.title_line,
              {255, 214, 90, 255}, title_scale);
    int y = at.subtitle_y;
    for (const std::string& l : at.subtitle_lines) {
        font.draw(renderer, (list_w - font.text_width(l)) / 2, y, l, {200, 210, 235, 255});
        y += font.line_height();
    }
    y = at.notes_y;
    for (const MenuNote& note : notes) {
        font.draw(renderer, (list_w - font.text_width(note.text)) / 2, y, note.text, note.colour);
        y += font.line_height();
    }
    y = at.items_y;
    for (int i = at.first; i < at.last; ++i) {
        const MenuItem& item = items[i];
        const bool selected = i == cursor;
        const int icons_w = gem_icons(item) ? advance + gem_icons(item) * gem_icon_w : 0;
        // A label wider than the panel is cut with "..." (the highlighted item's detail says it in full).
        const int room = (panel.w - 8 - icons_w) / advance - 2;
        const std::string label = fit_line(item.label, static_cast<std::size_t>(std::max(0, room)));
        // A list of levels (with previews) keeps its rows to one left edge, so their numbers line up.
        const int x = previews ? panel.x + 8
                               : std::max(panel.x + 4, (list_w - font.text_width(label) - icons_w) / 2 -
                                                           font.text_width("> "));
        if (selected) {  // a bar behind the highlight, for enabled and disabled items alike
            const SDL_Rect bar = at.row(i);
            SDL_SetRenderDrawColor(renderer, 44, 58, 108, 255);
            SDL_RenderFillRect(renderer, &bar);
        }
        SDL_Color color = selected
                              ? (item.enabled ? SDL_Color{255, 255, 255, 255} : SDL_Color{255, 170, 150, 255})
                          : !item.enabled ? SDL_Color{130, 130, 150, 255}
                                          : SDL_Color{170, 190, 230, 255};
        // Cells at the list's columns when the whole row fits before its icons; else the one cut label.
        int text_end = x + font.text_width("> " + label);
        const bool in_cells =
            previews && !item.cells.empty() && item.cells.size() <= at.cell_x.size() &&
            at.cell_x[item.cells.size() - 1] +
                    std::min(at.cell_w[item.cells.size() - 1], font.text_width(item.cells.back())) <=
                panel.x + panel.w - 8 - icons_w;
        if (in_cells) {
            font.draw(renderer, x, y, selected ? ">" : " ", color);
            for (std::size_t c = 0; c < item.cells.size(); ++c) {
                if (item.cells[c].empty()) continue;
                const std::string cell =
                    fit_line(item.cells[c], static_cast<std::size_t>(std::max(4, at.cell_w[c] / advance)));
                font.draw(renderer, at.cell_x[c], y, cell, color);
                text_end = at.cell_x[c] + font.text_width(cell);
            }
        } else {
            font.draw(renderer, x, y, (selected ? "> " : "  ") + label, color);
        }
        int icon_x = std::max(text_end + advance, previews ? at.gems_x : 0);
        const int icon_y = y + (font.line_height() - 9) / 2;
        for (unsigned bit = 1; bit <= item.gems_placed; bit <<= 1) {
            if (!(item.gems_placed & bit)) continue;
            draw_gem_icon(renderer, icon_x, icon_y, (item.gems_found & bit) != 0);
            icon_x += gem_icon_w;
        }
        y += line;
    }
    // More items above or below the visible ones.
    if (at.up_mark.w > 0) font.draw(renderer, at.up_mark.x, at.up_mark.y, "^", {170, 190, 230, 255});
    if (at.down_mark.w > 0) font.draw(renderer, at.down_mark.x, at.down_mark.y, "v", {170, 190, 230, 255});

    if (!detail.empty()) {
        int text_w = 0;
        for (const std::string& l : detail) text_w = std::max(text_w, font.text_width(l));
        int dy = canvas_h - 10 - static_cast<int>(detail.size()) * font.line_height();
        SDL_Rect box{(canvas_w - text_w) / 2 - 6, dy - 4, text_w + 12,
                     static_cast<int>(detail.size()) * font.line_height() + 8};
        SDL_SetRenderDrawColor(renderer, 10, 12, 28, 225);
        SDL_RenderFillRect(renderer, &box);
        for (const std::string& l : detail) {
            font.draw(renderer, (canvas_w - font.text_width(l)) / 2, dy, l,
                      items[cursor].enabled ? SDL_Color{200, 220, 255, 255} : SDL_Color{255, 140, 120, 255});
            dy += font.line_height();
        }
    }
}

}  // namespace qs
