// Conveyors and saws: a belt carries the player and walkers at its speed (either way, stopped by a switch,
// no bump where it meets the floor); a saw travels its track and turns, and its blade is a hazard; both
// keep their future over a capture and a restore.
#include <doctest/doctest.h>

#include <cmath>
#include <tuple>

#include "game/save/state_dump.hpp"
#include "game/sim/travel.hpp"

#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// Sets every conveyor's width and speed.
auto belts(int width, double speed) {
    return [=](std::vector<Entity>& entities) {
        for (Entity& e : entities) {
            if (auto* c = std::get_if<Conveyor>(&e)) {
                c->width = width;
                c->speed = speed;
            }
        }
    };
}

}  // namespace

TEST_CASE("conveyor: carries a player standing still at its speed, either way") {
    for (const double speed : {3.0, -2.5}) {
        CAPTURE(speed);
        auto world = make_world(
            {
                "..........P.........",
                "....................",
                "..........v.........",
                "####################",
            },
            belts(15, speed));
        Driver d{*world};
        d.ticks(30);  // lands on the belt
        REQUIRE(world->player()->grounded);
        CHECK(world->player()->riding);
        const double x0 = world->player()->state.x;
        d.ticks(60);
        CHECK(world->player()->state.x - x0 == doctest::Approx(speed).epsilon(0.03));
        CHECK(world->player()->run_vx == 0.0);
    }
}

TEST_CASE("conveyor: walking with the belt is faster than on the floor, against it slower but possible") {
    auto run = [](double speed, Action held) {
        auto world = make_world(
            {
                "..........P.........",
                "..........v.........",
                "####################",
            },
            belts(19, speed));
        Driver d{*world};
        d.ticks(20);
        const double x0 = world->player()->state.x;
        d.ticks(40, {held});
        return std::abs(world->player()->state.x - x0);
    };
    const double still = run(0, Action::right);
    CHECK(run(4, Action::right) > still + 2.0);
    const double against = run(-8, Action::right);
    CHECK(against > 0.05);
    CHECK(against < still - 2.0);
}

TEST_CASE("conveyor: a switch stops and starts it; stopped it carries nobody") {
    auto world = make_world(
        {
            "..........P.........",
            "..........v.........",
            "####################",
        },
        belts(15, 3));
    Driver d{*world};
    d.ticks(20);
    EntityRef belt;
    REQUIRE(first<Conveyor>(*world, &belt));
    world->get<Conveyor>(belt)->toggle(*world, belt);
    const double x0 = world->player()->state.x;
    d.ticks(60);
    CHECK(world->player()->state.x == doctest::Approx(x0).epsilon(0.001));
    world->get<Conveyor>(belt)->toggle(*world, belt);
    d.ticks(60);
    CHECK(world->player()->state.x - x0 == doctest::Approx(3.0).epsilon(0.05));
}

TEST_CASE(
    "conveyor: carries a walker; a player walks from the floor onto a flush belt and off without a stop") {
    SUBCASE("walker") {
        auto world = make_world(
            {
                "P..........w........",
                "...........v........",
                "####################",
            },
            [](std::vector<Entity>& entities) {
                belts(9, -2)(entities);
                for (Entity& e : entities) {
                    if (auto* w = std::get_if<Walker>(&e)) w->speed = 0;
                }
            });
        Driver d{*world};
        d.ticks(10);
        const double x0 = first<Walker>(*world)->state.x;
        d.ticks(60);
        CHECK(first<Walker>(*world)->state.x - x0 == doctest::Approx(-2.0).epsilon(0.05));
    }
    SUBCASE("seam") {
        // The belt fills a gap in the floor (columns 4..8), its top level with the floor's.
        auto flush = make_world(
            {
                ".P..................",
                "####..v..###########",
                "####################",
            },
            belts(5, 2));
        Driver d{*flush};
        d.ticks(10);
        double slowest = 1e9;
        for (int t = 0; t < 90; ++t) {
            d.tick({Action::right});
            if (t > 20 && flush->player()->state.x < 15)
                slowest = std::min(slowest, flush->player()->state.vx);
            CHECK(flush->player()->state.y < 1.0);  // never sinks into the gap
        }
        CHECK(slowest > 8.0);  // never snagged on the seams (runs at 8.5, plus the belt on it)
        CHECK(flush->player()->state.x > 14);
    }
}

TEST_CASE("saw: travels its track, turns at each end, and stays without travel or speed") {
    auto world = make_world(
        {
            "P...................",
            "####################",
            "..z.................",
            "....z...............",
        },
        [](std::vector<Entity>& entities) {
            bool moving = true;
            for (Entity& e : entities) {
                if (auto* s = std::get_if<Saw>(&e)) {
                    s->dx = moving ? 6 : 0;
                    s->dy = 0;
                    s->speed = 3;
                    moving = false;
                }
            }
        });
    Driver d{*world};
    Saw* saw = first<Saw>(*world);
    REQUIRE(saw->start_x == 2.5);
    d.ticks(60);
    CHECK(saw->state.x == doctest::Approx(5.5));
    d.ticks(61);
    CHECK(saw->state.x > 8.4);  // turned at the far end (8.5)
    CHECK(saw->direction == -1);
    d.ticks(89);
    CHECK(saw->state.x == doctest::Approx(4.0).epsilon(0.02));
    CHECK(saw->state.vx == doctest::Approx(-3.0));
    for (const Entity& e : world->entities) {
        const auto* s = std::get_if<Saw>(&e);
        if (s && s->dx == 0) CHECK(s->state.x == 4.5);
    }
}

TEST_CASE("travel: steps out to the far end, turns there and at the start, and stays when it cannot move") {
    double progress = 0.75;
    int direction = 1;
    // 4 tiles at 2 tiles/s: half a second is a quarter of the travel.
    CHECK(advance_travel(progress, direction, 0, 4, 2, true, 0.5));
    CHECK(progress == 1);
    CHECK(direction == -1);
    CHECK(advance_travel(progress, direction, 0, 4, 2, true, 0.5));
    CHECK(progress == 0.75);
    progress = 0.1;
    CHECK(advance_travel(progress, direction, 3, 4, 2, true, 0.5));  // 5 tiles long: a fifth
    CHECK(progress == 0);
    CHECK(direction == 1);
    for (const auto& [dx, speed, active] :
         {std::tuple{4.0, 2.0, false}, {0.0, 2.0, true}, {4.0, 0.0, true}}) {
        CHECK_FALSE(advance_travel(progress, direction, dx, 0, speed, active, 0.5));
        CHECK(progress == 0);
        CHECK(direction == 1);
    }
}

TEST_CASE("saw: its blade is a hazard (a heart, carried back), with a moment of grace after it") {
    auto world = make_world(
        {
            "P.......z...........",
            "####################",
        },
        [](std::vector<Entity>& entities) {
            for (Entity& e : entities) {
                if (auto* s = std::get_if<Saw>(&e)) {
                    s->dx = 0;
                    s->dy = 0;
                }
            }
        });
    Driver d{*world};
    d.ticks(20);
    const int hearts = world->player()->health;
    bool carried = false;
    for (int t = 0; t < 60 && !carried; ++t) {
        d.tick({Action::right});
        carried = world->player()->returning();
    }
    REQUIRE(carried);
    CHECK(world->player()->health == hearts - 1);
    // Back at the footing it left, invulnerable for a moment: walking into the blade again right away costs
    // nothing while that lasts.
    while (world->player()->returning()) d.tick();
    CHECK(world->player()->state.x < 8.5);  // on the near side of the blade
    const int after = world->player()->health;
    d.ticks(20, {Action::right});
    CHECK(world->player()->invulnerable_ticks > 0);
    CHECK(world->player()->health == after);
}

TEST_CASE("conveyors and saws have the same future after a capture and a restore") {
    const std::vector<std::string> map = {
        "....................",  //
        "..P.................",  //
        "..v.....z...........",  //
        "....................",  //
        "....w......v........",  //
        "####################",
    };
    auto configure = [](std::vector<Entity>& entities) {
        bool first_belt = true;
        for (Entity& e : entities) {
            if (auto* c = std::get_if<Conveyor>(&e)) {
                c->width = first_belt ? 5 : 9;
                c->speed = first_belt ? 2.5 : -3;
                first_belt = false;
            }
            if (auto* s = std::get_if<Saw>(&e)) {
                s->dx = 3;
                s->dy = 2;
                s->speed = 4;
            }
        }
    };
    for (const int capture_at : {25, 70}) {
        CAPTURE(capture_at);
        auto run = make_world(map, configure);
        Driver dr{*run};
        int tick = 0;
        for (; tick < capture_at; ++tick) dr.tick();
        CHECK(first<Saw>(*run)->progress > 0);
        const WorldSnapshot saved = run->capture();
        auto copy = make_world(map, configure);
        copy->restore(saved);
        run->rebuild_canonical();
        Driver dc{*copy};
        for (int t = 0; t < 150; ++t) {
            t >= 30 ? dr.tick({Action::right}) : dr.tick();
            t >= 30 ? dc.tick({Action::right}) : dc.tick();
        }
        CHECK(dump_state(*copy, 0).dump() == dump_state(*run, 0).dump());
    }
}
