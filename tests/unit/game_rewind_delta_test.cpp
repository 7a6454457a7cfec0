// Rewind's step back in place (World::put_back: only the slots the undone ticks touched are written back)
// against the whole world rebuilt from the recorded state (World::restore), on levels where entities spawn
// and die (projectiles, collected coins): the same world at every tick, bit for bit and in the dump, and
// the same future when play goes on from there, through a rebuild for F5 and further step backs.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "game/levels/stress_level.hpp"
#include "game_rewind_run.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// The two worlds of a comparison: `deltas` steps back in place, `whole` rebuilds from the recording.
struct Twins {
    RecordedRun deltas, whole;
    void play(const std::string& level, std::int64_t ticks) {
        deltas.dump_every = whole.dump_every = 0;
        deltas.keep_states = false;
        play_solution(deltas, level, ticks);
        play_solution(whole, level, ticks);
        whole.buffer.set_step_back_by_deltas(false);
    }
};

/// Whether the run made entities and lost some (slots beyond the level's own, free slots).
void require_spawns_and_deaths(const World& world, const std::string& level) {
    const std::size_t placed = shipped_world(level)->entities.slot_count();
    REQUIRE(world.entities.slot_count() > placed);
    REQUIRE(world.entities.free_count() > 0);
}

}  // namespace

TEST_CASE("stepping back in place gives the world a full restore gives, at every tick") {
    for (const char* level : {"04_turret_caverns", "06_the_summit"}) {
        CAPTURE(level);
        Twins twins;
        twins.play(level, sized<std::int64_t>(1500, 400));
        require_spawns_and_deaths(*twins.deltas.world, level);
        const std::vector<std::uint64_t>& states = twins.whole.states;
        int in_place = 0;
        for (std::size_t back = states.size() - 1; back > 0; --back) {
            REQUIRE(twins.deltas.buffer.step_back(*twins.deltas.world));
            REQUIRE(twins.whole.buffer.step_back(*twins.whole.world));
            in_place += twins.deltas.world->put_back_pending() ? 1 : 0;
            CHECK_FALSE(twins.whole.world->put_back_pending());
            const bool same = exact_state(*twins.deltas.world) == exact_state(*twins.whole.world) &&
                              exact_hash(*twins.deltas.world) == states[back - 1];
            const bool same_dump =
                back % 25 != 0 || dump_state(*twins.deltas.world, 0) == dump_state(*twins.whole.world, 0);
            if (!same || !same_dump) {
                FAIL_CHECK("tick " << back - 1 << " differs between the two ways back");
                break;
            }
        }
        CHECK(in_place == static_cast<int>(states.size()) - 1);
        CHECK(twins.deltas.buffer.bytes() == twins.whole.buffer.bytes());
    }
}

TEST_CASE("play goes on from a world stepped back in place as from one restored whole") {
    const std::string level = "04_turret_caverns";
    const std::int64_t played = 900;
    for (std::int64_t depth : {1, 37, 300}) {
        CAPTURE(depth);
        Twins twins;
        twins.play(level, played);
        require_spawns_and_deaths(*twins.deltas.world, level);
        REQUIRE(twins.deltas.buffer.step_back(*twins.deltas.world, depth) == depth);
        REQUIRE(twins.whole.buffer.step_back(*twins.whole.world, depth) == depth);
        CHECK(twins.deltas.world->put_back_pending());  // in place, however long the jump
        REQUIRE(exact_state(*twins.deltas.world) == exact_state(*twins.whole.world));
        // Stepped on and recorded (Box2D and the indexes rebuilt before the first tick), stepped back
        // again, rebuilt as an F5 does, stepped on: the two worlds stay the same at every tick.
        ScriptFrom script_d(level, played - depth), script_w(level, played - depth);
        auto go_on = [&](int ticks) {
            for (int i = 0; i < ticks; ++i) {
                script_d.step(*twins.deltas.world);
                twins.deltas.buffer.record(*twins.deltas.world, script_d.actions);
                script_w.step(*twins.whole.world);
                twins.whole.buffer.record(*twins.whole.world, script_w.actions);
                if (exact_state(*twins.deltas.world) != exact_state(*twins.whole.world)) {
                    FAIL_CHECK("the worlds part at tick " << script_d.tick);
                    return false;
                }
            }
            return true;
        };
        REQUIRE(go_on(120));
        for (int i = 0; i < 45; ++i) {
            REQUIRE(twins.deltas.buffer.step_back(*twins.deltas.world));
            REQUIRE(twins.whole.buffer.step_back(*twins.whole.world));
        }
        CHECK(twins.deltas.world->put_back_pending());
        REQUIRE(exact_state(*twins.deltas.world) == exact_state(*twins.whole.world));
        // The scripts go on from where the worlds now are.
        script_d = ScriptFrom(level, played - depth + 75);
        script_w = ScriptFrom(level, played - depth + 75);
        WorldSnapshot saved_d, saved_w;
        twins.deltas.world->rebuild_canonical(&saved_d);
        twins.whole.world->rebuild_canonical(&saved_w);
        CHECK_FALSE(twins.deltas.world->put_back_pending());
        REQUIRE(exact_state(*twins.deltas.world) == exact_state(*twins.whole.world));
        REQUIRE(go_on(200));
    }
}

TEST_CASE("stepping back in place on a big generated level gives the recorded states") {
    // Turrets firing, walkers, doors and coins in thousands: every tick's state kept and compared.
    StressLevel stress = make_stress_level(sized(3000, 1000));
    auto world = std::make_unique<World>(stress.level, Tuning{}, stress.entities);
    auto whole = std::make_unique<World>(stress.level, Tuning{}, stress.entities);
    RewindBuffer buffer, whole_buffer;
    whole_buffer.set_step_back_by_deltas(false);
    buffer.start(*world);
    whole_buffer.start(*whole);
    std::vector<std::vector<std::uint8_t>> states{exact_state(*world)};
    ActionState actions;
    const std::size_t placed = world->entities.slot_count();
    for (int tick = 0; tick < sized(400, 150); ++tick) {
        actions.begin_tick();
        if (tick == 0) actions.press(Action::right);
        for (World* w : {world.get(), whole.get()}) {
            w->step(actions);
            w->take_events();
        }
        buffer.record(*world, actions);
        whole_buffer.record(*whole, actions);
        states.push_back(exact_state(*world));
    }
    REQUIRE(world->entities.slot_count() > placed);  // projectiles fired
    for (std::size_t back = states.size() - 1; back > 0; --back) {
        REQUIRE(buffer.step_back(*world));
        REQUIRE(whole_buffer.step_back(*whole));
        CHECK(world->put_back_pending());
        const std::vector<std::uint8_t> state = exact_state(*world);
        if (state != states[back - 1] || state != exact_state(*whole)) {
            FAIL_CHECK("tick " << back - 1 << " differs after stepping back in place");
            break;
        }
    }
}

TEST_CASE("a jump back over a quarter of a big level's slots is put back in place, exactly") {
    // Putting back costs a copy and a mark a slot; rebuilding the whole world costs more however many
    // slots the jump touched, so a jump touching many of them is done in place too. (3 000 entities in
    // every build: fewer would not make a quarter of their slots change in 900 ticks.)
    StressLevel stress = make_stress_level(3000);
    auto world = std::make_unique<World>(stress.level, Tuning{}, stress.entities);
    RewindBuffer buffer;
    buffer.start(*world);
    const std::vector<std::uint8_t> start = exact_state(*world);
    std::vector<bool> changed;  // slots any tick marked
    ActionState actions;
    const int ticks = 900;
    record_running_right(*world, buffer, actions, ticks, [&](World& w) {
        for (std::uint32_t index : w.changes().slots()) {
            if (index >= changed.size()) changed.resize(index + 1, false);
            changed[index] = true;
        }
    });
    const auto touched = static_cast<std::size_t>(std::count(changed.begin(), changed.end(), true));
    INFO("slots changed " << touched << " of " << world->entities.slot_count());
    REQUIRE(touched * 4 > world->entities.slot_count() + 256);
    REQUIRE(buffer.step_back(*world, ticks) == ticks);
    CHECK(world->put_back_pending());
    CHECK(exact_state(*world) == start);
}
