// TerrainShapes: the level's static collision shapes, made once per level from its merged rectangles and
// shared by a world and the worlds rebuilt from its snapshots: solid outline pieces, one-way edges, spikes.
#pragma once

#include <memory>
#include <vector>

#include "engine/level_data.hpp"
#include "engine/outline.hpp"
#include "engine/tile_grid.hpp"

namespace qs {

struct TerrainShapes {
    /// The top edge of a horizontal run of one-way tiles: row y, columns [x0, x1).
    struct OneWayRun {
        int y, x0, x1;
    };
    /// The outline around the union of the solid rectangles, split where ice starts and ends (for its
    /// friction): kind 1 along ice, 0 along other solid tiles.
    std::vector<OutlinePiece> outline;
    /// The tops of the one-way rectangles that have no one-way tile above, joined into maximal runs.
    std::vector<OneWayRun> one_way_runs;
    /// The spike rectangles: one sensor each.
    std::vector<TileRect> spikes;

    static std::shared_ptr<const TerrainShapes> build(const LevelData& level);
};

}  // namespace qs
