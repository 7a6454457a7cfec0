// Menu drawing and navigation.
#include "game/app/menu.hpp"

#include <algorithm>

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

void Menu::draw(SDL_Renderer* renderer, const BitmapFont& font, int canvas_w, int canvas_h,
                bool overlay) const {
    SDL_SetRenderDrawColor(renderer, 16, 20, 40, overlay ? 190 : 255);
    SDL_Rect all{0, 0, canvas_w, canvas_h};
    SDL_RenderFillRect(renderer, &all);
    int title_scale = 2;
    font.draw(renderer, (canvas_w - font.text_width(title, title_scale)) / 2, 24, title, {255, 214, 90, 255},
              title_scale);
    if (!subtitle.empty()) {
        font.draw(renderer, (canvas_w - font.text_width(subtitle)) / 2,
                  24 + font.line_height(title_scale) + 6, subtitle, {200, 210, 235, 255});
    }
    int line = font.line_height() + 5;
    int visible = std::max(1, (canvas_h - 120) / line);
    int first = std::clamp(cursor - visible / 2, 0, std::max(0, static_cast<int>(items.size()) - visible));
    int y = 78;
    for (int i = first; i < static_cast<int>(items.size()) && i < first + visible; ++i) {
        const MenuItem& item = items[i];
        bool selected = i == cursor;
        SDL_Color color = !item.enabled ? SDL_Color{130, 130, 150, 255}
                          : selected    ? SDL_Color{255, 255, 255, 255}
                                        : SDL_Color{170, 190, 230, 255};
        std::string text = (selected ? "> " : "  ") + item.label;
        font.draw(renderer, (canvas_w - font.text_width(item.label)) / 2 - font.text_width("> "), y, text,
                  color);
        y += line;
    }
    if (!items.empty() && !items[cursor].detail.empty()) {
        const std::string& detail = items[cursor].detail;
        // Wrap the detail to the canvas width.
        int max_chars = std::max(10, (canvas_w - 24) / std::max(1, font.text_width("M")));
        std::vector<std::string> lines;
        for (std::size_t start = 0; start < detail.size() && lines.size() < 4; start += max_chars) {
            lines.push_back(detail.substr(start, max_chars));
        }
        int dy = canvas_h - 12 - static_cast<int>(lines.size()) * font.line_height();
        for (const std::string& l : lines) {
            font.draw(renderer, 12, dy, l,
                      items[cursor].enabled ? SDL_Color{200, 220, 255, 255} : SDL_Color{255, 140, 120, 255});
            dy += font.line_height();
        }
    }
}

}  // namespace qs
