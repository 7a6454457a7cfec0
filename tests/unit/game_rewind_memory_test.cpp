// What rewind keeps in memory: the default budget holds a full minute of play on the 10 000-entity stress
// level (ticks kept, counted, through the game's own PlaySession with its keyframes), and the ticks it
// records there, compressed, come back exactly (as byte strings through the codec, and as worlds when
// stepped back). A sanitizer build plays a 2 500-entity level under a quarter of the budget instead.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <future>
#include <memory>
#include <vector>

#include "engine/scratch_folder.hpp"
#include "engine/thread_priority.hpp"
#include "engine/zstd_codec.hpp"
#include "game/app/play_session.hpp"
#include "game/levels/stress_level.hpp"
#include "game_rewind_run.hpp"
#include "game_stress_session.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// The stress level's entity count, and the share of the default budget that goes with it.
const int stress_entities = sized(10000, 2500);

/// Starts the stress level in `session` set up as at 100 000 entities: the newest keyframes hold one whole
/// snapshot (a quarter of the rewind's budget is less than one keyframe) and one save fills the pool's
/// ready budget, where a second save kept ready would be a whole world held in reserve.
RewindBuffer::Limits start_as_big_world(PlaySession& session) {
    RewindBuffer::Limits limits;
    limits.max_bytes = 800 * static_cast<std::size_t>(stress_entities);
    session.set_rewind_limits(limits);
    session.save_pool().set_ready_bytes(SavePool::save_bytes(static_cast<std::size_t>(stress_entities)));
    REQUIRE(start_stress_level(session, stress_entities));
    return limits;
}

/// Runs right for `keyframes` keyframes' worth of ticks (past one sparse_keyframe_ticks of `limits`, so that
/// an older keyframe is kept), calling `settle` after each tick.
template <class Settle>
void run_keyframes(PlaySession& session, const RewindBuffer::Limits& limits, std::int64_t keyframes,
                   Settle settle) {
    REQUIRE(session.rebuild_ticks() * keyframes > limits.sparse_keyframe_ticks);
    ActionState actions;
    for (std::int64_t tick = 0; tick < session.rebuild_ticks() * keyframes; ++tick) {
        actions.begin_tick();
        actions.press(Action::right);
        session.step(actions);
        settle();
    }
}

}  // namespace

TEST_CASE("rewind memory: the default budget keeps 60 s of the 10 000-entity stress level") {
    ScratchFolder saves("qs_rewind_memory");
    REQUIRE(saves.ok());
    PlaySession session(saves.path(), false);
    RewindBuffer::Limits limits;  // the defaults: 60 s, 64 MB
    REQUIRE(limits.max_ticks == 60 * 60);
    limits.max_bytes = limits.max_bytes / 10000 * static_cast<std::size_t>(stress_entities);
    session.set_rewind_limits(limits);
    REQUIRE(start_stress_level(session, stress_entities));
    // Running right, as the benchmarks do: a minute and ten seconds more, so that the recording is full
    // and its oldest keyframe already behind the oldest tick.
    ActionState actions;
    const std::int64_t played = limits.max_ticks + PlaySession::max_rebuild_ticks;
    for (std::int64_t tick = 0; tick < played; ++tick) {
        actions.begin_tick();
        actions.press(Action::right);
        session.step(actions);
    }
    const RewindBuffer& rewind = session.rewind();
    CAPTURE(rewind.bytes());
    CHECK(rewind.ticks() == limits.max_ticks);
    CHECK(rewind.bytes() <= limits.max_bytes);
}

TEST_CASE("rewind memory: the stress level's recorded ticks, compressed, come back exactly") {
    StressLevel stress = make_stress_level(stress_entities);
    World world(stress.level, Tuning{}, stress.entities);
    RewindBuffer buffer;
    buffer.start(world);
    std::vector<std::uint64_t> states{exact_hash(world)};
    ZstdCodec codec;
    std::vector<std::uint8_t> packed, back;
    ActionState actions;
    const int ticks = sized(120, 40);
    for (int tick = 0; tick < ticks; ++tick) {
        actions.begin_tick();
        actions.press(Action::right);
        world.step(actions);
        world.take_events();
        const std::size_t before = buffer.bytes();
        buffer.record(world, actions);
        states.push_back(exact_hash(world));
        // The tick as recorded, through the codec alone: the same bytes, and damage refused.
        const std::vector<std::uint8_t> raw = buffer.newest_tick_bytes();
        REQUIRE(raw.size() > 1000);
        codec.compress(raw.data(), raw.size(), packed);
        REQUIRE(codec.decompress(packed.data(), packed.size(), back, raw.size()));
        REQUIRE(back == raw);
        CHECK_FALSE(codec.decompress(packed.data(), packed.size() - 1, back, raw.size()));
        packed[packed.size() / 2] ^= 0x10;
        CHECK((!codec.decompress(packed.data(), packed.size(), back, raw.size()) || back == raw));
        // What the buffer counts for the tick is its compressed size, far below the byte string's.
        CHECK(buffer.bytes() - before < raw.size() / 2);
    }
    for (std::size_t back_to = states.size() - 1; back_to > 0; --back_to) {
        REQUIRE(buffer.step_back(world));
        REQUIRE_MESSAGE(exact_hash(world) == states[back_to - 1], "tick " << back_to - 1);
    }
    CHECK_FALSE(buffer.step_back(world));
}

TEST_CASE("rewind memory: a keyframe tick does not wait for an older keyframe's encoding") {
    ScratchFolder saves("qs_rewind_keyframe_wait");
    REQUIRE(saves.ok());
    PlaySession session(saves.path(), false);
    // Every keyframe but the newest is kept compact: each is encoded on the rewind's thread.
    RewindBuffer::Limits limits;
    limits.max_bytes = 4u << 20;
    limits.sparse_keyframe_ticks = 1;
    session.set_rewind_limits(limits);
    REQUIRE(start_stress_level(session, 2000));
    // The rewind's thread is held busy by a job of the test's: no encoding finishes until it lets go (or
    // after a minute, so that a tick that waits makes the test fail instead of hang).
    std::promise<void> let_go;
    std::shared_future<void> released = let_go.get_future().share();
    std::future<void> busy =
        session.rewind().coder().run([released] { released.wait_for(std::chrono::seconds(60)); });
    ActionState actions;
    const std::int64_t every = session.rebuild_ticks();
    const std::int64_t played = every * 4 + 1;
    for (std::int64_t tick = 0; tick < played; ++tick) {
        actions.begin_tick();
        actions.press(Action::right);
        session.step(actions);
    }
    RewindBuffer& rewind = session.rewind();
    CHECK(rewind.encoding());  // older keyframes wait to be encoded while the newer ones were taken
    CHECK(rewind.encoding_waits() == 0);
    let_go.set_value();
    busy.get();
    rewind.finish_encoding();
    CHECK_FALSE(rewind.encoding());
    CHECK(rewind.compact_keyframes() > 0);
}

TEST_CASE("rewind memory: an F5's keyframe is encoded on a thread that never takes the game's core") {
    // F5 hands its keyframe to the rewind's encoder after the copy: woken, it must not pre-empt the game's
    // thread (the F5 frame still has its tick to run), only take a free core or the scheduler's next turn.
    ScratchFolder saves("qs_rewind_coder_priority");
    REQUIRE(saves.ok());
    PlaySession session(saves.path(), false);
    REQUIRE(start_stress_level(session, 2000));
    session.quicksave(1);
    session.flush_saves();
    const ThreadPriority expected =
        background_threads_possible() ? ThreadPriority::background : ThreadPriority::normal;
    CHECK(session.rewind().coder().run([] { return this_thread_priority(); }).get() == expected);
}

TEST_CASE("rewind memory: a session's keyframes cycle through two whole saves, the first one included") {
    // The level start's keyframe is a save of the pool, and a keyframe the rewind keeps compact is encoded
    // as soon as it is taken: each capture then finds the save the keyframe before let go, and no third
    // whole copy of the world is made beside the newest keyframe and the one ready.
    ScratchFolder saves("qs_rewind_two_saves");
    REQUIRE(saves.ok());
    PlaySession session(saves.path(), false);
    const RewindBuffer::Limits limits = start_as_big_world(session);
    REQUIRE(session.save_pool().free_limit() == 1);
    run_keyframes(session, limits, 24, [&] {
        // As in play, where a keyframe's encoding ends long before the next keyframe (tests run faster).
        if (session.rewind().encoding()) session.rewind().finish_encoding();
    });
    CHECK(session.rewind().compact_keyframes() > 0);
    CHECK(session.save_pool().made() == 2);
    // None ready beside the newest keyframe: where one save fills the ready budget, the next capture takes
    // the newest keyframe's save back (see the next case).
    CHECK(session.save_pool().ready_saves() == 0);
}

TEST_CASE("rewind memory: in a big world the newest keyframe's save is the only whole one kept") {
    // Where one save fills the pool's ready budget (100 000 entities by default), the pool keeps no second
    // whole copy of the world ready beside the newest keyframe: the next capture takes the keyframe's save
    // back, the keyframe keeping its compact snapshot.
    ScratchFolder saves("qs_rewind_one_whole");
    REQUIRE(saves.ok());
    PlaySession session(saves.path(), false);
    const RewindBuffer::Limits limits = start_as_big_world(session);
    REQUIRE(session.save_pool().one_fills_budget());
    const std::int64_t keyframes = 24;
    run_keyframes(session, limits, keyframes, [&] {
        // As in play, a keyframe's encoding ends before the next tick, which takes it (the coder runs its
        // jobs in order: an empty one ends after it).
        if (session.rewind().encoding()) session.rewind().coder().run([] {}).get();
    });
    CHECK(session.rewind().compact_keyframes() > 0);
    CHECK(session.rewind().whole_keyframes() == 1);
    CHECK(session.save_pool().ready_saves() == 0);  // the whole copy kept ready was a second one
    CHECK(session.save_pool().made() == 2);         // the level start's keyframe and its spare
    // An F5 captures into the newest keyframe's save (its pages present), and a spare is made after it for
    // the next one, the quicksave holding its save.
    session.quicksave(session.rebuild_ticks() * keyframes);
    CHECK(session.save_pool().made() == 3);
    CHECK(session.save_pool().has_spare());
}

TEST_CASE("rewind memory: recorded ticks go into chunks made ahead off the game's thread, and reused") {
    // Each tick's record is written into a chunk whose pages were made present beforehand: the next
    // chunk is made on the encoder's thread while the current one fills, and a chunk the budget lets go
    // becomes the spare. Without that, every chunk is made on the recording thread (faulting its pages).
    StressLevel stress = make_stress_level(stress_entities);
    World world(stress.level, Tuning{}, stress.entities);
    RewindBuffer::Limits limits;
    limits.max_ticks = 120;  // two seconds kept: the older ticks go
    RewindBuffer buffer;
    buffer.set_limits(limits);
    buffer.start(world);
    std::vector<std::uint64_t> states{exact_hash(world)};
    ActionState actions;
    const int half = sized(450, 300);
    auto play = [&] {
        record_running_right(world, buffer, actions, half,
                             [&](World& w) { states.push_back(exact_hash(w)); });
    };
    play();
    const std::size_t made_first = buffer.chunks_made();
    play();
    INFO("chunks made " << made_first << " then " << buffer.chunks_made() << ", on the recording thread "
                        << buffer.chunks_made_here() << ", ticks kept " << buffer.ticks());
    REQUIRE(buffer.ticks() < half);  // the budget lets older ticks go
    CHECK(buffer.chunks_made() >= 4);
    CHECK(buffer.chunks_made_here() * 2 <= buffer.chunks_made());
    // Once the budget is full, a chunk let go is the next one written: hardly any more are made.
    CHECK(buffer.chunks_made() - made_first <= 3);
    // Back through every kept tick, across the chunks, exactly.
    for (std::size_t back_to = states.size() - 1; buffer.step_back(world); --back_to)
        REQUIRE_MESSAGE(exact_hash(world) == states[back_to - 1], "tick " << back_to - 1);
}
