// TerrainShapes: the level's static collision shapes, traced once per level from the tile grid and shared
// by a world and the worlds rebuilt from its snapshots: solid outlines and the top edges of one-way runs.
#pragma once

#include <memory>
#include <vector>

#include "engine/outline.hpp"
#include "engine/tile_grid.hpp"

namespace qs {

struct TerrainShapes {
    /// The top edge of a horizontal run of one-way tiles: row y, columns [x0, x1).
    struct OneWayRun {
        int y, x0, x1;
    };
    std::vector<OutlineLoop> loops;
    std::vector<OneWayRun> one_way_runs;

    static std::shared_ptr<const TerrainShapes> trace(const TileGrid& tiles);
};

}  // namespace qs
