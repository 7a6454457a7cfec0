// The same future after an F5 on one-way floors: the canonical rebuild a quicksave makes at any tick of a run
// over one-way tiles (walking, collecting a gem, landing, jumping up through one, dropping through one)
// leaves every later tick's exact state as it is in the run without it, and so does a load of that save.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "game_rewind_run.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

namespace {

// A one-way floor over the ground with gems on it, and a one-way shelf above it to jump up through.
// clang-format off
const std::vector<std::string> one_way_future_map = {
    "..................................",
    "..................................",
    "..................................",
    "..................................",
    "...........=======................",
    "..................................",
    "..P..e.e...............e..........",
    "=================================.",
    "..................................",
    "##################################",
};
// clang-format on

/// The actions of tick `t`: run right along the floor through two gems, jump up through the shelf and land
/// on it, run off its end back onto the floor through the third gem, then drop through the floor.
ActionState one_way_future_actions(int t, ActionState& actions) {
    actions.begin_tick();
    actions.release_all();
    if (t < 150) actions.press(Action::right);
    if (t >= 45 && t < 67) actions.press(Action::jump);
    if (t >= 170 && t < 173) actions.press(Action::down);
    if (t == 171) actions.press(Action::jump);
    return actions;
}

constexpr int one_way_future_ticks = 240;

/// Plays the run; at tick `save_at` (if not negative) makes the quicksave's canonical rebuild, and with
/// `load` goes on in a new world restored from it. Returns the exact state after every tick.
std::vector<std::uint64_t> one_way_future_run(int save_at, bool load) {
    auto world = make_world(one_way_future_map);
    ActionState actions;
    std::vector<std::uint64_t> states;
    for (int t = 0; t < one_way_future_ticks; ++t) {
        if (t == save_at) {
            const WorldSnapshot saved = world->capture();
            world->rebuild_canonical();
            if (load) {
                world = make_world(one_way_future_map);
                world->restore(saved);
            }
        }
        world->step(one_way_future_actions(t, actions));
        world->take_events();
        states.push_back(exact_hash(*world));
    }
    return states;
}

}  // namespace

TEST_CASE("one-way future: the run goes where the test means it to") {
    auto world = make_world(one_way_future_map);
    ActionState actions;
    bool on_shelf = false, on_floor_after_shelf = false, dropped = false;
    for (int t = 0; t < one_way_future_ticks; ++t) {
        world->step(one_way_future_actions(t, actions));
        world->take_events();
        const Player& p = *world->player();
        const double feet = p.state.y + Player::half_height;
        if (p.grounded && std::abs(feet - 4.0) < 0.02) on_shelf = true;
        if (on_shelf && p.grounded && std::abs(feet - 7.0) < 0.02) on_floor_after_shelf = true;
        if (on_floor_after_shelf && p.grounded && std::abs(feet - 9.0) < 0.02) dropped = true;
    }
    CHECK(on_shelf);
    CHECK(on_floor_after_shelf);
    CHECK(dropped);
    int found = 0;
    for (const Entity& e : world->entities) {
        if (const auto* gem = std::get_if<Gem>(&e)) found += gem->collected ? 1 : 0;
    }
    CHECK(found == 3);
}

TEST_CASE("one-way future: an F5 at every tick on one-way floors leaves the future identical") {
    const std::vector<std::uint64_t> plain = one_way_future_run(-1, false);
    for (const bool load : {false, true}) {
        for (int at = 1; at < one_way_future_ticks; ++at) {
            CAPTURE(load);
            CAPTURE(at);
            const std::vector<std::uint64_t> saved = one_way_future_run(at, load);
            int first_different = -1;
            for (int t = 0; t < one_way_future_ticks && first_different < 0; ++t) {
                if (saved[t] != plain[t]) first_different = t;
            }
            CHECK(first_different == -1);
        }
    }
}
