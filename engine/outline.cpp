// Outline tracing over the tile grid's pixel edges, and the Box2D chain-loop body built from the loops.
#include "engine/outline.hpp"

#include <array>

#include <box2d/box2d.h>

namespace qs {
namespace {

// Directions in clockwise order on screen (y down): a right turn is +1, a left turn +3.
enum Direction : int { kEast = 0, kSouth = 1, kWest = 2, kNorth = 3 };
constexpr std::array<int, 4> kStepX = {1, 0, -1, 0};
constexpr std::array<int, 4> kStepY = {0, 1, 0, -1};

/// Solid flags with a one-cell empty border, so the neighbours of any vertex can be read directly.
class SolidMask {
   public:
    SolidMask(const TileGrid& grid, const std::function<bool(std::uint8_t)>& is_solid)
        : width_(grid.width + 2),
          height_(grid.height + 2),
          cells_(static_cast<std::size_t>(width_) * height_, 0) {
        std::array<std::uint8_t, 256> solid_by_type{};
        for (int type = 0; type < 256; ++type)
            solid_by_type[type] = is_solid(static_cast<std::uint8_t>(type)) ? 1 : 0;
        for (int y = 0; y < grid.height; ++y) {
            const std::uint8_t* row = grid.tiles.data() + static_cast<std::size_t>(y) * grid.width;
            std::uint8_t* out = &cells_[static_cast<std::size_t>(y + 1) * width_ + 1];
            for (int x = 0; x < grid.width; ++x) out[x] = solid_by_type[row[x]];
        }
    }
    /// Whether grid cell (x, y) is solid; -1 and width/height are the empty border.
    bool solid(int x, int y) const { return cells_[static_cast<std::size_t>(y + 1) * width_ + (x + 1)] != 0; }

   private:
    int width_, height_;
    std::vector<std::uint8_t> cells_;
};

/// Whether the boundary edge leaving vertex (vx, vy) in `direction` exists with the orientation rule:
/// solid on the right-hand side on screen, empty on the side of (e.y, -e.x).
bool has_outgoing_edge(const SolidMask& mask, int vx, int vy, int direction) {
    switch (direction) {
        case kEast:
            return mask.solid(vx, vy) && !mask.solid(vx, vy - 1);  // below solid, above empty
        case kSouth:
            return mask.solid(vx - 1, vy) && !mask.solid(vx, vy);  // left solid, right empty
        case kWest:
            return mask.solid(vx - 1, vy - 1) && !mask.solid(vx - 1, vy);  // above solid
        default:
            return mask.solid(vx, vy - 1) && !mask.solid(vx - 1, vy - 1);  // right solid
    }
}

}  // namespace

std::vector<OutlineLoop> trace_outlines(const TileGrid& grid,
                                        const std::function<bool(std::uint8_t)>& is_solid) {
    std::vector<OutlineLoop> loops;
    if (grid.width <= 0 || grid.height <= 0) return loops;
    const SolidMask mask(grid, is_solid);

    // Horizontal edge (x, y) runs from vertex (x, y) to (x + 1, y); every loop has at least one, so
    // scanning them finds every loop. Marks which have been walked.
    const std::size_t edges_per_row = static_cast<std::size_t>(grid.width);
    std::vector<bool> walked(edges_per_row * (grid.height + 1), false);

    for (int y = 0; y <= grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x) {
            const bool above = mask.solid(x, y - 1), below = mask.solid(x, y);
            if (above == below || walked[y * edges_per_row + x]) continue;

            // Eastward when the solid cell is below, westward when above.
            const int start_direction = below ? kEast : kWest;
            const int start_x = below ? x : x + 1;
            OutlineLoop loop;
            int vx = start_x, vy = y, direction = start_direction;
            while (true) {
                if (direction == kEast) walked[vy * edges_per_row + vx] = true;
                if (direction == kWest) walked[vy * edges_per_row + vx - 1] = true;
                vx += kStepX[direction];
                vy += kStepY[direction];
                // Prefer the right turn: at a corner shared by two diagonal cells it keeps following
                // the same cell, so the two cells get separate loops.
                int next = direction;
                for (const int turn : {1, 0, 3}) {
                    const int candidate = (direction + turn) & 3;
                    if (has_outgoing_edge(mask, vx, vy, candidate)) {
                        next = candidate;
                        break;
                    }
                }
                if (next != direction) loop.push_back({vx, vy});
                if (vx == start_x && vy == y && next == start_direction) break;
                direction = next;
            }
            // Start the loop at its first corner on the starting edge's row when that corner was last.
            if (loop.size() > 1 && loop.back() == OutlinePoint{start_x, y}) {
                loop.insert(loop.begin(), loop.back());
                loop.pop_back();
            }
            loops.push_back(std::move(loop));
        }
    }
    return loops;
}

b2Body* create_outline_body(b2World& world, const std::vector<OutlineLoop>& loops, float friction) {
    b2BodyDef body_def;
    body_def.type = b2_staticBody;
    b2Body* body = world.CreateBody(&body_def);
    std::vector<b2Vec2> vertices;
    for (const OutlineLoop& loop : loops) {
        if (loop.size() < 3) continue;
        vertices.clear();
        for (const OutlinePoint& point : loop) {
            vertices.emplace_back(static_cast<float>(point.x), static_cast<float>(point.y));
        }
        b2ChainShape chain;
        chain.CreateLoop(vertices.data(), static_cast<int32>(vertices.size()));
        b2FixtureDef fixture_def;
        fixture_def.shape = &chain;
        fixture_def.friction = friction;
        body->CreateFixture(&fixture_def);
    }
    return body;
}

}  // namespace qs
