// Terrain from the merged rectangles: outline pieces retrace the tile outline with ghost vertices, one-way
// runs equal the tile rule, spike sensors (one per rectangle) hurt the player, ice pieces carry ice friction.
#include <doctest/doctest.h>

#include <box2d/box2d.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "game_shipped_levels.hpp"
#include "game_test_world.hpp"

namespace {

using qs::OutlinePoint;
using qs::TileGrid;
using qs::TileType;

/// The one-way runs as the tile rule defines them: a one-way tile with no one-way tile above, joined.
std::vector<qs::TerrainShapes::OneWayRun> one_way_runs_from_tiles(const TileGrid& tiles) {
    std::vector<qs::TerrainShapes::OneWayRun> runs;
    const auto one_way = static_cast<std::uint8_t>(TileType::oneway);
    for (int y = 0; y < tiles.height; ++y) {
        for (int x = 0; x < tiles.width;) {
            const auto is_top = [&](int cx) {
                return tiles.at(cx, y) == one_way && tiles.at(cx, y - 1) != one_way;
            };
            if (!is_top(x)) {
                ++x;
                continue;
            }
            int end = x;
            while (end < tiles.width && is_top(end)) ++end;
            runs.push_back({y, x, end});
            x = end;
        }
    }
    return runs;
}

/// Unit steps of a polyline from `points` (closed: back to the first).
std::vector<OutlinePoint> unit_vertices(const std::vector<OutlinePoint>& points, bool closed) {
    std::vector<OutlinePoint> out;
    const std::size_t segments = closed ? points.size() : points.size() - 1;
    for (std::size_t i = 0; i < segments; ++i) {
        OutlinePoint a = points[i];
        const OutlinePoint b = points[(i + 1) % points.size()];
        while (a != b) {
            out.push_back(a);
            a.x += (b.x > a.x) - (b.x < a.x);
            a.y += (b.y > a.y) - (b.y < a.y);
        }
    }
    if (!closed) out.push_back(points.back());
    return out;
}

/// Whether every unit edge of an outline piece runs along a solid cell (on its right-hand side on screen)
/// of the piece's kind: 1 for ice, 0 for other solid tiles.
bool piece_runs_along_its_kind(const qs::OutlinePiece& piece, const TileGrid& tiles) {
    const std::vector<OutlinePoint> steps = unit_vertices(piece.points, piece.closed);
    const std::size_t edges = piece.closed ? steps.size() : steps.size() - 1;
    for (std::size_t i = 0; i < edges; ++i) {
        const OutlinePoint a = steps[i], b = steps[(i + 1) % steps.size()];
        const bool east = b.x > a.x, south = b.y > a.y, north = b.y < a.y;
        const int cx = east || north ? a.x : a.x - 1;
        const int cy = east || south ? a.y : a.y - 1;
        if (!qs::tile_is_solid(tiles.at(cx, cy))) return false;
        const std::uint8_t kind = tiles.at(cx, cy) == static_cast<std::uint8_t>(TileType::ice) ? 1 : 0;
        if (kind != piece.kind) return false;
    }
    return true;
}

qs::test::MapLevel random_map(std::mt19937& random, int width, int height) {
    std::vector<std::string> rows(height, std::string(width, '.'));
    const char tiles[] = {'.', '.', '#', '=', '^', '~'};
    std::uniform_int_distribution<int> pick(0, 5);
    std::bernoulli_distribution keep(0.6);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            rows[y][x] = tiles[pick(random)];
            if (x > 0 && keep(random)) rows[y][x] = rows[y][x - 1];
            if (y > 0 && keep(random)) rows[y][x] = rows[y - 1][x];
        }
    }
    return qs::test::make_map_level(rows);
}

}  // namespace

TEST_CASE("terrain: shapes from the rectangles match the tile grid on random maps") {
    std::mt19937 random(99);
    for (int round = 0; round < 300; ++round) {
        const qs::test::MapLevel map = random_map(random, std::uniform_int_distribution<int>(1, 30)(random),
                                                  std::uniform_int_distribution<int>(1, 20)(random));
        const auto shapes = qs::TerrainShapes::build(*map.level);
        const TileGrid& tiles = map.level->tiles;
        const auto runs = one_way_runs_from_tiles(tiles);
        REQUIRE(shapes->one_way_runs.size() == runs.size());
        for (std::size_t i = 0; i < runs.size(); ++i) {
            CHECK(shapes->one_way_runs[i].y == runs[i].y);
            CHECK(shapes->one_way_runs[i].x0 == runs[i].x0);
            CHECK(shapes->one_way_runs[i].x1 == runs[i].x1);
        }
        // Pieces of each loop, in order, retrace the tile outline; ghosts are the neighbouring unit steps.
        const auto loops = qs::trace_outlines(tiles, [](std::uint8_t t) { return qs::tile_is_solid(t); });
        std::size_t piece = 0;
        for (const qs::OutlineLoop& loop : loops) {
            const std::vector<OutlinePoint> want = unit_vertices(loop, true);
            REQUIRE(piece < shapes->outline.size());
            if (shapes->outline[piece].closed) {
                CHECK(shapes->outline[piece].points == loop);
                ++piece;
                continue;
            }
            std::vector<OutlinePoint> got;
            std::vector<const qs::OutlinePiece*> open;
            std::vector<std::size_t> starts;
            while (piece < shapes->outline.size() && !shapes->outline[piece].closed &&
                   got.size() < want.size()) {
                const qs::OutlinePiece& p = shapes->outline[piece++];
                const std::vector<OutlinePoint> steps = unit_vertices(p.points, false);
                CHECK(steps.size() >= 2);
                open.push_back(&p);
                starts.push_back(got.size());
                got.insert(got.end(), steps.begin(), steps.end() - 1);
            }
            // The same cycle of unit vertices, starting somewhere along it; ghosts one step before/after.
            const std::size_t n = want.size();
            REQUIRE(got.size() == n);
            std::size_t offset = 0;
            for (; offset < n; ++offset) {
                bool same = true;
                for (std::size_t i = 0; i < n && same; ++i) same = got[i] == want[(i + offset) % n];
                if (same) break;
            }
            REQUIRE(offset < n);
            for (std::size_t k = 0; k < open.size(); ++k) {
                const std::size_t end = k + 1 < open.size() ? starts[k + 1] : n;
                CHECK(open[k]->ghost_before == got[(starts[k] + n - 1) % n]);
                CHECK(open[k]->ghost_after == got[(end + 1) % n]);
                CHECK(open[k]->points.back() == got[end % n]);
            }
        }
        CHECK(piece == shapes->outline.size());
        for (const qs::OutlinePiece& p : shapes->outline) CHECK(piece_runs_along_its_kind(p, tiles));
        std::size_t spike_tiles = 0, spike_area = 0;
        for (const auto tile : tiles.tiles)
            spike_tiles += tile == static_cast<std::uint8_t>(TileType::spikes);
        for (const auto& rect : shapes->spikes) spike_area += static_cast<std::size_t>(rect.w) * rect.h;
        CHECK(spike_area == spike_tiles);
    }
}

TEST_CASE("terrain: one spike sensor per spike rectangle; ice outline pieces have ice friction") {
    auto world = qs::test::make_world({
        "............",
        "..P.........",
        "............",
        "^^^^####~~~~",
        "^^^^####~~~~",
    });
    int sensors = 0, ice = 0, other = 0;
    for (b2Body* body = world->physics().GetBodyList(); body; body = body->GetNext()) {
        for (b2Fixture* fixture = body->GetFixtureList(); fixture; fixture = fixture->GetNext()) {
            if (fixture->IsSensor()) {
                ++sensors;
                REQUIRE(world->spike_rect(fixture) != nullptr);
                CHECK(*world->spike_rect(fixture) == qs::TileRect{0, 3, 4, 2, 3});
            } else if (fixture->GetType() == b2Shape::e_chain) {
                (fixture->GetFriction() < 0.5f ? ice : other) += 1;
            }
        }
    }
    CHECK(sensors == 1);
    CHECK(ice == 1);
    CHECK(other == 1);
    // Falling onto the spikes hurts through the sensor.
    qs::test::Driver driver{*world};
    const int health = world->player()->health;
    for (int i = 0; i < 60 && world->player()->health == health; ++i) driver.tick();
    CHECK(world->player()->health == health - 1);
}

TEST_CASE("terrain: check_level makes the shapes while reading the level, the same as building them after") {
    qs::test::for_each_shipped_level([](const qs::CheckedLevel& checked) {
        REQUIRE(checked.terrain);
        const auto after = qs::TerrainShapes::build(*checked.level);
        const qs::TerrainShapes& during = *checked.terrain;
        CHECK(during.chunk_parts == after->chunk_parts);
        CHECK(during.chunk_start == after->chunk_start);
        CHECK(during.spikes == after->spikes);
        REQUIRE(during.parts.size() == after->parts.size());
        for (std::size_t i = 0; i < during.parts.size(); ++i) {
            const qs::TerrainShapes::Part &a = during.parts[i], &b = after->parts[i];
            CHECK((a.kind == b.kind && a.outline_kind == b.outline_kind && a.piece == b.piece &&
                   a.first == b.first && a.count == b.count && a.chunks == b.chunks));
        }
        REQUIRE(during.outline.size() == after->outline.size());
        for (std::size_t i = 0; i < during.outline.size(); ++i) {
            CHECK(during.outline[i].points == after->outline[i].points);
            CHECK(during.outline[i].kind == after->outline[i].kind);
        }
    });
}
