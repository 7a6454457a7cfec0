// What a rewind's release steps again: the session rebuilds a level's live world canonically every
// PlaySession::rebuild_ticks() ticks, chosen from the level's entity count at its start (every shipped level
// keeps the most, 600), so that a release after a rewind within the keyframes the buffer keeps whole steps
// fewer ticks than that again; one from further back replays the rebuilds on the way. Either way the live
// world after the release goes on exactly as the run that was not rewound. A sanitizer build plays a
// 2 500-entity stress level instead of the 10 000-entity one (test_sizing.hpp).
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/scratch_folder.hpp"
#include "game/app/play_session.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"
#include "game/save/save_codec.hpp"
#include "game_rewind_run.hpp"
#include "game_shipped_levels.hpp"
#include "game_stress_session.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

namespace {

const int release_stress_entities = sized(10000, 2500);

/// A session playing the stress level, right held, `ticks` ticks in.
struct StressSession {
    ScratchFolder saves{"qs_rewind_release"};
    PlaySession session{saves.path(), false};
    ActionState actions;

    explicit StressSession(const StressLevel& stress) { REQUIRE(start_stress_level(session, stress)); }
    void play(std::int64_t ticks) {
        for (std::int64_t tick = 0; tick < ticks; ++tick) {
            actions.begin_tick();
            actions.press(Action::right);
            session.step(actions);
        }
    }
};

/// Plays `played` ticks, holds rewind for `back` of them and releases it; then plays `after` more ticks
/// and checks the world against a run that played played - back + after ticks without a rewind. Returns
/// the release's plan (the ticks it stepped again and the rebuilds on the way).
RewindBuffer::ResumePlan release_after(const StressLevel& stress, std::int64_t played, std::int64_t back,
                                       std::int64_t after) {
    StressSession rewound(stress);
    rewound.play(played);
    for (std::int64_t i = 0; i < back; ++i) rewound.session.hold_rewind(false);
    std::optional<RewindBuffer::ResumePlan> plan = rewound.session.rewind().resume_plan();
    REQUIRE(plan);
    rewound.session.end_rewind_hold(false);
    StressSession straight(stress);
    straight.play(played - back);
    CHECK(exact_hash(*rewound.session.world()) == exact_hash(*straight.session.world()));
    rewound.play(after);
    straight.play(after);
    CHECK(exact_hash(*rewound.session.world()) == exact_hash(*straight.session.world()));
    CHECK(dump_state(*rewound.session.world(), 0).dump() == dump_state(*straight.session.world(), 0).dump());
    return *plan;
}

}  // namespace

TEST_CASE("rebuild interval: every shipped level keeps 600 ticks; a big level gets fewer, at least 30") {
    for (const std::string& name : shipped_levels()) {
        CAPTURE(name);
        CheckedLevel checked = check_level(shipped_folder(name));
        REQUIRE(checked.level);
        ScratchFolder saves("qs_rewind_release_levels");
        PlaySession session(saves.path(), false);
        REQUIRE(session.start(checked));
        CHECK(session.rebuild_ticks() == PlaySession::max_rebuild_ticks);
    }
    CHECK(PlaySession::max_rebuild_ticks == 600);
    CHECK(PlaySession::rebuild_ticks_for(0) == 600);
    CHECK(PlaySession::rebuild_ticks_for(500) == 600);
    CHECK(PlaySession::rebuild_ticks_for(501) == 598);
    CHECK(PlaySession::rebuild_ticks_for(2500) == 120);
    CHECK(PlaySession::rebuild_ticks_for(10000) == 30);
    CHECK(PlaySession::rebuild_ticks_for(100000) == PlaySession::min_rebuild_ticks);
}

TEST_CASE("release after a 180-tick rewind on the stress level steps less than one rebuild interval again") {
    StressLevel stress = make_stress_level(release_stress_entities);
    {
        ScratchFolder saves("qs_rewind_release_interval");
        PlaySession session(saves.path(), false);
        REQUIRE(start_stress_level(session, stress));
        CHECK(session.rebuild_ticks() == PlaySession::rebuild_ticks_for(release_stress_entities));
        if (release_stress_entities == 10000) CHECK(session.rebuild_ticks() == 30);
    }
    const std::int64_t interval = PlaySession::rebuild_ticks_for(release_stress_entities);
    // Back to one tick before a rebuild: the most a release within the kept keyframes steps again.
    const std::int64_t back = 180, played = 10 * interval + back - 1;
    RewindBuffer::ResumePlan plan = release_after(stress, played, back, 300);
    CHECK(static_cast<std::int64_t>(plan.inputs.size()) == interval - 1);
    CHECK(plan.rebuilds.empty());
}

TEST_CASE("release after a rewind past the kept keyframes replays the rebuilds on the way, same future") {
    StressLevel stress = make_stress_level(release_stress_entities);
    const std::int64_t interval = PlaySession::rebuild_ticks_for(release_stress_entities);
    // 1 109 ticks played, 900 back: tick 209. At 10 000 entities the keyframes the buffer keeps whole
    // (a quarter of its 64 MB) reach about 240 ticks back, so those before (but the level's start) were let
    // go; the smaller level of a sanitizer build keeps them all, and only the same future is checked there.
    RewindBuffer::ResumePlan plan = release_after(stress, 1109, 900, 300);
    if (release_stress_entities != 10000) return;
    CHECK(plan.inputs.size() == 209);
    REQUIRE(static_cast<std::int64_t>(plan.rebuilds.size()) == 209 / interval);
    for (std::size_t i = 0; i < plan.rebuilds.size(); ++i)
        CHECK(plan.rebuilds[i] == interval * static_cast<std::int64_t>(i + 1));
}

TEST_CASE("a release from a keyframe whose later ones were let go rebuilds where the live world did") {
    // A shipped level rebuilt (as F5 does) every 50 ticks, with a memory cap small enough that only the
    // newest keyframes keep their snapshots: 690 ticks back, the release starts from the level's start and
    // must rebuild at ticks 50, 100, 150 and 200 on the way, as the live world was, to go on the same way.
    const std::string level = "04_turret_caverns";
    const std::int64_t every = 50, played = 900, back = 690;
    auto play = [&](World& world, RewindBuffer* buffer, std::int64_t ticks,
                    std::vector<std::uint64_t>& states) {
        ScriptFrom script(level, 0);
        for (std::int64_t tick = 1; tick <= ticks; ++tick) {
            script.step(world);
            if (buffer) buffer->record(world, script.actions);
            if (tick % every == 0) {
                auto snapshot = std::make_shared<WorldSnapshot>();
                world.rebuild_canonical(snapshot.get());
                if (buffer) buffer->keyframe(snapshot);
            }
            states.push_back(exact_hash(world));
        }
    };
    std::vector<std::uint64_t> straight_states, rewound_states;
    std::unique_ptr<World> straight = shipped_world(level);
    play(*straight, nullptr, played, straight_states);

    std::unique_ptr<World> rewound = shipped_world(level);
    RewindBuffer buffer;
    RewindBuffer::Limits limits;
    limits.max_bytes = 512u << 10;
    buffer.set_limits(limits);
    buffer.start(*rewound);
    play(*rewound, &buffer, played, rewound_states);
    REQUIRE(buffer.ticks() == played);
    REQUIRE(buffer.step_back(*rewound, back) == back);
    std::optional<RewindBuffer::ResumePlan> plan = buffer.resume_plan();
    REQUIRE(plan);
    CHECK(plan->inputs.size() == played - back);
    CHECK(plan->rebuilds == std::vector<std::int64_t>{50, 100, 150, 200});
    CHECK(buffer.resume(*rewound) == played - back);
    CHECK(exact_hash(*rewound) == straight_states[played - back - 1]);
    // The same future: the rest of the script from there, rebuilding every 50 ticks, ends where the
    // run that was not rewound did.
    ScriptFrom script(level, played - back);
    for (std::int64_t tick = played - back + 1; tick <= played; ++tick) {
        script.step(*rewound);
        if (tick % every == 0) rewound->rebuild_canonical();
        INFO("tick " << tick);
        REQUIRE(exact_hash(*rewound) == straight_states[tick - 1]);
    }
}

namespace {

/// A world of the stress level recorded with keyframes every 30 ticks, as a session rebuilds a big level,
/// right held; `limits` keep only a couple of keyframes whole, so the older ones kept become compact.
struct KeyframedRun {
    std::unique_ptr<World> world;
    RewindBuffer buffer;
    ActionState actions;

    KeyframedRun(const StressLevel& stress, const RewindBuffer::Limits& limits)
        : world(std::make_unique<World>(stress.level, Tuning{}, stress.entities)) {
        buffer.set_limits(limits);
        buffer.start(*world);
    }
    void play(std::int64_t ticks) {
        for (std::int64_t i = 0; i < ticks; ++i) {
            actions.begin_tick();
            actions.press(Action::right);
            world->step(actions);
            world->take_events();
            buffer.record(*world, actions);
            if (world->game.timer_ticks % 30 == 0) {
                auto keyframe = std::make_shared<WorldSnapshot>();
                world->rebuild_canonical(keyframe.get());
                buffer.keyframe(keyframe);
            }
        }
    }
};

}  // namespace

TEST_CASE(
    "older keyframes are kept compact, and a release from one goes on as the run that was not rewound") {
    StressLevel stress = make_stress_level(release_stress_entities);
    RewindBuffer::Limits limits;
    // Room for the ticks and about three whole keyframes among the newest: the rest are older.
    limits.max_bytes = stress.entities.size() * sizeof(Entity) * 12;
    limits.sparse_keyframe_ticks = 120;
    KeyframedRun rewound(stress, limits);
    rewound.play(600);
    rewound.buffer.finish_encoding();
    // The whole snapshots held are the newest few, however long the recording: 0, 120, 240, 360 are compact.
    CHECK(rewound.buffer.whole_keyframes() <= 4);
    CHECK(rewound.buffer.compact_keyframes() >= 3);
    REQUIRE(rewound.buffer.step_back(*rewound.world, 470) == 470);  // to tick 130: keyframe 120 is compact
    std::optional<RewindBuffer::ResumePlan> plan = rewound.buffer.resume_plan();
    REQUIRE(plan);
    CHECK_FALSE(plan->keyframe);
    REQUIRE(plan->compact);
    CHECK(plan->inputs.size() == 10);
    // A compact keyframe at 10 000 entities takes far less than its whole snapshot (about 1.9 MB).
    CHECK(plan->compact->packed.size() < stress.entities.size() * 40);
    CHECK(rewound.buffer.resume(*rewound.world) == 10);
    KeyframedRun straight(stress, limits);
    straight.play(130);
    CHECK(exact_hash(*rewound.world) == exact_hash(*straight.world));
    rewound.play(200);
    straight.play(200);
    CHECK(exact_hash(*rewound.world) == exact_hash(*straight.world));
    CHECK(dump_state(*rewound.world, 0).dump() == dump_state(*straight.world, 0).dump());
}

TEST_CASE("a compact keyframe decodes to its snapshot, every field the same") {
    StressLevel stress = make_stress_level(2000);
    World world(stress.level, Tuning{}, stress.entities);
    ActionState actions;
    for (int i = 0; i < 40; ++i) {  // turrets fire: free slots and a free list
        actions.begin_tick();
        actions.press(Action::right);
        world.step(actions);
        world.take_events();
    }
    SavedGame whole, back;
    whole.snapshot = world.capture();
    back.snapshot = RewindBuffer::decode_snapshot(RewindBuffer::encode_snapshot(whole.snapshot));
    CHECK(back.snapshot.layout == whole.snapshot.layout);
    CHECK(encode_save_body(back) == encode_save_body(whole));
}
