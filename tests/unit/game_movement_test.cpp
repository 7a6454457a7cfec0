// Movement feel: standing, running, coyote time, jump buffer, variable height, corner correction,
// one-way tiles, ice, seams and walls — played through the real World with held actions.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

namespace {

Player& player_of(World& world) {
    return *world.player();
}

/// Ticks until the player stops being grounded (the first tick it finds no ground); returns the ticks
/// taken (or -1).
int run_until_airborne(Driver& driver, Action direction, int limit = 300) {
    for (int i = 0; i < limit; ++i) {
        driver.tick({direction});
        if (!player_of(driver.world).grounded) return i;
    }
    return -1;
}

}  // namespace

TEST_CASE("movement: the player lands and stands on the ground") {
    auto world = make_world({
        "..........",
        "...P......",
        "..........",
        "##########",
    });
    Driver d{*world};
    d.ticks(60);
    Player& p = player_of(*world);
    CHECK(p.grounded);
    CHECK(p.state.y + Player::half_height == doctest::Approx(3.0).epsilon(0.02));
    CHECK(p.state.vy == doctest::Approx(0.0).epsilon(0.01));
}

TEST_CASE("movement: running accelerates to the run speed and friction stops it") {
    auto world = make_world({
        "P.......................................................",
        "########################################################",
    });
    Driver d{*world};
    d.ticks(10);
    d.ticks(40, {Action::right});
    CHECK(player_of(*world).state.vx == doctest::Approx(world->tuning().run_speed).epsilon(0.01));
    d.ticks(30);
    CHECK(std::abs(player_of(*world).state.vx) < 0.01);
}

TEST_CASE("movement: coyote time lets a jump start just after leaving a ledge, not later") {
    auto world = make_world({
        "..................................",
        "..................................",
        "..................................",
        "..P...............................",
        "##########........................",
        "##########........................",
        "##########........................",
        "##########........................",
        "##########........................",
        "##################################",
    });
    Driver d{*world};
    d.ticks(20);
    REQUIRE(run_until_airborne(d, Action::right) >= 0);
    WorldSnapshot left_ledge = world->capture();
    int coyote = world->tuning().coyote_ticks;
    for (int late = 0; late <= coyote + 3; ++late) {
        world->restore(left_ledge);
        d.ticks(late, {Action::right});
        d.tick({Action::right, Action::jump});
        bool jumped = player_of(*world).state.vy < 0;
        CAPTURE(late);
        // The tick of leaving counts as the first coyote tick: jumps on ticks 1 .. coyote - 1 after it work.
        if (late < coyote - 1) CHECK(jumped);
        if (late >= coyote) CHECK_FALSE(jumped);
    }
}

TEST_CASE("movement: a jump pressed shortly before landing fires on landing") {
    auto world = make_world({
        "...P......",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "##########",
    });
    Driver d{*world};
    // Fall, recording the tick of landing without any jump.
    int landing = -1;
    {
        WorldSnapshot start = world->capture();
        for (int i = 0; i < 120 && landing < 0; ++i) {
            d.tick();
            if (player_of(*world).grounded) landing = i;
        }
        world->restore(start);
    }
    REQUIRE(landing > 10);
    WorldSnapshot start = world->capture();
    int buffer = world->tuning().jump_buffer_ticks;
    for (int early : {1, buffer - 2, buffer + 4}) {
        world->restore(start);
        d.ticks(landing - early);
        d.tick({Action::jump});
        bool jumped = false;
        for (int i = 0; i < early + 4; ++i) {
            d.tick({Action::jump});
            if (player_of(*world).state.vy < -5) jumped = true;
        }
        CAPTURE(early);
        CHECK(jumped == (early <= buffer - 1));
    }
}

TEST_CASE("movement: releasing jump early gives a lower jump") {
    auto apex = [](int hold_ticks) {
        auto world = make_world({
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "...P......",
            "##########",
        });
        Driver d{*world};
        d.ticks(10);
        double top = player_of(*world).state.y;
        for (int i = 0; i < 80; ++i) {
            if (i < hold_ticks) {
                d.tick({Action::jump});
            } else {
                d.tick();
            }
            top = std::min(top, player_of(*world).state.y);
        }
        return 7.0 - Player::half_height - top;  // height of the centre above standing height (approx.)
    };
    double full = apex(40), short_hop = apex(3);
    CHECK(full > 3.0);
    CHECK(full < 4.5);
    CHECK(short_hop < full * 0.5);
    CHECK(short_hop > 0.3);
}

TEST_CASE("movement: corner correction slides a rising head around a ceiling edge") {
    // The ceiling block ends at x = 4 (its underside at y = 4); the player's left edge starts `under` tiles
    // beneath it. Within the correction distance the head slides past; beyond it the head bumps.
    auto highest_centre = [](double under, double* x_shift) {
        auto world = make_world(
            {
                "..........",
                "..........",
                "..........",
                "####......",
                "..........",
                "..........",
                "....P.....",
                "##########",
            },
            [&](std::vector<Entity>& entities) {
                body_state(entities[0]).x = 4 + Player::half_width - under;
            });
        Driver d{*world};
        d.ticks(10);
        double x_before = world->player()->state.x;
        double top = 100;
        for (int i = 0; i < 40; ++i) {
            d.tick({Action::jump});
            top = std::min(top, world->player()->state.y);
        }
        *x_shift = world->player()->state.x - x_before;
        return top;
    };
    double shift = 0;
    CHECK(highest_centre(0.15, &shift) < 3.9);  // the centre rose past the ceiling's underside
    CHECK(shift == doctest::Approx(0.16).epsilon(0.05));
    CHECK(highest_centre(0.5, &shift) > 4.4);  // too far under: bumped
    CHECK(shift == doctest::Approx(0.0));
}

TEST_CASE("movement: one-way tiles are jumped through from below and dropped through with down+jump") {
    auto world = make_world({
        "..........",
        "..........",
        "..........",
        "..........",
        "..======..",
        "..........",
        "....P.....",
        "##########",
    });
    Driver d{*world};
    d.ticks(10);
    d.ticks(30, {Action::jump});
    d.ticks(40);
    Player& p = player_of(*world);
    CHECK(p.grounded);
    CHECK(p.state.y + Player::half_height == doctest::Approx(4.0).epsilon(0.02));
    d.tick({Action::down, Action::jump});
    d.ticks(40);
    CHECK(player_of(*world).state.y + Player::half_height == doctest::Approx(7.0).epsilon(0.02));
}

TEST_CASE("movement: ice keeps the player sliding much further than ground") {
    auto slide = [](char floor) {
        std::string row(60, floor);
        auto world = make_world({"P" + std::string(59, '.'), row});
        Driver d{*world};
        d.ticks(10);
        d.ticks(90, {Action::right});
        double x = player_of(*world).state.x;
        d.ticks(120);
        return player_of(*world).state.x - x;
    };
    double ground = slide('#'), ice = slide('~');
    CHECK(ground < 1.0);
    CHECK(ice > ground * 3);
}

TEST_CASE("movement: running over seams between many rectangles keeps speed and height") {
    // The floor's rectangles split at every column (alternating heights underneath).
    auto world = make_world({
        "P...........................................",
        "############################################",
        "#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.",
        "##.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#",
    });
    Driver d{*world};
    d.ticks(10);
    d.ticks(40, {Action::right});
    double y = player_of(*world).state.y;
    for (int i = 0; i < 40; ++i) {
        d.tick({Action::right});
        CHECK(player_of(*world).state.vx == doctest::Approx(world->tuning().run_speed).epsilon(0.01));
        CHECK(player_of(*world).state.y == doctest::Approx(y).epsilon(0.001));
    }
}

TEST_CASE("movement: pushing into a wall in the air does not stick to it") {
    auto world = make_world({
        "......#",
        "......#",
        "......#",
        "......#",
        "......#",
        "...P..#",
        "#######",
    });
    Driver d{*world};
    d.ticks(10);
    d.ticks(20, {Action::right, Action::jump});
    double y = player_of(*world).state.y;
    d.ticks(20, {Action::right});
    CHECK(player_of(*world).state.y > y + 0.5);  // fell while pressing into the wall
}

TEST_CASE(
    "movement: assets/tuning.json names every movement value, sets none (tuning.hpp has the defaults)") {
    std::vector<std::string> problems;
    Tuning loaded = load_tuning(QUICKSTEP_SOURCE_DIR "/assets/tuning.json", problems);
    CHECK(problems.empty());
    std::vector<std::string> names;
    auto collect = [&]<class T>(const char* name, T&, FieldFlag = FieldFlag::none) {
        names.emplace_back(name);
    };
    loaded.fields(collect);
    std::ifstream in(QUICKSTEP_SOURCE_DIR "/assets/tuning.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const auto& name : names) {
        CHECK_MESSAGE(text.find("\"" + name + "\"") != std::string::npos, name);
        CHECK_MESSAGE(text.find("\"" + name + "\":") == std::string::npos, name);  // named, not set
    }
    std::vector<std::string> bad_problems;
    std::string bad_path = (std::filesystem::temp_directory_path() / "quickstep-tuning-test.json").string();
    {
        std::ofstream out(bad_path);
        out << R"({"run_speed": "fast", "jump_hieght": 3})";
    }
    Tuning bad = load_tuning(bad_path, bad_problems);
    std::remove(bad_path.c_str());
    CHECK(bad.run_speed == Tuning{}.run_speed);
    REQUIRE(bad_problems.size() == 2);
    CHECK(bad_problems[0].find("run_speed must be a number, got a string") != std::string::npos);
    CHECK(bad_problems[1].find("unknown key 'jump_hieght'") != std::string::npos);
}

TEST_CASE("movement: a fall of any speed from above a one-way top lands on it") {
    // Falls from 1 to 14 tiles above the top, starting at several fractions of a tile (so the last tick
    // before the top ends anywhere above it), at a slow, the default and the highest allowed fall speed.
    // A tick at the fastest fall moves the player more than a third of a tile.
    for (const double max_fall : {9.0, Tuning{}.max_fall_speed, 25.0}) {
        for (const int height : {1, 2, 3, 5, 8, 14}) {
            for (const double fraction : {0.0, 0.13, 0.37, 0.71, 0.93}) {
                CAPTURE(max_fall);
                CAPTURE(height);
                CAPTURE(fraction);
                std::vector<std::string> rows(static_cast<std::size_t>(height) + 8, "........");
                rows[1][3] = 'P';
                const int top = 1 + height;
                rows[static_cast<std::size_t>(top)] = "..====..";
                rows.back() = "########";
                MapLevel map = make_map_level(rows);
                body_state(map.entities.front()).y = 1.5 - fraction;
                Tuning tuning;
                tuning.max_fall_speed = max_fall;
                World world(map.level, tuning, map.entities);
                Driver d{world};
                double fastest = 0;
                for (int i = 0; i < 240 && !player_of(world).grounded; ++i) {
                    d.tick();
                    fastest = std::max(fastest, player_of(world).state.vy);
                }
                d.ticks(5);
                const Player& p = player_of(world);
                CHECK(p.grounded);
                CHECK(p.state.y + Player::half_height == doctest::Approx(top).epsilon(0.01));
                if (height >= 8) CHECK(fastest == doctest::Approx(max_fall));
            }
        }
    }
}
