// Recorded runs for the rewind tests: a shipped level's solution played with a RewindBuffer recording,
// with the dump and the exact bytes of the world after every tick to compare stepping back against.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/fnv1a.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/save/field_bytes.hpp"
#include "game/save/rewind_buffer.hpp"
#include "game/save/state_dump.hpp"
#include "game/sim/tuning.hpp"

namespace qs::test {

/// Plays `ticks` ticks of `world` holding right, each recorded in `buffer`; `after_step(world)` runs after
/// each step, before its record (the tick's change marks are still there). `actions` carries the held keys
/// from one call to the next.
template <class AfterStep>
void record_running_right(World& world, RewindBuffer& buffer, ActionState& actions, int ticks,
                          AfterStep after_step) {
    for (int tick = 0; tick < ticks; ++tick) {
        actions.begin_tick();
        actions.press(Action::right);
        world.step(actions);
        world.take_events();
        after_step(world);
        buffer.record(world, actions);
    }
}

/// The whole state of a world as exact bytes: every slot (generation, alive), the free list in order,
/// the game state and every live entity through its field list, by slot index.
inline std::vector<std::uint8_t> exact_state(const World& world) {
    std::vector<std::uint8_t> out;
    EntityMap::Layout layout = world.entities.export_layout();
    for (const auto& slot : layout.slots) {
        out.insert(out.end(), reinterpret_cast<const std::uint8_t*>(&slot.generation),
                   reinterpret_cast<const std::uint8_t*>(&slot.generation) + 4);
        out.push_back(slot.alive ? 1 : 0);
    }
    out.push_back(0xFF);
    for (std::uint32_t index : layout.free_list) {
        out.insert(out.end(), reinterpret_cast<const std::uint8_t*>(&index),
                   reinterpret_cast<const std::uint8_t*>(&index) + 4);
    }
    out.push_back(0xFE);
    WorldSnapshot snapshot = world.capture();
    FieldByteWriter writer{out};
    snapshot.game.fields(writer);
    for (Entity& entity : snapshot.entities) write_entity_bytes(entity, out);
    return out;
}

inline std::uint64_t exact_hash(const World& world) {
    std::vector<std::uint8_t> bytes = exact_state(world);
    return fnv1a64(bytes.data(), bytes.size());
}

/// Plays `ticks` ticks of a shipped level's solution (or of another of its scripts, such as gems.txt),
/// recording, and returns the dump and the exact hash after each tick (dumps[0], states[0]: the start).
struct RecordedRun {
    std::unique_ptr<World> world;
    RewindBuffer buffer;
    std::vector<std::string> dumps;     ///< "" for the ticks between two of every `dump_every`th
    std::vector<std::uint64_t> states;  ///< exact_hash after each tick (states[0]: the start)
    int dump_every = 1;                 ///< 0: no dumps (a dump costs far more than a tick)
    bool keep_states = true;
};

/// A shipped level's folder.
inline std::string shipped_folder(const std::string& level) {
    return std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + level;
}

/// A new world of a shipped level at its start, with the shipped tuning.
inline std::unique_ptr<World> shipped_world(const std::string& level) {
    CheckedLevel checked = check_level(shipped_folder(level));
    REQUIRE(checked.level);
    std::vector<std::string> problems;
    const Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    return std::make_unique<World>(checked.level, tuning, checked.entities);
}

/// A shipped level's script (solution.txt, gems.txt) from tick `from` on; the actions it held before
/// `from` are held already.
struct ScriptFrom {
    static constexpr std::int64_t max_ticks = 36000;
    InputScript script;
    ActionState actions;
    std::int64_t tick = 0;

    ScriptFrom(const std::string& level, std::int64_t from, const std::string& script_name = "solution.txt") {
        std::string error;
        REQUIRE_MESSAGE(script.load(shipped_folder(level) + "/" + script_name, error), error);
        for (; tick < from; ++tick) {
            actions.begin_tick();
            script.apply(tick, actions);
        }
    }
    /// Steps `world` one tick with the script.
    void step(World& world) {
        actions.begin_tick();
        script.apply(tick, actions);
        world.step(actions);
        world.take_events();
        ++tick;
    }
    /// Steps `world` with the script until it completes; returns the tick count it completed at, or -1.
    std::int64_t finish(World& world) {
        while (tick < max_ticks && !world.game.completed) step(world);
        return world.game.completed ? tick : -1;
    }
};

inline void play_solution(RecordedRun& run, const std::string& level, std::int64_t ticks,
                          bool cross_check = false, const std::string& script_name = "solution.txt") {
    run.world = shipped_world(level);
    InputScript script;
    std::string error;
    REQUIRE_MESSAGE(script.load(shipped_folder(level) + "/" + script_name, error), error);
    run.buffer.set_cross_check(cross_check);
    run.buffer.start(*run.world);
    std::int64_t tick = 0;
    auto keep = [&run, &tick] {
        if (run.dump_every > 0)
            run.dumps.push_back(tick % run.dump_every == 0 ? dump_state(*run.world, 0).dump()
                                                           : std::string());
        if (run.keep_states) run.states.push_back(exact_hash(*run.world));
    };
    keep();
    ActionState actions;
    while (tick < ticks && !run.world->game.completed) {
        actions.begin_tick();
        script.apply(tick, actions);
        run.world->step(actions);
        run.world->take_events();
        run.buffer.record(*run.world, actions);
        ++tick;
        keep();
    }
}

/// The same future from tick `at` of a shipped level's solution, whose plain run `plain` (played to its
/// goal, a dump after every tick) is what both must match:
///   - F5 then F9: at `at` a capture, the live world rebuilt from it (F5) and the capture restored into a
///     new world (F9); both finish the solution at the same tick, in the same state;
///   - a rewind: played up to 60 ticks past `at` and stepped back to it, the rest of the solution finishes
///     at the plain run's tick in its final state.
inline void check_same_future_at(const std::string& level, const RecordedRun& plain, std::int64_t at) {
    CAPTURE(at);
    const auto state = [](const World& world) { return dump_state(world, 0).dump(); };
    const auto end = static_cast<std::int64_t>(plain.dumps.size()) - 1;
    REQUIRE(plain.world->game.completed);
    REQUIRE(at < end);
    {
        auto saved_run = shipped_world(level);
        ScriptFrom before(level, 0);
        while (before.tick < at) before.step(*saved_run);
        REQUIRE(state(*saved_run) == plain.dumps[at]);
        const WorldSnapshot saved = saved_run->capture();
        saved_run->rebuild_canonical();
        auto loaded = shipped_world(level);
        loaded->restore(saved);
        CHECK(state(*loaded) == plain.dumps[at]);
        ScriptFrom after_save(level, at), after_load(level, at);
        const std::int64_t saved_end = after_save.finish(*saved_run);
        const std::int64_t loaded_end = after_load.finish(*loaded);
        CHECK(saved_end > at);
        CHECK(loaded_end == saved_end);
        CHECK(state(*loaded) == state(*saved_run));
    }
    {
        const std::int64_t ahead = std::min<std::int64_t>(60, end - at);
        RecordedRun run;
        play_solution(run, level, at + ahead);
        REQUIRE(run.buffer.step_back(*run.world, ahead) == ahead);
        CHECK(state(*run.world) == plain.dumps[at]);
        CHECK(run.buffer.resume(*run.world) == at);
        ScriptFrom rest(level, at);
        CHECK(rest.finish(*run.world) == end);
        CHECK(state(*run.world) == plain.dumps.back());
    }
}

}  // namespace qs::test
