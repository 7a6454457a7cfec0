// The terrain window (game/sim/terrain_window.hpp): the parts cut by chunk hold every outline edge exactly
// once with the ghost vertices the whole piece gives it; a windowed world has, tick after tick, the same
// player contacts and the same exact state (every field's bytes; the dump too every 100 ticks) as one
// holding the whole terrain; and the canonical build depends on the snapshot alone.
// Still bodies (doors, turrets) are held the same way: Box2D has those near the player only, with the same
// contacts and the same future as a world holding them all. In the sanitizer build the shipped levels and
// the corridor play 600 ticks each (one F5 + F9 among them); the full lengths run in the release build
// (test_sizing.hpp). The dev test tier plays its sample of the shipped levels
// (game_shipped_levels.hpp: tier_levels).
#include <doctest/doctest.h>

#include <box2d/box2d.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"
#include "game/save/state_dump.hpp"
#include "game/sim/still_fixture.hpp"
#include "game/sim/tuning.hpp"
#include "game_rewind_run.hpp"
#include "game_shipped_levels.hpp"
#include "game_test_world.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// One child edge as Box2D collides it: its two ends and its ghost vertices.
using ChildEdge = std::tuple<float, float, float, float, float, float, float, float>;

ChildEdge child_edge(const b2ChainShape& chain, int index) {
    b2EdgeShape edge;
    chain.GetChildEdge(&edge, index);
    return {edge.m_vertex0.x, edge.m_vertex0.y, edge.m_vertex1.x, edge.m_vertex1.y,
            edge.m_vertex2.x, edge.m_vertex2.y, edge.m_vertex3.x, edge.m_vertex3.y};
}

std::vector<b2Vec2> vecs(const std::vector<OutlinePoint>& points) {
    std::vector<b2Vec2> out;
    for (const OutlinePoint& p : points) out.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
    return out;
}

/// The child edges (with friction kind) of the whole pieces, as a world holding all of its terrain has them.
std::vector<std::pair<ChildEdge, int>> piece_edges(const TerrainShapes& shapes) {
    std::vector<std::pair<ChildEdge, int>> out;
    for (const OutlinePiece& piece : shapes.outline) {
        if (piece.points.size() < (piece.closed ? 3u : 2u)) continue;
        const std::vector<b2Vec2> v = vecs(piece.points);
        b2ChainShape chain;
        if (piece.closed) {
            chain.CreateLoop(v.data(), static_cast<int32>(v.size()));
        } else {
            chain.CreateChain(v.data(), static_cast<int32>(v.size()), vecs({piece.ghost_before})[0],
                              vecs({piece.ghost_after})[0]);
        }
        for (int i = 0; i < chain.GetChildCount(); ++i) out.emplace_back(child_edge(chain, i), piece.kind);
    }
    std::sort(out.begin(), out.end());
    return out;
}

qs::test::MapLevel random_window_map(std::mt19937& random, int width, int height) {
    std::vector<std::string> rows(height, std::string(width, '.'));
    const char tiles[] = {'.', '.', '.', '#', '=', '^', '~'};
    std::uniform_int_distribution<int> pick(0, 6);
    std::bernoulli_distribution keep(0.7);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            rows[y][x] = tiles[pick(random)];
            if (x > 0 && keep(random)) rows[y][x] = rows[y][x - 1];
            if (y > 0 && keep(random)) rows[y][x] = rows[y - 1][x];
        }
    }
    return qs::test::make_map_level(rows);
}

/// A long corridor with steps, a long floor, one-way ledges, spikes and ice, for a player to run through.
MapLevel corridor() {
    const int width = 180, height = 40;
    std::vector<std::string> rows(height, std::string(width, '.'));
    for (int x = 0; x < width; ++x) {
        rows[0][x] = rows[height - 1][x] = rows[height - 2][x] = '#';
        if (x % 37 > 30) rows[height - 3][x] = '#';              // steps
        if (x % 53 > 44) rows[height - 8][x] = '=';              // one-way ledges
        if (x % 41 > 36) rows[height - 2][x] = '^';              // spike pits
        if (x > 100 && x < 140) rows[height - 2][x] = '~';       // ice
        if (x % 16 == 15 && x > 20) rows[height - 12][x] = '#';  // blocks on chunk borders
    }
    for (int y = 0; y < height; ++y) rows[y][0] = rows[y][width - 1] = '#';
    rows[height - 5][3] = 'P';
    return make_map_level(rows);
}

/// Every contact of the player's body, described by what it touches: a terrain child edge (with its ghost
/// vertices) or spike rectangle, or an entity body; and whether it touches.
std::vector<std::string> player_contacts(World& world) {
    std::vector<std::string> out;
    const b2Body* body = world.body(world.game.player);
    if (!body) return out;
    for (const b2ContactEdge* edge = body->GetContactList(); edge; edge = edge->next) {
        b2Contact* contact = edge->contact;
        const bool mine = contact->GetFixtureA()->GetBody() == body;
        b2Fixture* other = mine ? contact->GetFixtureB() : contact->GetFixtureA();
        const int child = mine ? contact->GetChildIndexB() : contact->GetChildIndexA();
        std::ostringstream text;
        text << (contact->IsTouching() ? "touching " : "near ");
        if (other->GetType() == b2Shape::e_chain) {
            const auto [a, b, c, d, e, f, g, h] =
                child_edge(*static_cast<const b2ChainShape*>(other->GetShape()), child);
            text << "edge " << a << "," << b << " " << c << "," << d << " " << e << "," << f << " " << g
                 << "," << h << " friction " << other->GetFriction();
        } else if (const TileRect* spike = world.spike_rect(other)) {
            text << "spike " << spike->x << "," << spike->y << " " << spike->w << "x" << spike->h;
        } else if (other->GetType() == b2Shape::e_edge) {
            const auto* e = static_cast<const b2EdgeShape*>(other->GetShape());
            text << "one-way " << e->m_vertex1.x << "," << e->m_vertex1.y << " " << e->m_vertex2.x;
        } else {
            text << "body " << other->GetBody()->GetUserData().pointer;
        }
        out.push_back(text.str());
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// The Box2D world as built: every body and fixture in list order, with the terrain's geometry.
std::string physics_layout(World& world) {
    std::ostringstream text;
    for (b2Body* body = world.physics().GetBodyList(); body; body = body->GetNext()) {
        text << "body " << body->GetType() << " " << body->GetUserData().pointer << " "
             << body->GetPosition().x << "," << body->GetPosition().y << ":";
        for (b2Fixture* f = body->GetFixtureList(); f; f = f->GetNext()) {
            text << " [" << f->GetType() << " " << f->GetUserData().pointer << " " << f->GetFriction();
            if (f->GetType() == b2Shape::e_chain) {
                const auto* chain = static_cast<const b2ChainShape*>(f->GetShape());
                for (int i = 0; i < chain->m_count; ++i)
                    text << " " << chain->m_vertices[i].x << "," << chain->m_vertices[i].y;
            }
            text << "]";
        }
        text << "\n";
    }
    return text.str();
}

std::string window_fingerprint(const World& world) {
    return dump_state(world, 0).dump();
}

/// Random play: keys toggled now and then, more often right than left.
/// The still-body window's promise after a tick: still_bodies() lists exactly the still entities with a
/// body; each within TerrainWindow::margin of the player's box has one, none beyond keep_margin (both
/// less the 2 tiles the player's body may have moved in the step since the window followed it).
struct StillWindowCount {
    std::size_t held = 0, still = 0, changes = 0;
    std::vector<std::uint32_t> last;
};
void check_still_window(World& world, StillWindowCount& count) {
    std::vector<std::uint32_t> listed;
    for (EntityRef ref : world.still_bodies()) listed.push_back(ref.index);
    std::sort(listed.begin(), listed.end());
    REQUIRE(std::adjacent_find(listed.begin(), listed.end()) == listed.end());
    const b2Body* player_body = world.body(world.game.player);
    std::vector<std::uint32_t> with_body;
    for (std::size_t i = 0; i < world.entities.size(); ++i) {
        const std::uint32_t index = world.entities.key_at_dense(i).index;
        std::visit(
            [&]<class T>(const T& e) {
                if constexpr (StillBody<T>) {
                    ++count.still;
                    const bool has = world.body(to_ref(world.entities.key_at_dense(i))) != nullptr;
                    if (has) with_body.push_back(index);
                    if (!player_body) return;
                    const b2AABB fat = still_fixture(e.state, e.still_box()).fat_box();
                    const b2Vec2 p = player_body->GetPosition();
                    const double gap = std::max({fat.lowerBound.x - (p.x + Player::half_width),
                                                 (p.x - Player::half_width) - fat.upperBound.x,
                                                 fat.lowerBound.y - (p.y + Player::half_height),
                                                 (p.y - Player::half_height) - fat.upperBound.y});
                    if (gap <= TerrainWindow::margin - 2.5) CHECK(has);
                    if (gap > TerrainWindow::keep_margin + 2.5) CHECK(!has);
                }
            },
            world.entities.value_at_dense(i));
    }
    std::sort(with_body.begin(), with_body.end());
    REQUIRE(listed == with_body);
    count.held += listed.size();
    if (listed != count.last) ++count.changes;
    count.last = listed;
}

struct RandomKeys {
    std::mt19937 rng;
    ActionState actions;
    const ActionState& next() {
        actions.begin_tick();
        for (Action a : {Action::left, Action::right, Action::jump, Action::down}) {
            const unsigned odds = a == Action::right ? 6 : a == Action::left ? 20 : 10;
            if (rng() % odds == 0) {
                if (actions.held(a)) {
                    actions.release(a);
                } else {
                    actions.press(a);
                }
            }
        }
        return actions;
    }
};

}  // namespace

TEST_CASE("terrain window: each outline edge is in exactly one part, with the ghost vertices of its piece") {
    std::mt19937 random(7);
    for (int round = 0; round < 120; ++round) {
        const MapLevel map = random_window_map(random, std::uniform_int_distribution<int>(1, 90)(random),
                                               std::uniform_int_distribution<int>(1, 70)(random));
        const auto shapes = TerrainShapes::build(*map.level);
        std::vector<std::pair<ChildEdge, int>> from_parts;
        std::vector<int> one_way_seen(shapes->one_way_runs.size()), spikes_seen(shapes->spikes.size());
        for (std::uint32_t id = 0; id < shapes->parts.size(); ++id) {
            const TerrainShapes::Part& part = shapes->parts[id];
            // The part's geometry lies in its chunks, and it is listed in exactly those chunks.
            int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            switch (part.kind) {
                case TerrainShapes::Part::Kind::chain:
                case TerrainShapes::Part::Kind::loop: {
                    std::vector<OutlinePoint> points;
                    for (std::uint32_t i = 0; i < part.count; ++i)
                        points.push_back(shapes->part_point(part, i));
                    const std::vector<b2Vec2> v = vecs(points);
                    b2ChainShape chain;
                    if (part.kind == TerrainShapes::Part::Kind::loop) {
                        chain.CreateLoop(v.data(), static_cast<int32>(v.size()));
                    } else {
                        chain.CreateChain(v.data(), static_cast<int32>(v.size()),
                                          vecs({shapes->ghost_before(part)})[0],
                                          vecs({shapes->ghost_after(part)})[0]);
                    }
                    for (int i = 0; i < chain.GetChildCount(); ++i)
                        from_parts.emplace_back(child_edge(chain, i), part.outline_kind);
                    x0 = x1 = points[0].x;
                    y0 = y1 = points[0].y;
                    for (const OutlinePoint& p : points) {
                        x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y),
                        y1 = std::max(y1, p.y);
                    }
                    break;
                }
                case TerrainShapes::Part::Kind::one_way: {
                    const auto& run = shapes->one_way_runs[part.first];
                    ++one_way_seen[part.first];
                    x0 = run.x0, x1 = run.x1, y0 = y1 = run.y;
                    break;
                }
                case TerrainShapes::Part::Kind::spike: {
                    const TileRect& rect = shapes->spikes[part.first];
                    ++spikes_seen[part.first];
                    x0 = rect.x, x1 = rect.x + rect.w, y0 = rect.y, y1 = rect.y + rect.h;
                    break;
                }
            }
            constexpr int size = TerrainShapes::chunk_size;
            CHECK(part.chunks == TerrainShapes::ChunkSpan{x0 / size, y0 / size, x1 / size, y1 / size});
            for (int cy = 0; cy < shapes->chunk_rows; ++cy) {
                for (int cx = 0; cx < shapes->chunk_columns; ++cx) {
                    const std::size_t c = static_cast<std::size_t>(cy) * shapes->chunk_columns + cx;
                    const bool listed =
                        std::binary_search(shapes->chunk_parts.begin() + shapes->chunk_start[c],
                                           shapes->chunk_parts.begin() + shapes->chunk_start[c + 1], id);
                    CHECK(listed == (part.chunks.x0 <= cx && cx <= part.chunks.x1 && part.chunks.y0 <= cy &&
                                     cy <= part.chunks.y1));
                }
            }
        }
        std::sort(from_parts.begin(), from_parts.end());
        CHECK(from_parts == piece_edges(*shapes));
        CHECK(std::all_of(one_way_seen.begin(), one_way_seen.end(), [](int n) { return n == 1; }));
        CHECK(std::all_of(spikes_seen.begin(), spikes_seen.end(), [](int n) { return n == 1; }));
    }
}

TEST_CASE("terrain window: the player's contacts are those of a world holding the whole terrain") {
    std::vector<std::string> problems;
    const Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    int moves = 0;
    StillWindowCount still;
    auto play = [&](std::shared_ptr<const LevelData> level, const std::vector<Entity>& entities, int ticks,
                    unsigned seed) {
        World windowed(level, tuning, entities), whole(level, tuning, entities);
        whole.set_whole_physics_mode(true);
        whole.restore(whole.capture());
        RandomKeys keys{std::mt19937(seed), {}};
        TerrainShapes::ChunkSpan last = windowed.terrain_window().chunks();
        for (int tick = 0; tick < ticks; ++tick) {
            const ActionState& actions = keys.next();
            windowed.step(actions);
            whole.step(actions);
            CAPTURE(tick);
            REQUIRE(player_contacts(windowed) == player_contacts(whole));
            REQUIRE(exact_state(windowed) == exact_state(whole));
            if (tick % 100 == 0) REQUIRE(window_fingerprint(windowed) == window_fingerprint(whole));
            check_still_window(windowed, still);
            if (!(windowed.terrain_window().chunks() == last)) ++moves;
            last = windowed.terrain_window().chunks();
            if (tick % 500 == 499) {  // F5 + F9 in both
                const WorldSnapshot snapshot = windowed.capture();
                windowed.restore(snapshot);
                whole.restore(snapshot);
            }
        }
    };
    SUBCASE("shipped levels") {
        qs::test::for_each_tier_level([&](const CheckedLevel& checked) {
            play(checked.level, checked.entities, qs::test::sized(1500, 600), 11);
        });
        CHECK(moves > 0);
    }
    SUBCASE("a corridor with long edges, steps on chunk borders, spikes, ice and one-way ledges") {
        const MapLevel map = corridor();
        for (unsigned seed = 1; seed <= 3; ++seed)
            play(map.level, map.entities, qs::test::sized(1500, 600), seed);
        CHECK(moves > 0);
    }
    SUBCASE("a stress level") {
        StressLevel stress = make_stress_level(1500, 3);
        play(stress.level, stress.entities, 600, 5);
        // The window moved with the player, and held a small part of the still bodies.
        CHECK(still.changes > 2);
        CHECK(still.held * 4 < still.still);
    }
}

TEST_CASE("terrain window: the canonical build depends only on the snapshot") {
    const MapLevel map = corridor();
    const Tuning tuning;
    // A runs right a while (its window moves along), then is saved; B played elsewhere before loading it.
    // C plays as A did and is rebuilt in place, as after F5.
    World a(map.level, tuning, map.entities), b(map.level, tuning, map.entities),
        c(map.level, tuning, map.entities);
    Driver drive_a{a}, drive_b{b}, drive_c{c};
    drive_a.ticks(200, {Action::right});
    drive_b.ticks(30, {Action::left});
    drive_c.ticks(200, {Action::right});
    const auto shapes = a.terrain();
    CHECK(a.terrain_window().part_count() < shapes->parts.size());
    const WorldSnapshot snapshot = a.capture();
    a.restore(snapshot);
    b.restore(snapshot);
    c.rebuild_canonical();
    CHECK(a.terrain_window().chunks() ==
          TerrainWindow::wanted(*shapes, TerrainWindow::Box{a.player()->state.x, a.player()->state.y,
                                                            Player::half_width, Player::half_height}));
    REQUIRE(physics_layout(a) == physics_layout(b));
    REQUIRE(physics_layout(a) == physics_layout(c));
    for (int tick = 0; tick < 400; ++tick) {
        const std::initializer_list<Action> held = tick % 90 < 60
                                                       ? std::initializer_list<Action>{Action::right}
                                                       : std::initializer_list<Action>{Action::jump};
        drive_a.tick(held);
        drive_b.tick(held);
        drive_c.tick(held);
        CAPTURE(tick);
        REQUIRE(window_fingerprint(a) == window_fingerprint(b));
        REQUIRE(window_fingerprint(a) == window_fingerprint(c));
    }
    REQUIRE(physics_layout(a) == physics_layout(b));
    REQUIRE(physics_layout(a) == physics_layout(c));
}
