// Entity behaviour: coins, walkers (stomp and side hits), spikes, switches and doors, platforms,
// turrets and projectiles, checkpoints and respawn, goal, springs, crumbles, gems (and their same future
// after a capture and a restore, and a rewind) — and their references by SlotMap key.
#include <doctest/doctest.h>

#include <algorithm>

#include <box2d/box2d.h>

#include "game/save/rewind_buffer.hpp"
#include "game/save/state_dump.hpp"

#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

TEST_CASE("entities: a touched coin is counted and erased from the SlotMap") {
    auto world = make_world({
        "P..c......",
        "##########",
    });
    Driver d{*world};
    EntityRef coin_ref;
    REQUIRE(first<Coin>(*world, &coin_ref));
    d.ticks(60, {Action::right});
    CHECK(world->game.coins == 1);
    CHECK(count<Coin>(*world) == 0);
    CHECK_FALSE(world->entities.contains(to_key(coin_ref)));
    auto layout = world->entities.export_layout();
    CHECK_FALSE(layout.slots[coin_ref.index].alive);
}

TEST_CASE("entities: stomping a walker erases it and bounces; touching it from the side hurts") {
    SUBCASE("stomp") {
        auto world = make_world({
            "....P.....",
            "..........",
            "..........",
            "..........",
            "....w.....",
            "##########",
        });
        for (Entity& e : world->entities) {
            if (auto* w = std::get_if<Walker>(&e)) w->speed = 0;
        }
        Driver d{*world};
        bool bounced = false;
        for (int i = 0; i < 60; ++i) {
            d.tick();
            if (count<Walker>(*world) == 0 && world->player()->state.vy < 0) bounced = true;
        }
        CHECK(count<Walker>(*world) == 0);
        CHECK(bounced);
        CHECK(world->player()->health == world->player()->max_health);
    }
    SUBCASE("side") {
        auto world = make_world({
            "..........",
            "P......w..",
            "##########",
        });
        Driver d{*world};
        d.ticks(90, {Action::right});
        CHECK(world->player()->health < world->player()->max_health);
        CHECK(count<Walker>(*world) == 1);
    }
}

TEST_CASE("entities: walkers turn at walls and at ledges") {
    auto world = make_world({
        "P...........",
        "#...........",
        "#....w......",
        "#.#######...",
    });
    Driver d{*world};
    double min_x = 100, max_x = 0;
    for (int i = 0; i < 600; ++i) {
        d.tick();
        Walker* w = first<Walker>(*world);
        REQUIRE(w);
        min_x = std::min(min_x, w->state.x);
        max_x = std::max(max_x, w->state.x);
    }
    CHECK(min_x > 2.0);  // turned before falling off the left ledge
    CHECK(max_x < 9.0);  // and before the right one
    CHECK(first<Walker>(*world)->state.y < 3.0);
}

TEST_CASE("entities: spikes under the start cost a heart each touch, invulnerable or not, then a death") {
    // Running right: no safe footing beside the spikes, so every return is to the spawn point.
    auto world = make_world({
        "P.........",
        "#^^^^^^^^#",
    });
    Driver d{*world};
    Player& p = *world->player();
    auto until = [&](auto done) {
        for (int i = 0; i < 600 && !done(); ++i) d.tick({Action::right});
        return done();
    };
    REQUIRE(until([&] { return p.returning(); }));
    CHECK(p.health == p.max_health - 1);
    REQUIRE(until([&] { return !p.returning(); }));
    CHECK(p.invulnerable_ticks > 0);
    CHECK(p.state.x == doctest::Approx(p.spawn_x));
    REQUIRE(until([&] { return p.returning(); }));
    CHECK(p.health == p.max_health - 2);  // invulnerable, yet a heart: spikes are never a free pass
    REQUIRE(until([&] { return !p.alive(); }));
    CHECK(world->game.deaths == 1);
}

TEST_CASE("entities: a switch toggles the door it references; the door stops blocking") {
    auto world = make_world({
        "..........",
        "......d...",
        "P.s.......",
        "##########",
    });
    // Wire the switch to the door by key; the door is two tiles tall (rows 1 and 2).
    EntityRef door_ref;
    REQUIRE(first<Door>(*world, &door_ref));
    first<Switch>(*world)->targets.refs = {door_ref};
    Driver d{*world};
    d.ticks(120, {Action::right});
    Door* door = world->get<Door>(door_ref);
    REQUIRE(door);
    CHECK(door->open);
    CHECK(first<Switch>(*world)->on);
    CHECK(world->player()->state.x > 6.5);  // walked through the open door cell
}

TEST_CASE("entities: a closed door blocks the player") {
    auto world = make_world({
        "......d...",
        "P.........",
        "##########",
    });
    Driver d{*world};
    d.ticks(120, {Action::right});
    CHECK(world->player()->state.x < 5.7);
}

TEST_CASE("entities: the player rides a platform and its reference is set") {
    auto world = make_world(
        {
            "..........................",
            "..P.......................",
            "..m.......................",
            "..........................",
            "..........................",
            "..........................",
            "##########################",
        },
        [](std::vector<Entity>& entities) {
            for (Entity& e : entities) {
                if (auto* p = std::get_if<Platform>(&e)) {
                    p->dx = 10;
                    p->speed = 3;
                    p->width = 3;
                }
            }
        });
    EntityRef platform_ref;
    REQUIRE(first<Platform>(*world, &platform_ref));
    Driver d{*world};
    d.ticks(20);
    double start_x = world->player()->state.x;
    double platform_start_x = world->get<Platform>(platform_ref)->state.x;
    d.ticks(60);
    Player& p = *world->player();
    CHECK(p.riding == platform_ref);
    CHECK(p.grounded);
    double moved = p.state.x - start_x;
    double platform_moved = world->get<Platform>(platform_ref)->state.x - platform_start_x;
    CHECK(moved == doctest::Approx(platform_moved).epsilon(0.05));
    CHECK(moved > 2.0);
}

TEST_CASE("entities: a turret fires projectiles that reference it and vanish on impact") {
    auto world = make_world({
        "P.........",
        "#.........",
        "#.....t...",
        "##########",
    });
    EntityRef turret_ref;
    REQUIRE(first<Turret>(*world, &turret_ref));
    first<Turret>(*world)->cooldown = 5;
    Driver d{*world};
    d.ticks(6);
    EntityRef shot_ref;
    Projectile* shot = first<Projectile>(*world, &shot_ref);
    REQUIRE(shot);
    CHECK(shot->shooter == turret_ref);
    CHECK(shot->state.vx < 0);
    d.ticks(120);
    CHECK_FALSE(world->entities.contains(to_key(shot_ref)));  // hit the wall at x = 1
}

TEST_CASE("entities: death respawns the player at the last checkpoint it touched, hearts full") {
    auto world = make_world({
        "P..k......",
        "#######^^#",
        "##########",
    });
    EntityRef checkpoint_ref;
    REQUIRE(first<Checkpoint>(*world, &checkpoint_ref));
    Driver d{*world};
    bool respawned = false;
    for (int i = 0; i < 900 && !respawned; ++i) {
        d.tick({Action::right});
        respawned = world->game.deaths > 0 && world->player()->alive();
    }
    REQUIRE(respawned);
    Player& p = *world->player();
    CHECK(p.checkpoint == checkpoint_ref);
    CHECK(world->game.checkpoint == checkpoint_ref);
    CHECK(world->get<Checkpoint>(checkpoint_ref)->active);
    CHECK(p.state.x == doctest::Approx(3.5));
    CHECK(p.health == p.max_health);
    CHECK(world->game.deaths == 1);
}

TEST_CASE("entities: spikes cost one heart and carry the player back to the last safe footing") {
    // Running right: the last safe footing is on the ground left of the pit (not beside the spikes).
    auto world = make_world({
        "..........",
        "P.........",
        "#####^^###",
        "##########",
    });
    Driver d{*world};
    int hits = 0;
    double lowest_x = 99;
    for (int i = 0; i < 200 && hits == 0; ++i) {
        d.tick({Action::right});
        hits = world->player()->max_health - world->player()->health;
    }
    REQUIRE(hits == 1);
    Player& p = *world->player();
    CHECK(p.returning());
    CHECK(p.safe_x < 4.0);  // a tile away from the spikes at x = 5
    const double safe_x = p.safe_x;
    // No input while carried back, then standing at the footing, invulnerable, no heart lost on the way.
    for (int i = 0; i < world->tuning().hazard_return_ticks + 5; ++i) {
        d.tick();
        lowest_x = std::min(lowest_x, p.state.x);
    }
    CHECK_FALSE(p.returning());
    CHECK(p.alive());
    CHECK(p.state.x == doctest::Approx(safe_x));
    CHECK(p.health == p.max_health - 1);
    CHECK(p.invulnerable_ticks > 0);
    CHECK(world->game.deaths == 0);
    CHECK(lowest_x >= 0);
}

TEST_CASE("entities: a hazard with the last heart is a death; a fall out of the level is a hazard") {
    auto world = make_world({
        "P.........",
        "###.......",
    });
    Driver d{*world};
    Player& p = *world->player();
    p.health = 1;
    bool died = false;
    for (int i = 0; i < 300 && !died; ++i) {
        d.tick({Action::right});
        died = !p.alive();
    }
    CHECK(died);
    CHECK(world->game.deaths == 1);
    auto again = make_world({
        "P.........",
        "###.......",
    });
    Driver d2{*again};
    Player& q = *again->player();
    bool returned = false;
    for (int i = 0; i < 300 && !returned; ++i) {
        d2.tick({Action::right});
        returned = q.returning();
    }
    REQUIRE(returned);
    CHECK(q.health == q.max_health - 1);
    CHECK(again->game.deaths == 0);
    d2.ticks(again->tuning().hazard_return_ticks + 1);
    CHECK(q.state.x < 3.0);
    CHECK(q.state.y < 1.0);
}

TEST_CASE("entities: touching the goal completes the level once") {
    auto world = make_world({
        "P....g....",
        "##########",
    });
    Driver d{*world};
    int completions = 0;
    for (int i = 0; i < 120; ++i) {
        d.tick({Action::right});
        for (const WorldEvent& e : world->take_events()) completions += e.kind == WorldEvent::Kind::completed;
    }
    CHECK(world->game.completed);
    CHECK(completions == 1);
}

namespace {

/// The highest point (smallest y) the player's feet reach within `ticks`, with `held` held.
double highest_feet(World& world, int ticks, std::initializer_list<Action> held = {}) {
    Driver d{world};
    double highest = world.player()->state.y + Player::half_height;
    for (int i = 0; i < ticks; ++i) {
        d.tick(held);
        highest = std::min(highest, world.player()->state.y + Player::half_height);
    }
    return highest;
}

}  // namespace

TEST_CASE("entities: a spring launches a player who lands on it higher than a jump, then squashes") {
    const std::vector<std::string> map = {
        "....P.....",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "..........",  //
        "....j.....",  //
        "##########",
    };
    // A full jump from the floor, for comparison.
    auto jumper = make_world(
        {"..........", "..........", "..........", "..........", "..........", "....P.....", "##########"});
    Driver{*jumper}.ticks(30);
    const double floor = 6.0;
    const double jump_height = floor - highest_feet(*jumper, 90, {Action::jump});

    for (const bool holding_jump : {false, true}) {
        CAPTURE(holding_jump);
        auto world = make_world(map);
        EntityRef spring_ref;
        REQUIRE(first<Spring>(*world, &spring_ref));
        Driver d{*world};
        // Falls onto the pad: launched at `power` the tick it lands, the pad squashed.
        bool launched = false, heard = false;
        for (int i = 0; i < 90 && !launched; ++i) {
            d.tick();
            for (const WorldEvent& event : world->take_events()) heard = heard || event.text == "spring";
            launched = world->player()->state.vy < 0;
        }
        REQUIRE(launched);
        CHECK(heard);
        const Spring& spring = *world->find<Spring>(spring_ref);
        CHECK(world->player()->state.vy == doctest::Approx(-spring.power));
        CHECK(spring.squash_ticks == Spring::squash_length);
        // Up higher than a jump, released or held alike (a launch is not cut).
        const double launch_feet = world->player()->state.y + Player::half_height;
        const double height =
            launch_feet - highest_feet(*world, 60,
                                       holding_jump ? std::initializer_list<Action>{Action::jump}
                                                    : std::initializer_list<Action>{});
        CHECK(height > jump_height + 1.0);
        CHECK(height == doctest::Approx(spring.power * spring.power / (2 * 60 * 1.7)).epsilon(0.08));
        // The squash is over, and the pad waits for the next landing.
        CHECK(world->find<Spring>(spring_ref)->squash_ticks == 0);
    }
}

TEST_CASE("entities: walking onto a spring launches; a rising player passes it") {
    SUBCASE("walking") {
        auto world = make_world({"..........", "..........", "..........", "..........", "..........",
                                 "..........", "P.....j...", "##########"});
        Driver d{*world};
        bool launched = false;
        for (int i = 0; i < 90 && !launched; ++i) {
            d.tick({Action::right});
            launched = world->player()->state.vy < -25;
        }
        CHECK(launched);
    }
    SUBCASE("rising") {
        // A jump from under a spring that floats in the air: the player rises through it, no launch.
        auto world =
            make_world({"..........", "..........", "....j.....", "..........", "....P.....", "##########"});
        Driver d{*world};
        d.ticks(20);
        double fastest_up = 0;
        for (int i = 0; i < 20; ++i) {
            d.tick({Action::jump});
            fastest_up = std::min(fastest_up, world->player()->state.vy);
        }
        CHECK(fastest_up > -world->tuning().jump_speed - 0.5);
        CHECK(first<Spring>(*world)->squash_ticks == 0);
    }
}

TEST_CASE("entities: a crumble holds, shakes for `delay` ticks under the player, falls, and comes back") {
    auto world = make_world(
        {
            "............",  //
            "...P........",  //
            "..xxx.......",  //
            "............",  //
            "............",  //
            "............",  //
            "############",
        },
        [](std::vector<Entity>& entities) {
            for (Entity& e : entities) {
                if (auto* c = std::get_if<Crumble>(&e)) {
                    c->delay = 20;
                    c->respawn = 40;
                }
            }
        });
    Driver d{*world};
    EntityRef under_ref;
    for (std::size_t i = 0; i < world->entities.size(); ++i) {
        const auto* c = std::get_if<Crumble>(&world->entities.value_at_dense(i));
        if (c && c->state.x == 3.5) under_ref = to_ref(world->entities.key_at_dense(i));
    }
    REQUIRE(world->find<Crumble>(under_ref));
    // Lands on the middle crumble and stands: it holds while it shakes.
    int shaking_at = -1;
    for (int i = 0; i < 60 && shaking_at < 0; ++i) {
        d.tick();
        if (world->find<Crumble>(under_ref)->phase == Crumble::shaking) shaking_at = i;
    }
    REQUIRE(shaking_at >= 0);
    CHECK(world->player()->grounded);
    d.ticks(18);
    CHECK(world->find<Crumble>(under_ref)->phase == Crumble::shaking);
    CHECK(world->player()->state.y < 2.0);
    // Falls: the player drops to the floor.
    d.ticks(3);
    CHECK(world->find<Crumble>(under_ref)->phase == Crumble::fallen);
    CHECK_FALSE(world->box_blocked(3.5, 2.5, 0.4, 0.4));
    d.ticks(60);
    CHECK(world->player()->state.y > 5.0);
    CHECK(world->player()->grounded);
    // Back after `respawn` ticks, solid again.
    CHECK(world->find<Crumble>(under_ref)->phase == Crumble::solid);
    CHECK(world->box_blocked(3.5, 2.5, 0.4, 0.4));
}

TEST_CASE("entities: a fallen crumble does not come back while the player is in its place") {
    auto world = make_world(
        {
            "......",  //
            "..P...",  //
            "..x...",  //
            "######",
        },
        [](std::vector<Entity>& entities) {
            for (Entity& e : entities) {
                if (auto* c = std::get_if<Crumble>(&e)) {
                    c->delay = 5;
                    c->respawn = 10;
                }
            }
        });
    Driver d{*world};
    d.ticks(80);
    // The player stands on the floor, its head in the crumble's tile: the crumble waits.
    CHECK(world->player()->state.y > 2.0);
    CHECK(first<Crumble>(*world)->phase == Crumble::fallen);
    CHECK(first<Crumble>(*world)->phase_ticks == 10);
    // It comes back once the player has walked away.
    d.ticks(40, {Action::right});
    d.ticks(2);
    CHECK(first<Crumble>(*world)->phase == Crumble::solid);
}

TEST_CASE("entities: a player walks from the ground onto a row of crumbles and off it, never stuck") {
    // Each crumble is a box of its own: the seams (ground to crumble, crumble to crumble) must not stop a
    // player who walks across them, whatever the speed and the place where a tick ends near a seam.
    const std::vector<std::string> map = {
        "#......................#",  //
        "#P.....................#",  //
        "####xxxxxx##############",  //
        "########################",
    };
    for (int pause_at = 1; pause_at <= 40; ++pause_at) {
        for (const int pause : {1, 3, 6}) {
            CAPTURE(pause_at);
            CAPTURE(pause);
            auto world = make_world(map, [](std::vector<Entity>& entities) {
                for (Entity& e : entities) {
                    if (auto* c = std::get_if<Crumble>(&e)) c->delay = 600;  // none falls meanwhile
                }
            });
            Driver d{*world};
            d.ticks(10);
            d.ticks(pause_at, {Action::right});
            d.ticks(pause);
            d.ticks(150, {Action::right});
            CHECK(world->player()->state.x > 12.0);
            CHECK(world->player()->state.y < 2.0);
        }
    }
}

TEST_CASE("entities: springs and crumbles have the same future after a capture and a restore") {
    const std::vector<std::string> map = {
        "................",  //
        "..P.............",  //
        "..xxxx..........",  //
        "................",  //
        "................",  //
        ".....j..........",  //
        "################",
    };
    // Land on the crumbles, walk right off them onto the spring; capture mid-shake, and mid-squash.
    for (const int capture_at : {30, 75}) {
        CAPTURE(capture_at);
        auto run = make_world(map);
        Driver dr{*run};
        int tick = 0;
        for (; tick < capture_at; ++tick) tick >= 20 ? dr.tick({Action::right}) : dr.tick();
        // Something is under way at the capture: a crumble shaking or fallen, or the spring squashed.
        bool under_way = first<Spring>(*run)->squash_ticks > 0;
        for (const Entity& e : run->entities) {
            const auto* c = std::get_if<Crumble>(&e);
            under_way = under_way || (c && c->phase != Crumble::solid);
        }
        CHECK(under_way);
        const WorldSnapshot saved = run->capture();
        auto copy = make_world(map);
        copy->restore(saved);
        run->rebuild_canonical();  // both from a freshly built world, as F5 does
        Driver dc{*copy};
        for (int t = tick; t < tick + 120; ++t) {
            t >= 20 ? dr.tick({Action::right}) : dr.tick();
            t >= 20 ? dc.tick({Action::right}) : dc.tick();
        }
        CHECK(dump_state(*copy, 0).dump() == dump_state(*run, 0).dump());
    }
}

namespace {

/// The sounds named `name` among `events`.
int sounds_named(const std::vector<WorldEvent>& events, const std::string& name) {
    return static_cast<int>(std::count_if(events.begin(), events.end(), [&](const WorldEvent& e) {
        return e.kind == WorldEvent::Kind::sound && e.text == name;
    }));
}

/// The indices of the gems of `world` collected so far, as a mask (bit 0: index 1).
unsigned found_gems(World& world) {
    unsigned mask = 0;
    for (std::size_t i = 0; i < world.entities.size(); ++i) {
        if (const auto* gem = std::get_if<Gem>(&world.entities.value_at_dense(i)); gem && gem->collected)
            mask |= gem->bit();
    }
    return mask;
}

const std::vector<std::string> gem_map = {
    "..........",  //
    "P..e...e..",  //
    "##########",
};

/// The gem map's world, its gems numbered from `first_index` left to right (a level's gems have their own
/// indices).
std::unique_ptr<World> gem_world(int first_index = 1) {
    auto world = make_world(gem_map);
    for (std::size_t i = 0; i < world->entities.size(); ++i) {
        if (auto* gem = std::get_if<Gem>(&world->entities.value_at_dense(i))) gem->index = first_index++;
    }
    return world;
}

}  // namespace

TEST_CASE("entities: a touched gem is collected once, with its sound, and stays in the SlotMap") {
    auto world = gem_world(2);
    const std::size_t live = world->entities.size();
    Driver d{*world};
    int gem_sounds = 0, coin_sounds = 0;
    unsigned after_first = 0;
    for (int t = 0; t < 90; ++t) {
        d.tick({Action::right});
        const auto events = world->take_events();
        gem_sounds += sounds_named(events, "gem");
        coin_sounds += sounds_named(events, "coin");
        if (gem_sounds == 1 && after_first == 0) after_first = found_gems(*world);
    }
    CHECK(after_first == 0b010u);         // the nearer gem, index 2, first
    CHECK(found_gems(*world) == 0b110u);  // then index 3
    CHECK(gem_sounds == 2);               // once each, although the player stood on them for ticks
    CHECK(coin_sounds == 0);
    CHECK(world->entities.size() == live);  // collected gems are not erased
    CHECK(world->game.coins == 0);          // a gem is no coin
    // Standing on a collected gem collects nothing more.
    d.ticks(30, {Action::left});
    CHECK(sounds_named(world->take_events(), "gem") == 0);
}

TEST_CASE("entities: gems have the same future after a capture and a restore, and after a rewind") {
    // Capture before the first gem, between the two, and after both.
    for (const int capture_at : {5, 30, 70}) {
        CAPTURE(capture_at);
        auto run = gem_world();
        Driver dr{*run};
        for (int t = 0; t < capture_at; ++t) dr.tick({Action::right});
        const unsigned at_capture = found_gems(*run);
        const WorldSnapshot saved = run->capture();
        auto copy = gem_world();
        copy->restore(saved);
        run->rebuild_canonical();
        CHECK(found_gems(*copy) == at_capture);
        Driver dc{*copy};
        for (int t = 0; t < 60; ++t) {
            dr.tick({Action::right});
            dc.tick({Action::right});
        }
        CHECK(found_gems(*copy) == found_gems(*run));
        CHECK(dump_state(*copy, 0).dump() == dump_state(*run, 0).dump());
    }
    // A rewind across the collection gives the gem back; playing on collects it again, exactly as before.
    auto plain = gem_world();
    Driver dp{*plain};
    std::vector<std::string> dumps{dump_state(*plain, 0).dump()};
    for (int t = 0; t < 90; ++t) {
        dp.tick({Action::right});
        dumps.push_back(dump_state(*plain, 0).dump());
    }
    REQUIRE(found_gems(*plain) != 0);
    auto world = gem_world();
    Driver d{*world};
    RewindBuffer buffer;
    buffer.start(*world);
    for (int t = 0; t < 70; ++t) {
        d.tick({Action::right});
        buffer.record(*world, d.actions);
    }
    const unsigned before_rewind = found_gems(*world);
    REQUIRE(before_rewind != 0);
    REQUIRE(buffer.step_back(*world, 60) == 60);
    CHECK(dump_state(*world, 0).dump() == dumps[10]);
    CHECK(found_gems(*world) == 0);
    CHECK(buffer.resume(*world) == 10);
    for (int t = 10; t < 90; ++t) d.tick({Action::right});
    CHECK(found_gems(*world) == found_gems(*plain));
    CHECK(dump_state(*world, 0).dump() == dumps[90]);
}

TEST_CASE("entities: where an entity stood a tick ago and its body are kept beside it, not in it") {
    // The entity holds its state only: every whole copy (a quicksave, the rewind's keyframes and its
    // recorded world) is that much smaller.
    static_assert(sizeof(Entity) <= 160);
    auto world = make_world({
        "P.........",
        "..........",
        "......w.t.",
        "##########",
    });
    Driver d{*world};
    EntityRef player_ref = world->game.player, walker_ref;
    REQUIRE(first<Walker>(*world, &walker_ref));
    first<Turret>(*world)->cooldown = 3;
    // Made: drawn from where it stands.
    CHECK(world->previous(player_ref).x == world->player()->state.x);
    // A shot spawned in a tick starts where it stands.
    d.ticks(3, {Action::right});
    EntityRef shot_ref;
    const Projectile* shot = first<Projectile>(*world, &shot_ref);
    REQUIRE(shot);
    CHECK(world->previous(shot_ref).x == shot->state.x);
    CHECK(world->previous(shot_ref).y == shot->state.y);
    d.ticks(17, {Action::right});
    // One tick: the previous() of a mover is its position before the tick.
    const double player_x = world->player()->state.x, walker_x = first<Walker>(*world)->state.x;
    d.tick({Action::right});
    CHECK(world->previous(player_ref).x == player_x);
    CHECK(world->previous(walker_ref).x == walker_x);
    CHECK(world->player()->state.x != player_x);
    // A restore and a rebuild draw every entity from where it stands.
    world->rebuild_canonical();
    CHECK(world->previous(player_ref).x == world->player()->state.x);
    CHECK(world->previous(walker_ref).x == first<Walker>(*world)->state.x);
    d.tick({Action::right});
    const WorldSnapshot saved = world->capture();
    d.tick({Action::right});
    CHECK(world->previous(player_ref).x != world->player()->state.x);
    world->restore(saved);
    CHECK(world->previous(player_ref).x == world->player()->state.x);
    CHECK(world->previous(player_ref).y == world->player()->state.y);
    // A dead reference stood nowhere and has no body; the player's body is the World's.
    CHECK(world->previous(EntityRef{}).x == 0);
    CHECK(world->body(EntityRef{}) == nullptr);
    REQUIRE(world->body(player_ref));
    CHECK(world->body(player_ref)->GetPosition().x == static_cast<float>(world->player()->state.x));
    CHECK(world->body(walker_ref) == nullptr);  // a walker moves without Box2D
}
