// What a level start keeps in memory besides the live world: a new World builds its entities in place and
// leaves no spare storage behind; a play session keeps no copy of a checked level's entities beside its
// World (a restart builds them again from the level, into the same world as the first start), no storage
// for a whole restore while the player does not rewind, and no room for a quickload's copy before there is a
// save to load.
#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "engine/scratch_folder.hpp"
#include "game/app/play_session.hpp"
#include "game/levels/stress_level.hpp"
#include "game_rewind_run.hpp"
#include "game_stress_session.hpp"

using namespace qs;
using namespace qs::test;

TEST_CASE("level start: a new World builds in place and keeps no spare storage") {
    StressLevel stress = make_stress_level(2000);
    World world(stress.level, Tuning{}, stress.entities);
    CHECK(world.entities.size() == stress.entities.size());
    CHECK_FALSE(world.entities.spare_fits(1, 1));
}

TEST_CASE("level start: a session keeps no copy of the entities nor a spare; a restart builds them again") {
    ScratchFolder saves("qs_level_copies");
    REQUIRE(saves.ok());
    PlaySession session(saves.path(), false);
    CheckedLevel checked = check_level(shipped_folder("03_switchworks"));
    REQUIRE(checked.level);
    REQUIRE(checked.entities_from_level);
    const std::size_t placed = checked.entities.size();
    REQUIRE(placed > 10);
    REQUIRE(session.start(std::move(checked)));
    CHECK(session.level().entities.empty());
    REQUIRE(session.world());
    CHECK(session.world()->entities.size() == placed);
    const std::string at_start = dump_state(*session.world(), 0).dump();

    ActionState actions;
    for (int tick = 0; tick < 120; ++tick) {
        actions.begin_tick();
        actions.press(Action::right);
        session.step(actions);
    }
    REQUIRE(dump_state(*session.world(), 0).dump() != at_start);
    CHECK_FALSE(session.world()->entities.spare_fits(1, 1));
    session.restart();
    CHECK(session.level().entities.empty());
    CHECK(dump_state(*session.world(), 0).dump() == at_start);
}

TEST_CASE("level start: room for a quickload's copy is made only once a save may be loaded") {
    StressLevel stress = make_stress_level(2000);
    World world(stress.level, Tuning{}, stress.entities);
    RewindBuffer buffer;
    RewindBuffer::Limits limits;
    limits.parallel_copy_entities = 1000;  // this world counts as big
    buffer.set_limits(limits);
    buffer.want_copy_room(false);
    buffer.start(world);
    CHECK_FALSE(buffer.copy_room_pending());
    buffer.want_copy_room(true);  // a quicksave now exists
    CHECK(buffer.copy_room_pending());
    RewindBuffer wanting;
    wanting.set_limits(limits);
    wanting.start(world);  // wanted by default
    CHECK(wanting.copy_room_pending());
}

TEST_CASE("level start: a session without saves makes no room for a quickload's copy, its first F5 does") {
    ScratchFolder saves("qs_level_copies_room");
    REQUIRE(saves.ok());
    PlaySession session(saves.path(), false);
    RewindBuffer::Limits limits;
    limits.parallel_copy_entities = 1000;
    session.set_rewind_limits(limits);
    REQUIRE(start_stress_level(session, 2000));
    CHECK_FALSE(session.rewind().copy_room_pending());
    session.quicksave(0);
    CHECK(session.rewind().copy_room_pending());
}
