// The debug overlay: the frame-time graph and the figures beside it.
#include "game/view/debug_overlay.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace qs {

namespace {

/// The graph's height in canvas pixels, and the milliseconds it shows (two budgets: a frame twice over
/// the budget reaches the top, longer ones are cut and drawn red at the top).
constexpr int graph_h = 48;
constexpr double graph_ms = 2 * frame_budget_ms;
constexpr int bar_w = 2;
constexpr int margin = 4;

int ms_to_pixels(double ms) {
    return static_cast<int>(std::clamp(ms, 0.0, graph_ms) * graph_h / graph_ms + 0.5);
}

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
    char text[96];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

}  // namespace

SDL_Rect debug_overlay_rect(const BitmapFont& font, int canvas_w, int canvas_h) {
    const int text_w = font.text_width("rewind 000.0 MB of 000, 00.0 s");
    const int w = std::max(static_cast<int>(FrameHistory::capacity) * bar_w, text_w) + 2 * margin;
    const int h = graph_h + 5 * font.line_height() + 6 * 2 + 2 * margin;
    return SDL_Rect{std::max(0, canvas_w - w - 4), std::max(0, canvas_h - h - 4), w, h};
}

void draw_debug_overlay(SDL_Renderer* r, const BitmapFont& font, const FrameHistory& history,
                        const DebugFigures& figures, int canvas_w, int canvas_h) {
    const SDL_Rect panel = debug_overlay_rect(font, canvas_w, canvas_h);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 8, 10, 24, 200);
    SDL_RenderFillRect(r, &panel);

    // The graph: newest frame on the right.
    const int graph_left = panel.x + margin, graph_bottom = panel.y + margin + graph_h;
    const int first_x = graph_left + static_cast<int>(FrameHistory::capacity - history.size()) * bar_w;
    for (std::size_t i = 0; i < history.size(); ++i) {
        const FrameTimes& f = history[i];
        const int x = first_x + static_cast<int>(i) * bar_w;
        int bottom = graph_bottom;
        const struct {
            double ms;
            SDL_Color colour;
        } parts[] = {{f.tick_ms, {90, 150, 255, 255}},
                     {f.render_ms, {110, 220, 120, 255}},
                     {f.present_ms, {240, 210, 90, 255}}};
        double so_far = 0;
        for (const auto& part : parts) {
            const int top = graph_bottom - ms_to_pixels(so_far + part.ms);
            so_far += part.ms;
            if (bottom - top <= 0) continue;
            SDL_SetRenderDrawColor(r, part.colour.r, part.colour.g, part.colour.b, part.colour.a);
            SDL_Rect bar{x, top, bar_w, bottom - top};
            SDL_RenderFillRect(r, &bar);
            bottom = top;
        }
        if (f.total() > graph_ms) {  // off the scale
            SDL_SetRenderDrawColor(r, 255, 70, 70, 255);
            SDL_Rect cap{x, graph_bottom - graph_h, bar_w, 3};
            SDL_RenderFillRect(r, &cap);
        }
    }
    // The 60 Hz budget.
    SDL_SetRenderDrawColor(r, 255, 90, 90, 220);
    const int budget_y = graph_bottom - ms_to_pixels(frame_budget_ms);
    SDL_RenderDrawLine(r, graph_left, budget_y,
                       graph_left + static_cast<int>(FrameHistory::capacity) * bar_w - 1, budget_y);

    const FrameTimes last = history.last();
    const int line = font.line_height() + 2;
    int y = graph_bottom + 4;
    const int x = panel.x + margin;
    const SDL_Color text{220, 225, 240, 255};
    font.draw(r, x, y, format("frame %.2f ms  worst %.1f", last.total(), history.worst_ms()), text);
    y += line;
    font.draw(r, x, y, format("tick %.2f  render %.2f", last.tick_ms, last.render_ms), {150, 185, 255, 255});
    y += line;
    font.draw(r, x, y, format("present %.2f ms", last.present_ms), {240, 210, 90, 255});
    y += line;
    font.draw(r, x, y,
              "tick " + std::to_string(figures.tick) + "  entities " + std::to_string(figures.entities),
              text);
    y += line;
    std::string rewind = format("rewind %.1f MB", static_cast<double>(figures.rewind_bytes) / (1 << 20));
    if (figures.rewind_budget > 0)
        rewind += format(" of %.0f", static_cast<double>(figures.rewind_budget) / (1 << 20));
    rewind += format(", %.1f s", static_cast<double>(figures.rewind_ticks) / 60.0);
    font.draw(r, x, y, rewind, text);
}

}  // namespace qs
