// The World's indexes (game/sim/world_index.cpp): the grid finds exactly the overlapping boxes; every box
// query gives Box2D's answer; and a world that steps only its busy entities evolves like one in reference
// mode (every entity stepped every tick, every query asked of Box2D, no indexes): the same dumps, prev
// positions and events through spawns, erases, quickloads, canonical rebuilds, switches, platforms and
// doors, on every shipped level, a stress level and a platform map (events every tick; queries every tick,
// every tenth on the stress level; dumps every tick on the map, every tenth elsewhere). A canonical rebuild
// and a save that wakes still bodies are compared by exact state (every field's bytes) every tick. In the
// sanitizer build the shipped levels and the platform map play 300 ticks each, the stress level 200 and the
// rebuild test 350 (all four kinds of rebuild still happen); the full lengths run in the release build
// (test_sizing.hpp). The dev test tier plays its sample of the shipped levels (game_shipped_levels.hpp:
// tier_levels), and the stress level and the platform map for the sanitizer build's lengths.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/worker.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"
#include "game/save/save_codec.hpp"
#include "game/save/state_dump.hpp"
#include "game/sim/grid_index.hpp"
#include "game/sim/still_fixture.hpp"
#include "game/sim/tuning.hpp"
#include "game_rewind_run.hpp"
#include "game_shipped_levels.hpp"
#include "game_test_world.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// Everything a tick may change, as exact bytes (every field of every slot, the free list, the game state)
/// and what a save leaves out: prev positions. (Not the storage order: the world steps and builds in slot
/// order, so an F5, which keeps it, and a load, which makes it index order, go on alike.)
std::vector<std::uint8_t> fingerprint(const World& world) {
    std::vector<std::uint8_t> out = exact_state(world);
    world.entities.for_each_by_index([&](EntityMap::Key key, const Entity&) {
        const World::Previous was = world.previous(to_ref(key));
        for (const double prev : {was.x, was.y}) {
            const auto* bytes = reinterpret_cast<const std::uint8_t*>(&prev);
            out.insert(out.end(), bytes, bytes + sizeof prev);
        }
        const auto* index = reinterpret_cast<const std::uint8_t*>(&key.index);
        out.insert(out.end(), index, index + sizeof key.index);
    });
    return out;
}

/// The state dump (§5.4), which the exact bytes above imply: compared now and then to check that too.
std::string dump_of(const World& world) {
    return dump_state(world, 0).dump();
}

/// The dump and the prev positions (the dump rounds what it shows).
std::string dump_and_prevs(const World& world) {
    std::string out = dump_of(world);
    world.entities.for_each_by_index([&](EntityMap::Key key, const Entity&) {
        const World::Previous was = world.previous(to_ref(key));
        out += " " + std::to_string(key.index) + ":" + std::to_string(was.x) + "," + std::to_string(was.y);
    });
    return out;
}

std::string events_text(std::vector<WorldEvent> events) {
    std::string out;
    for (const WorldEvent& e : events) out += std::to_string(static_cast<int>(e.kind)) + e.text + ";";
    return out;
}

bool same_contact(const GroundContact& a, const GroundContact& b) {
    return a.grounded == b.grounded && a.ice == b.ice && a.one_way_only == b.one_way_only &&
           a.platform == b.platform && a.platform_vx == b.platform_vx && a.platform_vy == b.platform_vy;
}

/// Random box queries around the world's solid entities, walkers and player, indexed vs Box2D's: `world`
/// answers from its grids and holds still bodies near its player only; `reference`, in the same state, is
/// in reference mode (Box2D answers for the bodies it holds, a scan of every entity for the others).
void compare_queries(World& world, World& reference, std::mt19937& rng, int count) {
    std::vector<std::pair<double, double>> anchors;  // (x, top)
    for (const Entity& entity : world.entities) {
        std::visit(
            [&]<class T>(const T& e) {
                if constexpr (HasBody<T> || std::is_same_v<T, Walker> || std::is_same_v<T, Player>) {
                    anchors.emplace_back(e.state.x, e.state.y - T::half_height);
                }
            },
            entity);
    }
    if (anchors.empty()) return;
    std::uniform_real_distribution<double> near(-2.0, 2.0), size(0.01, 1.2), skin(-0.12, 0.12);
    for (int k = 0; k < count; ++k) {
        const auto [ax, top] = anchors[rng() % anchors.size()];
        const double x = ax + near(rng), y = top + near(rng), hw = size(rng), hh = size(rng);
        const double bottom = (rng() % 2 ? top : top + near(rng)) + skin(rng);
        const bool one_way = rng() % 2;

        const bool blocked = world.box_blocked(x, y, hw, hh);
        const GroundContact ground = world.probe_ground(x, bottom, hw, one_way);
        const bool solid = world.entity_solid_at(x, y);
        const WorldRect camera = world.camera_bounds(x, y);
        CHECK(blocked == reference.box_blocked(x, y, hw, hh));
        const GroundContact ground_ref = reference.probe_ground(x, bottom, hw, one_way);
        INFO("probe_ground(" << x << ", " << bottom << ", " << hw << ", " << one_way << "): grounded "
                             << ground.grounded << "/" << ground_ref.grounded << " platform "
                             << ground.platform.index << "/" << ground_ref.platform.index << " vx "
                             << ground.platform_vx << "/" << ground_ref.platform_vx << " one_way_only "
                             << ground.one_way_only << "/" << ground_ref.one_way_only << " ice " << ground.ice
                             << "/" << ground_ref.ice);
        CHECK(same_contact(ground, ground_ref));
        CHECK(solid == reference.entity_solid_at(x, y));
        const WorldRect camera_ref = reference.camera_bounds(x, y);
        CHECK((camera.x0 == camera_ref.x0 && camera.y0 == camera_ref.y0 && camera.x1 == camera_ref.x1 &&
               camera.y1 == camera_ref.y1));
    }
}

/// Two copies of a level, one in reference mode, driven by the same random play and the same changes.
struct Twins {
    std::unique_ptr<World> fast, slow;
    ActionState actions;
    std::mt19937 rng;

    Twins(std::shared_ptr<const LevelData> level, const Tuning& tuning, const std::vector<Entity>& entities,
          unsigned seed)
        : fast(std::make_unique<World>(level, tuning, entities)),
          slow(std::make_unique<World>(level, tuning, entities)),
          rng(seed) {
        slow->set_reference_mode(true);
    }

    /// One tick of random play, with now and then a change made between ticks to both worlds.
    void tick() {
        actions.begin_tick();
        for (Action a : {Action::left, Action::right, Action::jump, Action::down}) {
            if (rng() % 12 == 0) {
                if (actions.held(a)) {
                    actions.release(a);
                } else {
                    actions.press(a);
                }
            }
        }
        fast->step(actions);
        slow->step(actions);
        REQUIRE(events_text(fast->take_events()) == events_text(slow->take_events()));
        switch (rng() % 40) {
            case 0: {  // quicksave + quickload (Box2D rebuilt, indexes rebuilt)
                const WorldSnapshot snapshot = fast->capture();
                fast->restore(snapshot);
                slow->restore(snapshot);
                break;
            }
            case 4: {  // the canonical rebuild after F5: in place on one, through a snapshot on the other
                fast->rebuild_canonical();
                slow->restore(slow->capture());
                break;
            }
            case 1:
            case 2: {  // something new near the player
                const Player* player = fast->player();
                if (!player) break;
                const char* types[] = {"coin",   "door",   "platform",  "walker",
                                       "switch", "turret", "checkpoint"};
                Entity entity = *make_entity(types[rng() % 7]);
                body_state(entity).x = std::floor(player->state.x + static_cast<int>(rng() % 7) - 3) + 0.5;
                body_state(entity).y = std::floor(player->state.y + static_cast<int>(rng() % 5) - 2) + 0.5;
                if (auto* s = std::get_if<Switch>(&entity); s && fast->entities.size() > 0) {
                    s->targets.refs.push_back(
                        to_ref(fast->entities.key_at_dense(rng() % fast->entities.size())));
                }
                fast->spawn(entity);
                slow->spawn(entity);
                break;
            }
            case 3: {  // something erased (not the player)
                if (fast->entities.size() < 2) break;
                const EntityRef ref = to_ref(fast->entities.key_at_dense(rng() % fast->entities.size()));
                if (ref == fast->game.player) break;
                fast->erase(ref);
                slow->erase(ref);
                break;
            }
            default:
                break;
        }
    }
};

/// A snapshot's entities and game state as save bytes, to compare two snapshots.
std::vector<std::uint8_t> save_bytes_of(const WorldSnapshot& snapshot) {
    SavedGame save;
    save.snapshot = snapshot;
    return encode_save_body(save);
}

}  // namespace

TEST_CASE("grid index: each stored box that overlaps a query is reported exactly once") {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> pos(-20.0, 120.0), small(0.0, 3.0), large(0.0, 40.0);
    std::vector<GridIndex::Item> items;
    for (std::uint32_t i = 0; i < 3000; ++i) {
        const double x = pos(rng), y = pos(rng), w = i % 10 == 0 ? large(rng) : small(rng), h = small(rng);
        items.push_back({static_cast<float>(x), static_cast<float>(y), static_cast<float>(x + w),
                         static_cast<float>(y + h), EntityRef{i, 1}});
    }
    GridIndex index;
    index.build(100, 80, std::vector<GridIndex::Item>(items.begin(), items.begin() + 2500));
    for (std::size_t i = 2500; i < items.size(); ++i) index.add(items[i]);  // some folded in by a rebuild
    CHECK(index.size() == items.size());
    for (int q = 0; q < 2000; ++q) {
        const double x = pos(rng), y = pos(rng), w = q % 5 == 0 ? large(rng) : small(rng) - 1.0,
                     h = small(rng);
        std::vector<std::uint32_t> found, expected;
        index.query(x, y, x + w, y + h,
                    [&](const GridIndex::Item& item) { found.push_back(item.ref.index); });
        for (const auto& item : items) {
            if (item.x0 <= x + w && x <= item.x1 && item.y0 <= y + h && y <= item.y1)
                expected.push_back(item.ref.index);
        }
        std::sort(found.begin(), found.end());
        REQUIRE(found == expected);
    }
}

TEST_CASE("grid index: clear_into hands its boxes' storage to the next build's list, which is handed back") {
    std::vector<GridIndex::Item> items;
    for (std::uint32_t i = 0; i < 5000; ++i) {
        const auto x = static_cast<float>(i % 100), y = static_cast<float>(i / 100);
        items.push_back({x, y, x + 1, y + 1, EntityRef{i, 1}});
    }
    GridIndex index;
    index.build(100, 60, std::vector<GridIndex::Item>(items));
    // A full restore's scan lists the boxes into a list that had no room (the one a first build handed
    // back): it takes the grid's storage instead of growing in fresh memory, and the grid is empty till
    // its next build.
    std::vector<GridIndex::Item> next;
    index.clear_into(next);
    CHECK(next.empty());
    CHECK(next.capacity() >= items.size());
    CHECK(index.size() == 0);
    const GridIndex::Item* storage = next.data();
    next.insert(next.end(), items.begin(), items.end());
    CHECK(next.data() == storage);  // filled in place
    index.build(100, 60, next);
    CHECK(index.size() == items.size());
    // A list with more room than the grid's keeps its own.
    next.reserve(2 * items.size());
    const GridIndex::Item* own = next.data();
    index.clear_into(next);
    CHECK(next.data() == own);
    CHECK(next.empty());
}

TEST_CASE("world index: idle entities are not stepped; busy ones are, every tick") {
    StressLevel stress = make_stress_level(3000);
    World world(stress.level, Tuning{}, stress.entities);
    ActionState actions;
    auto busy_count = [&] {
        return count<Player>(world) + count<Walker>(world) + count<Turret>(world) + count<Projectile>(world) +
               count<Platform>(world);
    };
    for (int tick = 0; tick < 200; ++tick) {
        const std::size_t expected = static_cast<std::size_t>(busy_count());
        actions.begin_tick();
        world.step(actions);
        // Doors keep being stepped for two ticks after their bodies are made, until their state settles.
        if (tick >= 2 && (tick < 101 || tick > 102)) REQUIRE(world.entities_stepped() == expected);
        if (tick == 100) world.restore(world.capture());
    }
    CHECK(world.entities_stepped() < world.entities.size() / 3);
}

TEST_CASE("world: rebuild_canonical() leaves the world exactly as restore(capture()) does, same future") {
    StressLevel stress = make_stress_level(2000, 5);
    World in_place(stress.level, Tuning{}, stress.entities);
    World restored(stress.level, Tuning{}, stress.entities);
    ActionState actions;
    std::mt19937 rng(11);
    Worker helper;
    int rebuilds = 0;
    const int ticks = qs::test::sized(700, 350);
    for (int tick = 0; tick < ticks; ++tick) {
        actions.begin_tick();
        if (rng() % 10 == 0) actions.press(rng() % 2 ? Action::right : Action::jump);
        if (rng() % 10 == 0) actions.release(rng() % 2 ? Action::right : Action::jump);
        in_place.step(actions);
        restored.step(actions);
        if (tick % 97 == 50) {
            // Projectiles come and go: dense order is no longer index order here.
            bool in_index_order = true;
            for (std::size_t i = 1; i < in_place.entities.size(); ++i) {
                in_index_order = in_index_order && in_place.entities.key_at_dense(i - 1).index <
                                                       in_place.entities.key_at_dense(i).index;
            }
            if (tick == 50) CHECK_FALSE(in_index_order);
            // The rebuild also captures, as F5 does, on this thread or with the helper, or with a helper
            // held up by another job (this thread then does it all, without waiting): in turns. The same
            // snapshot as before it.
            WorldSnapshot captured_in_place;
            const int turn = rebuilds++ % 4;
            if (turn == 0) in_place.rebuild_canonical();
            if (turn == 1) in_place.rebuild_canonical(&captured_in_place);
            if (turn == 2) in_place.rebuild_canonical(&captured_in_place, &helper);
            if (turn == 3) {
                std::atomic<bool> release{false};
                std::future<void> hold = helper.run([&] {
                    while (!release.load()) std::this_thread::yield();
                });
                in_place.rebuild_canonical(&captured_in_place, &helper);
                // It returned while the helper was still held up.
                CHECK(hold.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);
                release = true;
                hold.get();
            }
            const WorldSnapshot captured = restored.capture();
            restored.restore(captured);
            if (turn != 0) {
                CHECK(captured_in_place.layout == captured.layout);
                CHECK(save_bytes_of(captured_in_place) == save_bytes_of(captured));
            }
        }
        CAPTURE(tick);
        REQUIRE(fingerprint(in_place) == fingerprint(restored));
        if (tick % 50 == 0) REQUIRE(dump_of(in_place) == dump_of(restored));
        REQUIRE(events_text(in_place.take_events()) == events_text(restored.take_events()));
    }
    CHECK(rebuilds >= 4);  // every kind of rebuild above happened
}

TEST_CASE("world index: box queries give Box2D's answers, and worlds evolve exactly as in reference mode") {
    std::vector<std::string> problems;
    const Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    unsigned seed = 1;
    // Every `query_every` ticks the index's answers are compared with Box2D's; every `dump_every` ticks the
    // two worlds' dumps (a divergence grows, so it shows within a few ticks; the dump is most of the cost).
    auto play = [&](std::shared_ptr<const LevelData> level, const std::vector<Entity>& entities, int ticks,
                    int query_every, int dump_every) {
        Twins twins(level, tuning, entities, seed++);
        for (int tick = 0; tick < ticks; ++tick) {
            twins.tick();
            CAPTURE(tick);
            if (tick % dump_every == 0) {
                // The dump and prev positions, not the exact bytes: on 24_brittle_cornice the player's x
                // comes out one float step apart (tick 94 of this random play), which the dump's
                // rounding does not show.
                REQUIRE(dump_and_prevs(*twins.fast) == dump_and_prevs(*twins.slow));
            }
            if (tick % query_every == 0) compare_queries(*twins.fast, *twins.slow, twins.rng, 40);
        }
        REQUIRE(dump_and_prevs(*twins.fast) == dump_and_prevs(*twins.slow));
    };
    SUBCASE("shipped levels") {
        qs::test::for_each_tier_level([&](const CheckedLevel& checked) {
            play(checked.level, checked.entities, qs::test::sized(1200, 300), 1, 10);
        });
    }
    SUBCASE("a stress level") {
        StressLevel stress = make_stress_level(1500, 3);
        play(stress.level, stress.entities, qs::test::tiered(qs::test::sized(400, 200), 200), 10, 10);
    }
    SUBCASE("platforms beside doors and turrets, walkers riding, switches toggling everything") {
        MapLevel map = make_map_level({
            "###########################",
            "#.........................#",
            "#..c.c.c...k......c.c.c...#",
            "#.P.....w....w..........g.#",
            "#####mmm...mmm..d..t..s..##",
            "#..........w..............#",
            "#.....s......m...d...mmm..#",
            "#=====....####.....=====..#",
            "#..w...w....t...w......d..#",
            "###########################",
        });
        for (Entity& entity : map.entities) {
            if (auto* platform = std::get_if<Platform>(&entity)) {
                platform->width = 1;
                platform->dx = 3;
                platform->dy = 1;
                platform->speed = 3;
            }
            if (auto* s = std::get_if<Switch>(&entity)) {
                for (std::uint32_t i = 0; i < map.entities.size(); ++i) {
                    if (std::visit([]<class T>(const T&) { return Toggleable<T>; }, map.entities[i]))
                        s->targets.refs.push_back({i, 1});
                }
            }
        }
        // Overlapping camera areas: the first in dense order wins, and erasures reorder dense storage.
        for (int i = 0; i < 4; ++i) {
            CameraArea area;
            area.state.x = 2.5 + 4 * i;
            area.state.y = 1.5 + i;
            area.w = 12;
            area.h = 6;
            map.entities.push_back(area);
        }
        const int map_ticks = qs::test::tiered(qs::test::sized(900, 300), 300);
        for (unsigned run = 0; run < 4; ++run) play(map.level, map.entities, map_ticks, 1, 1);
    }
}

TEST_CASE(
    "world: a save giving a still body a velocity puts every still body in Box2D, and the world evolves "
    "as in reference mode") {
    // A save edited by hand: a far door and a far turret get velocities. Box2D would move such a body if it
    // shared an island with the player, and its broad-phase box stays behind, so only Box2D can answer
    // about it: the world holds every still body then, and must still evolve as one in reference mode.
    StressLevel stress = make_stress_level(1500, 7);
    World played(stress.level, Tuning{}, stress.entities);
    ActionState actions;
    for (int tick = 0; tick < 30; ++tick) {
        actions.begin_tick();
        played.step(actions);
    }
    WorldSnapshot edited = played.capture();
    std::size_t still = 0, given = 0;
    for (Entity& entity : edited.entities) {
        if (!is_still_entity(entity)) continue;
        ++still;
        if (given < 2 && (std::holds_alternative<Door>(entity) ? given == 0 : given == 1)) {
            body_state(entity).vx = 1.5;
            body_state(entity).spin = 0.25;
            ++given;
        }
    }
    REQUIRE(given == 2);
    World fast(stress.level, Tuning{}, stress.entities), slow(stress.level, Tuning{}, stress.entities);
    slow.set_reference_mode(true);
    fast.restore(edited);
    slow.restore(edited);
    CHECK(fast.still_bodies().size() == still);
    std::mt19937 rng(3);
    for (int tick = 0; tick < 300; ++tick) {
        actions.begin_tick();
        if (rng() % 10 == 0) actions.press(rng() % 2 ? Action::right : Action::jump);
        if (rng() % 10 == 0) actions.release(rng() % 2 ? Action::right : Action::jump);
        fast.step(actions);
        slow.step(actions);
        CAPTURE(tick);
        REQUIRE(fingerprint(fast) == fingerprint(slow));
        if (tick % 50 == 0) {
            REQUIRE(dump_of(fast) == dump_of(slow));
            compare_queries(fast, slow, rng, 40);
        }
    }
    // Without the velocities, the next load holds only the still bodies near the player again.
    fast.restore(played.capture());
    CHECK(fast.still_bodies().size() < still);
}
