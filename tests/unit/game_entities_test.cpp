// Entity behaviour: coins, walkers (stomp and side hits), spikes, switches and doors, platforms,
// turrets and projectiles, checkpoints and respawn, goal — and their references by SlotMap key.
#include <doctest/doctest.h>

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
