// Draws a World on the canvas: backdrop, visuals layers, tiles and entities with interpolation.
#pragma once

#include <vector>

#include "engine/camera.hpp"
#include "engine/render.hpp"
#include "game/sim/world.hpp"
#include "game/view/sprite_sheet.hpp"

namespace qs {

class WorldView {
   public:
    WorldView() = default;
    WorldView(const WorldView&) = delete;
    WorldView& operator=(const WorldView&) = delete;
    ~WorldView();

    /// Makes textures for the level's visuals layers.
    void set_level(SDL_Renderer* renderer, const LevelData& level);
    /// Draws the world seen from the camera centre (cx, cy); `alpha` blends last tick and this tick.
    /// `player_squash` is SquashStretch::amount() for the player's sprite.
    void draw(SDL_Renderer* renderer, const SpriteSheet& sheet, World& world, double cx, double cy,
              int canvas_w, int canvas_h, double alpha, double seconds, double player_squash = 0) const;

    /// The sky gradient and the slow parallax pattern, for a view whose top-left is at (left_px, top_px).
    static void draw_backdrop(SDL_Renderer* renderer, const SpriteSheet& sheet, int left_px, int top_px,
                              int canvas_w, int canvas_h);

   private:
    void release();
    /// The tiles in view, one atlas sprite each.
    static void draw_tiles(SDL_Renderer* renderer, const SpriteSheet& sheet, const TileGrid& tiles,
                           int left_px, int top_px, int canvas_w, int canvas_h, double seconds);
    /// Every entity through its draw_entity overload, at its position interpolated by `alpha`.
    static void draw_entities(SDL_Renderer* renderer, const SpriteSheet& sheet, const World& world,
                              int left_px, int top_px, double alpha, double seconds, double player_squash);
    void draw_visuals(SDL_Renderer* renderer, std::size_t first_layer, std::size_t end_layer, int left_px,
                      int top_px, int canvas_w, int canvas_h) const;

    /// A piece of a visuals layer small enough for any renderer's texture size limit.
    struct VisualChunk {
        SDL_Texture* texture = nullptr;
        int x = 0, y = 0, w = 0, h = 0;  ///< where it lies in the layer image, pixels
    };
    struct VisualLayer {
        int width = 0, height = 0;  ///< the layer image size
        double parallax = 1;        ///< how far it moves with the camera (LevelData::parallax)
        std::vector<VisualChunk> chunks;
    };
    std::vector<VisualLayer> visuals_;
    int level_width_ = 0, level_height_ = 0;  ///< tiles
};

}  // namespace qs
