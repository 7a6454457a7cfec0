// The debug overlay (F3): a graph of the last frames' times against the 60 Hz budget, the last frame's
// tick, render and present milliseconds, the entity count and the rewind recording's memory. Drawn over
// everything in the bottom-right corner (clear of the HUD and the rewind banner); it only reads what it is
// given.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <SDL.h>

#include "engine/bitmap_font.hpp"

namespace qs {

/// One frame's times in milliseconds.
struct FrameTimes {
    double tick_ms = 0;
    double render_ms = 0;
    double present_ms = 0;
    double total() const { return tick_ms + render_ms + present_ms; }
};

/// The times of the last `capacity` frames, oldest first.
class FrameHistory {
   public:
    static constexpr std::size_t capacity = 120;

    void push(const FrameTimes& times) {
        frames_[(first_ + size_) % capacity] = times;
        if (size_ < capacity) {
            ++size_;
        } else {
            first_ = (first_ + 1) % capacity;
        }
    }
    std::size_t size() const { return size_; }
    /// The i-th frame kept, 0 the oldest (i < size()).
    const FrameTimes& operator[](std::size_t i) const { return frames_[(first_ + i) % capacity]; }
    /// The newest frame; all zero when none is kept.
    FrameTimes last() const { return size_ ? (*this)[size_ - 1] : FrameTimes{}; }
    /// The longest total of the frames kept.
    double worst_ms() const {
        double worst = 0;
        for (std::size_t i = 0; i < size_; ++i)
            worst = (*this)[i].total() > worst ? (*this)[i].total() : worst;
        return worst;
    }

   private:
    std::array<FrameTimes, capacity> frames_{};
    std::size_t first_ = 0, size_ = 0;
};

/// What the overlay shows beside the frame times.
struct DebugFigures {
    std::int64_t tick = 0;          ///< the tick counter
    std::size_t entities = 0;       ///< live entities in the world
    std::int64_t rewind_ticks = 0;  ///< recorded ticks available to rewind
    std::size_t rewind_bytes = 0;   ///< memory they use
    std::size_t rewind_budget = 0;  ///< the recording's byte limit (0: unknown)
};

/// The frame budget at 60 frames a second, the graph's reference line.
inline constexpr double frame_budget_ms = 1000.0 / 60.0;

/// The overlay's panel on a canvas of canvas_w x canvas_h (its bottom-right corner).
SDL_Rect debug_overlay_rect(const BitmapFont& font, int canvas_w, int canvas_h);

/// Draws the overlay: each kept frame a bar of tick (blue), render (green) and present (yellow) time, the
/// budget line, and the figures as text.
void draw_debug_overlay(SDL_Renderer* renderer, const BitmapFont& font, const FrameHistory& history,
                        const DebugFigures& figures, int canvas_w, int canvas_h);

}  // namespace qs
