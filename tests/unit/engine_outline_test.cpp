// Tests for outline tracing (orientation, holes, corner-touching cells, coverage of every boundary edge)
// and for the Box2D chain-loop body: boxes and circles slide across tile seams without snagging. The dev
// test tier (test_sizing.hpp) traces 75 random grids in bands instead of 300.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <box2d/box2d.h>

#include "engine/outline.hpp"
#include "engine/rect_partition.hpp"
#include "test_sizing.hpp"

namespace {

using qs::OutlineLoop;
using qs::OutlinePoint;
using qs::TileGrid;

bool non_empty(std::uint8_t tile) {
    return tile != 0;
}

TileGrid digit_grid(const std::vector<std::string>& rows) {
    TileGrid grid(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
    for (int y = 0; y < grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x)
            grid.set(x, y, rows[y][x] == '.' ? 0 : static_cast<std::uint8_t>(rows[y][x] - '0'));
    }
    return grid;
}

/// Twice the signed shoelace area: positive for outer loops, negative for holes.
long twice_area(const OutlineLoop& loop) {
    long sum = 0;
    for (std::size_t i = 0; i < loop.size(); ++i) {
        const OutlinePoint& a = loop[i];
        const OutlinePoint& b = loop[(i + 1) % loop.size()];
        sum += static_cast<long>(a.x) * b.y - static_cast<long>(b.x) * a.y;
    }
    return sum;
}

int floor_half(int twice) {
    return twice >= 0 ? twice / 2 : -((-twice + 1) / 2);
}

/// Checks the loops against the grid: closed rectilinear loops without duplicate or collinear neighbours,
/// every edge with solid on one side and empty on the side of (e.y, -e.x), and every solid/empty unit
/// edge of the grid walked exactly once.
void check_loops(const TileGrid& grid, const std::vector<OutlineLoop>& loops,
                 bool (*solid_type)(std::uint8_t)) {
    const auto solid = [&](int x, int y) { return solid_type(grid.at(x, y)); };
    std::map<std::tuple<int, int, int, int>, int> walked;  // unit edge (from, to) -> times
    for (const OutlineLoop& loop : loops) {
        REQUIRE(loop.size() >= 4);
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const OutlinePoint a = loop[i];
            const OutlinePoint b = loop[(i + 1) % loop.size()];
            const OutlinePoint c = loop[(i + 2) % loop.size()];
            REQUIRE((a.x != b.x || a.y != b.y));  // never a duplicate (Box2D needs > b2_linearSlop)
            REQUIRE((a.x == b.x || a.y == b.y));  // pixel edges only
            const int ex = b.x - a.x, ey = b.y - a.y, fx = c.x - b.x, fy = c.y - b.y;
            REQUIRE(ex * fy - ey * fx != 0);  // a real corner: no collinear points kept
            const int dx = (ex > 0) - (ex < 0), dy = (ey > 0) - (ey < 0);
            const int nx = dy, ny = -dx;  // Box2D's normal (e.y, -e.x), pointing to the empty side
            for (int step = 0, length = std::abs(ex) + std::abs(ey); step < length; ++step) {
                const int px = a.x + dx * step, py = a.y + dy * step;
                // Twice the midpoint of the unit edge, moved half a cell to either side.
                const int mx2 = 2 * px + dx, my2 = 2 * py + dy;
                const int empty_x = floor_half(mx2 + nx), empty_y = floor_half(my2 + ny);
                const int solid_x = floor_half(mx2 - nx), solid_y = floor_half(my2 - ny);
                REQUIRE(solid(solid_x, solid_y));
                REQUIRE_FALSE(solid(empty_x, empty_y));
                ++walked[{px, py, px + dx, py + dy}];
            }
        }
    }
    int boundary_edges = 0;
    for (int y = -1; y <= grid.height; ++y) {
        for (int x = -1; x <= grid.width; ++x) {
            if (solid(x, y) != solid(x + 1, y)) ++boundary_edges;
            if (solid(x, y) != solid(x, y + 1)) ++boundary_edges;
        }
    }
    REQUIRE(static_cast<int>(walked.size()) == boundary_edges);
    for (const auto& [edge, times] : walked) REQUIRE(times == 1);
}

}  // namespace

TEST_CASE("outline: a single cell is one loop in Box2D's outward orientation") {
    const TileGrid grid = digit_grid({"...", ".1.", "..."});
    const auto loops = qs::trace_outlines(grid, non_empty);
    REQUIRE(loops.size() == 1);
    CHECK(loops[0] == OutlineLoop{{1, 1}, {2, 1}, {2, 2}, {1, 2}});
    CHECK(twice_area(loops[0]) == 2);
    check_loops(grid, loops, non_empty);
}

TEST_CASE("outline: the grid border counts as empty") {
    TileGrid grid(5, 3);
    for (auto& tile : grid.tiles) tile = 1;
    const auto loops = qs::trace_outlines(grid, non_empty);
    REQUIRE(loops.size() == 1);
    CHECK(loops[0] == OutlineLoop{{0, 0}, {5, 0}, {5, 3}, {0, 3}});
    CHECK(qs::trace_outlines(TileGrid(4, 4), non_empty).empty());
    CHECK(qs::trace_outlines(TileGrid{}, non_empty).empty());
}

TEST_CASE("outline: tile types do not split outlines, and is_solid picks the solid types") {
    const TileGrid grid = digit_grid({"1212", "2121"});
    auto loops = qs::trace_outlines(grid, non_empty);
    REQUIRE(loops.size() == 1);
    CHECK(loops[0] == OutlineLoop{{0, 0}, {4, 0}, {4, 2}, {0, 2}});
    const auto only_ones = [](std::uint8_t tile) { return tile == 1; };
    loops = qs::trace_outlines(grid, only_ones);
    CHECK(loops.size() == 4);
    check_loops(grid, loops, [](std::uint8_t tile) { return tile == 1; });
}

TEST_CASE("outline: a ring has an outer loop and a hole loop") {
    const TileGrid grid = digit_grid({"111", "1.1", "111"});
    const auto loops = qs::trace_outlines(grid, non_empty);
    REQUIRE(loops.size() == 2);
    CHECK(loops[0] == OutlineLoop{{0, 0}, {3, 0}, {3, 3}, {0, 3}});
    CHECK(twice_area(loops[0]) == 18);
    CHECK(twice_area(loops[1]) == -2);  // the hole runs the other way round
    CHECK(loops[1].size() == 4);
    check_loops(grid, loops, non_empty);
}

TEST_CASE("outline: cells touching only at a corner get separate loops") {
    const TileGrid grid = digit_grid({"1.", ".1"});
    const auto loops = qs::trace_outlines(grid, non_empty);
    REQUIRE(loops.size() == 2);
    CHECK(loops[0] == OutlineLoop{{0, 0}, {1, 0}, {1, 1}, {0, 1}});
    CHECK(loops[1] == OutlineLoop{{1, 1}, {2, 1}, {2, 2}, {1, 2}});
    check_loops(grid, loops, non_empty);

    const TileGrid other = digit_grid({".1", "1."});
    const auto other_loops = qs::trace_outlines(other, non_empty);
    CHECK(other_loops.size() == 2);
    check_loops(other, other_loops, non_empty);

    // Holes touching at a corner inside a solid block: the solid cells keep apart, so the two holes
    // form one pinched loop that passes the shared corner twice, never twice in a row.
    const TileGrid holes = digit_grid({"1111", "1.11", "11.1", "1111"});
    const auto hole_loops = qs::trace_outlines(holes, non_empty);
    REQUIRE(hole_loops.size() == 2);
    CHECK(twice_area(hole_loops[1]) == -4);
    CHECK(std::count(hole_loops[1].begin(), hole_loops[1].end(), OutlinePoint{2, 2}) == 2);
    check_loops(holes, hole_loops, non_empty);
}

TEST_CASE("outline: an L-shape and a staircase keep only their corners") {
    const TileGrid grid = digit_grid({"1..", "1..", "111"});
    const auto loops = qs::trace_outlines(grid, non_empty);
    REQUIRE(loops.size() == 1);
    CHECK(loops[0] == OutlineLoop{{0, 0}, {1, 0}, {1, 2}, {3, 2}, {3, 3}, {0, 3}});
    const TileGrid stairs = digit_grid({"..1", ".11", "111"});
    const auto stair_loops = qs::trace_outlines(stairs, non_empty);
    REQUIRE(stair_loops.size() == 1);
    CHECK(stair_loops[0].size() == 8);
    check_loops(stairs, stair_loops, non_empty);
}

TEST_CASE("outline: random grids are traced exactly and Box2D accepts every loop") {
    std::mt19937 random(99);
    for (int round = 0; round < 1500; ++round) {
        // Some wider than 64 cells: the scan reads 64 edges at a time.
        const int width = std::uniform_int_distribution<int>(1, round % 10 == 0 ? 200 : 20)(random);
        const int height = std::uniform_int_distribution<int>(1, 20)(random);
        const double fill = std::uniform_real_distribution<double>(0.1, 0.9)(random);
        std::bernoulli_distribution solid(fill);
        std::uniform_int_distribution<int> type(1, 3);
        TileGrid grid(width, height);
        for (auto& tile : grid.tiles) tile = solid(random) ? static_cast<std::uint8_t>(type(random)) : 0;
        const auto loops = qs::trace_outlines(grid, non_empty);
        check_loops(grid, loops, non_empty);
        if (round % 50 == 0) {
            b2World world(b2Vec2(0.0f, 10.0f));
            b2Body* body = qs::create_outline_body(world, loops, 0.5f);
            int fixtures = 0;
            for (b2Fixture* fixture = body->GetFixtureList(); fixture; fixture = fixture->GetNext()) {
                CHECK(fixture->GetType() == b2Shape::e_chain);
                CHECK(fixture->GetFriction() == doctest::Approx(0.5f));
                ++fixtures;
            }
            CHECK(fixtures == static_cast<int>(loops.size()));
            CHECK(body->GetType() == b2_staticBody);
        }
    }
}

TEST_CASE("outline: tracing in bands of rows and splitting in shares give what one pass gives") {
    std::mt19937 random(7);
    const auto kind_of = [](std::uint8_t type) -> std::uint8_t { return type == 2 ? 1 : 0; };
    const int rounds = qs::test::tiered(300, 75);
    for (int round = 0; round < rounds; ++round) {
        const int width = std::uniform_int_distribution<int>(1, 60)(random);
        const int height = std::uniform_int_distribution<int>(1, 60)(random);
        std::bernoulli_distribution solid(std::uniform_real_distribution<double>(0.2, 0.8)(random));
        std::uniform_int_distribution<int> type(1, 3);
        TileGrid grid(width, height);
        for (auto& tile : grid.tiles) tile = solid(random) ? static_cast<std::uint8_t>(type(random)) : 0;
        // Large shapes too: loops that cross many bands.
        if (round % 3 == 0) {
            for (int y = 1; y + 1 < height; ++y) grid.set(width / 2, y, 1);
        }
        const auto one_pass = qs::trace_outlines(grid, non_empty, 1);
        const auto one_pass_pieces = qs::split_outlines(one_pass, grid, kind_of, 1);
        for (const int bands : {2, 3, 7, 100}) {
            CAPTURE(bands);
            const auto loops = qs::trace_outlines(grid, non_empty, bands);
            REQUIRE(loops == one_pass);
            const auto pieces = qs::split_outlines(loops, grid, kind_of, bands);
            REQUIRE(pieces.size() == one_pass_pieces.size());
            for (std::size_t i = 0; i < pieces.size(); ++i) {
                CHECK(pieces[i].points == one_pass_pieces[i].points);
                CHECK(pieces[i].ghost_before == one_pass_pieces[i].ghost_before);
                CHECK(pieces[i].ghost_after == one_pass_pieces[i].ghost_after);
                CHECK(pieces[i].closed == one_pass_pieces[i].closed);
                CHECK(pieces[i].kind == one_pass_pieces[i].kind);
            }
        }
    }
}

namespace {

/// Checks that `pieces` are `expected`, piece by piece.
void check_same_pieces(const std::vector<qs::OutlinePiece>& pieces,
                       const std::vector<qs::OutlinePiece>& expected) {
    REQUIRE(pieces.size() == expected.size());
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        CAPTURE(i);
        CHECK(pieces[i].points == expected[i].points);
        CHECK(pieces[i].ghost_before == expected[i].ghost_before);
        CHECK(pieces[i].ghost_after == expected[i].ghost_after);
        CHECK(pieces[i].closed == expected[i].closed);
        CHECK(pieces[i].kind == expected[i].kind);
    }
}

}  // namespace

TEST_CASE("outline: pieces traced straight from rectangles are those of painting, tracing and splitting") {
    std::mt19937 random(23);
    const auto solid_type = [](std::uint8_t type) { return type != 3; };  // 3 is not solid, like one-way
    for (int round = 0; round < 400; ++round) {
        CAPTURE(round);
        // Three kinds among the solid types (two bit planes), two (one plane), or one (none).
        const int kinds = 3 - round % 3;
        const auto kind_of = [kinds](std::uint8_t type) -> std::uint8_t {
            if (kinds == 1) return 5;
            return type == 2 ? 1 : type == 4 && kinds == 3 ? 7 : 0;
        };
        const int width = std::uniform_int_distribution<int>(1, round % 4 == 0 ? 150 : 50)(random);
        const int height = std::uniform_int_distribution<int>(1, 50)(random);
        std::vector<qs::TileRect> rects;
        if (round % 2 == 0) {
            // A level's rectangles: the merged partition of a grid of types 0-4.
            std::bernoulli_distribution filled(std::uniform_real_distribution<double>(0.2, 0.9)(random));
            std::uniform_int_distribution<int> type(1, 4);
            TileGrid grid(width, height);
            for (auto& tile : grid.tiles) tile = filled(random) ? static_cast<std::uint8_t>(type(random)) : 0;
            rects = qs::partition_rectangles(grid);
        } else {
            // Any rectangles: overlapping (a later one paints over), partly or wholly outside, of type 0.
            const int count = std::uniform_int_distribution<int>(0, 30)(random);
            std::uniform_int_distribution<int> x(-5, width + 2), y(-5, height + 2), side(0, 12), type(0, 4);
            for (int i = 0; i < count; ++i)
                rects.push_back({x(random), y(random), side(random), side(random),
                                 static_cast<std::uint8_t>(type(random))});
        }
        TileGrid painted(width, height);
        for (const qs::TileRect& rect : rects) {
            if (rect.type == 0 || !solid_type(rect.type)) continue;
            for (int y = rect.y; y < rect.y + rect.h; ++y)
                for (int x = rect.x; x < rect.x + rect.w; ++x)
                    if (painted.inside(x, y)) painted.set(x, y, rect.type);
        }
        const auto expected =
            qs::split_outlines(qs::trace_outlines(painted, non_empty, 1), painted, kind_of, 1);
        for (const int bands : {1, 2, 5}) {
            CAPTURE(bands);
            check_same_pieces(qs::trace_outline_pieces(width, height, rects, solid_type, kind_of, bands),
                              expected);
        }
    }
    const auto one_kind = [](std::uint8_t) -> std::uint8_t { return 0; };
    CHECK(qs::trace_outline_pieces(0, 5, {}, solid_type, one_kind).empty());
    const std::vector<qs::TileRect> outside = {{-3, -3, 2, 2, 1}, {10, 0, 4, 4, 1}};
    CHECK(qs::trace_outline_pieces(8, 8, outside, solid_type, one_kind).empty());
}

namespace {

/// A 40x24 room: walls, floor and ceiling three tiles thick, made of many small blocks whose types
/// alternate (ground / ice), so the rectangles meet in seams everywhere along every surface.
TileGrid seam_heavy_room() {
    TileGrid grid(40, 24);
    for (int y = 0; y < grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x) {
            const bool wall = x < 3 || x >= grid.width - 3 || y < 3 || y >= grid.height - 3;
            if (wall) grid.set(x, y, static_cast<std::uint8_t>(1 + ((x / (1 + y % 3) + y) % 2)));
        }
    }
    return grid;
}

enum class Shape { box, circle };

/// Slides a frictionless body along one surface of the room while `gravity` presses it against the
/// surface; returns the largest relative change of its speed along the surface over all steps.
float worst_speed_change(Shape shape, b2Vec2 start, b2Vec2 velocity, b2Vec2 gravity, int steps) {
    b2World world(gravity);
    qs::create_outline_body(world, qs::trace_outlines(seam_heavy_room(), non_empty), 0.0f);
    b2BodyDef body_def;
    body_def.type = b2_dynamicBody;
    body_def.position = start;
    body_def.linearVelocity = velocity;
    body_def.allowSleep = false;
    body_def.fixedRotation = true;
    b2Body* body = world.CreateBody(&body_def);
    b2PolygonShape box;
    box.SetAsBox(0.45f, 0.45f);
    b2CircleShape circle;
    circle.m_radius = 0.45f;
    b2FixtureDef fixture_def;
    fixture_def.shape = shape == Shape::box ? static_cast<const b2Shape*>(&box) : &circle;
    fixture_def.density = 1.0f;
    fixture_def.friction = 0.0f;
    body->CreateFixture(&fixture_def);

    const b2Vec2 along = (1.0f / velocity.Length()) * velocity;
    const float speed = velocity.Length();
    float worst = 0.0f;
    for (int step = 0; step < steps; ++step) {
        world.Step(1.0f / 60.0f, 8, 3);
        const float now = b2Dot(body->GetLinearVelocity(), along);
        worst = std::max(worst, std::abs(now - speed) / speed);
    }
    // It really slid the whole way, pressed against the surface.
    CHECK(b2Dot(body->GetPosition() - start, along) == doctest::Approx(speed * steps / 60.0f).epsilon(0.02));
    bool touching = false;
    for (b2ContactEdge* edge = body->GetContactList(); edge; edge = edge->next)
        touching |= edge->contact->IsTouching();
    CHECK(touching);
    return worst;
}

}  // namespace

TEST_CASE("outline: boxes and circles slide across floor, wall and ceiling seams without snagging") {
    // The room's inside spans x 3..37 and y 3..21 (y down); each run stays clear of the far wall.
    for (const Shape shape : {Shape::box, Shape::circle}) {
        CAPTURE(static_cast<int>(shape));
        // Floor: gravity down (+y), sliding right, then left.
        CHECK(worst_speed_change(shape, {5.0f, 20.5f}, {8.0f, 0.0f}, {0.0f, 30.0f}, 210) <= 0.01f);
        CHECK(worst_speed_change(shape, {35.0f, 20.5f}, {-8.0f, 0.0f}, {0.0f, 30.0f}, 210) <= 0.01f);
        // Right wall: gravity to the right, sliding down; left wall: gravity left, sliding up.
        CHECK(worst_speed_change(shape, {36.5f, 4.5f}, {0.0f, 8.0f}, {30.0f, 0.0f}, 100) <= 0.01f);
        CHECK(worst_speed_change(shape, {3.5f, 19.5f}, {0.0f, -8.0f}, {-30.0f, 0.0f}, 100) <= 0.01f);
        // Ceiling: gravity up, sliding right.
        CHECK(worst_speed_change(shape, {5.0f, 3.5f}, {8.0f, 0.0f}, {0.0f, -30.0f}, 210) <= 0.01f);
    }
}
