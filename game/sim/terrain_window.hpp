// TerrainWindow: the part of the level's terrain a World keeps in Box2D — the chunks near the player.
// Only the player's body is dynamic and static or kinematic bodies never collide with terrain in Box2D,
// so terrain fixtures matter only where the player's broad-phase box can reach; the rest costs nothing.
//
//   window.build(physics, shapes, frictions, window.wanted(shapes, player_box));  // canonical (restore)
//   window.follow(shapes, player_box);                                           // each tick, before Step
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "game/sim/terrain_shapes.hpp"

class b2World;
class b2Body;
class b2Fixture;

namespace qs {

class TerrainWindow {
   public:
    /// Box2D fixture user data of one-way edges; spike sensor i has spike_tag_base + i.
    static constexpr std::uintptr_t one_way_tag = 1, spike_tag_base = 2;
    /// All terrain within this many tiles of the player's box is in Box2D. A contact needs the two
    /// broad-phase boxes to overlap; the player's is its box swept over one step and grown by
    /// 5 b2_aabbExtension plus 4 times the step's displacement (b2DynamicTree::MoveProxy), and a step moves
    /// a body at most b2_maxTranslation = 2 tiles: 2 + 0.5 + 4 * 2 + 0.1 (a terrain proxy's own growth)
    /// = 10.6 tiles, plus slack for position correction.
    static constexpr double margin = 12;
    /// Chunks leave once the player's box is this far (hysteresis: no churn along a chunk border).
    static constexpr double keep_margin = margin + TerrainShapes::chunk_size / 2.0;

    /// The player's collision box (centre, half extents) in tile units.
    struct Box {
        double x, y, half_width, half_height;
    };
    struct Frictions {
        float ground, ice;
    };

    /// The chunks a canonical build holds for `player`: those within `margin` of its box (none without).
    static TerrainShapes::ChunkSpan wanted(const TerrainShapes& shapes, const std::optional<Box>& player);

    /// Starts over in a fresh `physics`: one static body holding the parts that touch `chunks`, made in
    /// ascending part order (a pure function of `chunks`).
    void build(b2World& physics, const TerrainShapes& shapes, Frictions frictions,
               TerrainShapes::ChunkSpan chunks);
    /// Follows the player: adds the chunks within `margin` of its box, drops the chunks farther than
    /// `keep_margin` (no contact can exist there), keeping a rectangle of chunks. Without a player
    /// everything goes. Call right before b2World::Step, after anything that may move the player.
    void follow(const TerrainShapes& shapes, const std::optional<Box>& player);

    /// The chunks held now.
    TerrainShapes::ChunkSpan chunks() const { return held_; }
    /// Parts held now (fixtures in Box2D), ascending.
    std::size_t part_count() const { return fixtures_.size(); }

   private:
    /// Moves the held rectangle of chunks to `target`, adding and destroying only the parts that change.
    void move_to(const TerrainShapes& shapes, TerrainShapes::ChunkSpan target);
    b2Fixture* create_part(const TerrainShapes& shapes, std::uint32_t id);

    b2Body* body_ = nullptr;  ///< static, at the origin; owned by the b2World
    Frictions frictions_{};
    TerrainShapes::ChunkSpan held_;
    std::vector<std::pair<std::uint32_t, b2Fixture*>> fixtures_;  ///< by part id, ascending
    std::vector<std::uint32_t> changed_;                          ///< scratch
};

}  // namespace qs
