// Particles of the presentation alone: landing and running dust, coin sparkles, the burst of a hurt or a
// death. They read positions from the world and never write to it; their random source is their own.
//
//   particles.emit(Particles::Kind::sparkle, x, y);   // tiles, like the world
//   particles.step(World::tick_seconds);              // once a tick
//   particles.draw(renderer, camera_x, camera_y, canvas_w, canvas_h);
#pragma once

#include <SDL.h>

#include <cstdint>
#include <vector>

namespace qs {

class Particles {
   public:
    enum class Kind { dust, sparkle, hurt, death };
    /// A puff of `kind` centred on (x, y) in tiles; the oldest particles go when there are too many.
    void emit(Kind kind, double x, double y);
    /// Moves every particle on by `seconds` and drops the spent ones.
    void step(double seconds);
    /// Draws them as small squares, with the camera centred on (cx, cy) in a w x h canvas (16 px a tile).
    void draw(SDL_Renderer* renderer, double cx, double cy, int w, int h) const;
    /// Forgets every particle (a level change, a load, a restart).
    void clear() { particles_.clear(); }
    std::size_t size() const { return particles_.size(); }

   private:
    struct Particle {
        double x, y, vx, vy;  ///< tiles, tiles per second
        double gravity;       ///< tiles per second squared
        double age, life;     ///< seconds
        SDL_Color colour;
        int size;  ///< canvas pixels
    };
    /// -1..1 from a xorshift source owned by this object.
    double random();

    std::vector<Particle> particles_;
    std::uint32_t random_state_ = 0x9e3779b9u;
};

}  // namespace qs
