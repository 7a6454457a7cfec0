// The assists that change play, held as actions: invincible (enemies, shots and spikes do nothing, a fall
// carries back for free) and infinite hearts (hits and hazards as usual, no heart lost); and how a
// replay marks and carries them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>

#include "game/save/replay.hpp"
#include "game/save/save_codec.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

TEST_CASE("assist: invincible walks through a walker and over spikes without a scratch") {
    SUBCASE("walker") {
        auto world = make_world({
            "..........",
            "P......w..",
            "##########",
        });
        Driver d{*world};
        Player& p = *world->player();
        int hurt_ticks = 0;
        for (int i = 0; i < 90; ++i) {
            d.tick({Action::right, Action::invincible});
            if (p.invulnerable_ticks > 0) ++hurt_ticks;
        }
        CHECK(p.health == p.max_health);
        CHECK(hurt_ticks == 0);  // no hit: no knock-back, no blink
        CHECK(count<Walker>(*world) == 1);
        // The same run without the assist is hurt (the control).
        auto control = make_world({
            "..........",
            "P......w..",
            "##########",
        });
        Driver c{*control};
        c.ticks(90, {Action::right});
        CHECK(control->player()->health < control->player()->max_health);
    }
    SUBCASE("spikes") {
        auto world = make_world({
            "P........#",
            "#^^^^^^^^#",
        });
        Driver d{*world};
        Player& p = *world->player();
        bool returned = false;
        for (int i = 0; i < 300; ++i) {
            d.tick({Action::right, Action::invincible});
            returned = returned || p.returning();
        }
        CHECK_FALSE(returned);
        CHECK(p.health == p.max_health);
        CHECK(world->game.deaths == 0);
        CHECK(p.state.x > 8.0);  // walked the whole spike floor, to the wall
    }
}

TEST_CASE("assist: invincible shrugs off a turret's shots; the shot is still spent") {
    auto world = make_world({
        "..........",
        "P.....t...",
        "##########",
    });
    first<Turret>(*world)->cooldown = 5;
    Driver d{*world};
    d.ticks(240, {Action::invincible});
    // Looked up after the ticks: the shots the turret spawned may have moved every entity in memory.
    const Player& p = *world->player();
    CHECK(p.health == p.max_health);
    CHECK(p.invulnerable_ticks == 0);
    CHECK(count<Projectile>(*world) <= 1);  // shots vanish on the player (or in flight), none pile up
}

TEST_CASE("assist: invincible still carries a fall back, for no heart, even at the last heart") {
    auto world = make_world({
        "P.........",
        "###.......",
    });
    Driver d{*world};
    Player& p = *world->player();
    p.health = 1;
    bool returned = false;
    for (int i = 0; i < 300 && !returned; ++i) {
        d.tick({Action::right, Action::invincible});
        returned = p.returning();
    }
    REQUIRE(returned);
    CHECK(p.health == 1);
    CHECK(p.alive());
    d.ticks(world->tuning().hazard_return_ticks + 1, {Action::invincible});
    CHECK(p.state.x < 3.0);
    CHECK(p.state.y < 1.0);
    CHECK(world->game.deaths == 0);
}

TEST_CASE("assist: infinite hearts knocks back and carries back, but no heart is lost and no death") {
    SUBCASE("walker: a hit with its knock-back and blink, hearts full") {
        auto world = make_world({
            "..........",
            "P......w..",
            "##########",
        });
        Driver d{*world};
        Player& p = *world->player();
        bool hit = false;
        for (int i = 0; i < 90 && !hit; ++i) {
            d.tick({Action::right, Action::infinite_hearts});
            hit = p.invulnerable_ticks > 0;
        }
        REQUIRE(hit);
        CHECK(p.run_vx < 0);  // knocked back away from the walker on its right
        CHECK(p.health == p.max_health);
    }
    SUBCASE("spikes: carried back again and again, never a death") {
        auto world = make_world({
            "P.........",
            "#^^^^^^^^#",
        });
        Driver d{*world};
        Player& p = *world->player();
        p.health = 1;
        int returns = 0;
        bool was_returning = false;
        for (int i = 0; i < 1200; ++i) {
            d.tick({Action::right, Action::infinite_hearts});
            if (p.returning() && !was_returning) ++returns;
            was_returning = p.returning();
        }
        CHECK(returns >= 4);  // the same run without the assist dies at the first one
        CHECK(p.health == 1);
        CHECK(world->game.deaths == 0);
    }
}

TEST_CASE("assist: a replay's action count covers the assists only when one was held") {
    Replay replay;
    replay.level = "test_map";
    replay.play = test_play(1);
    replay.end_tick = 100;
    const auto bit = [](Action a) { return std::uint64_t{1} << static_cast<std::size_t>(a); };
    replay.changes = {{0, bit(Action::right)}, {50, 0}};
    std::string error;
    std::vector<std::uint8_t> plain = encode_replay(replay);
    replay.changes = {{0, bit(Action::right) | bit(Action::infinite_hearts)}, {50, 0}};
    std::vector<std::uint8_t> assisted = encode_replay(replay);
    std::optional<Replay> a = decode_replay(plain, error);
    std::optional<Replay> b = decode_replay(assisted, error);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->held_at(10) == bit(Action::right));
    CHECK(b->held_at(10) == (bit(Action::right) | bit(Action::infinite_hearts)));
    // The body's action count (after the tag "QSREPLAY" and the format version): the plain replay names
    // the actions before the assists only (builds before them read it); the assisted one up to the last
    // assist it holds.
    auto action_count_in = [](const std::vector<std::uint8_t>& file) {
        const std::string tag = "QSREPLAY";
        auto at = std::search(file.begin(), file.end(), tag.begin(), tag.end());
        std::uint32_t n = 0;
        if (file.end() - at >= 16) std::memcpy(&n, &*(at + 12), sizeof n);
        return n;
    };
    CHECK(action_count_in(plain) == static_cast<std::uint32_t>(Action::invincible));
    CHECK(action_count_in(assisted) == static_cast<std::uint32_t>(Action::infinite_hearts) + 1);
}

TEST_CASE("assist: RunAssists says which assists a run had") {
    RunAssists none;
    CHECK_FALSE(none.any());
    CHECK(none.describe().empty());
    RunAssists some;
    some.game_speed = 70;
    some.invincible = true;
    CHECK(some.any());
    CHECK(some.describe() == "game speed 70%, invincible");
    ActionState actions;
    actions.begin_tick();
    actions.press(Action::infinite_hearts);
    RunAssists noted;
    noted.note(actions);
    CHECK(noted.infinite_hearts);
    CHECK_FALSE(noted.invincible);
    CHECK(noted.describe() == "infinite hearts");
}

TEST_CASE("assist: a replay carries its assists; one without any is the file it always was") {
    Replay replay;
    replay.level = "test_map";
    replay.play = test_play(1);
    replay.end_tick = 100;
    replay.changes = {{0, std::uint64_t{1} << static_cast<std::size_t>(Action::right)}};
    std::string error;
    const std::vector<std::uint8_t> plain = encode_replay(replay);
    std::optional<Replay> back = decode_replay(plain, error);
    REQUIRE(back);
    CHECK_FALSE(back->assists.any());

    replay.assists.game_speed = 60;
    replay.assists.frame_advance = true;
    const std::vector<std::uint8_t> marked = encode_replay(replay);
    CHECK(marked.size() == plain.size() + 3);
    back = decode_replay(marked, error);
    REQUIRE(back);
    CHECK(back->assists.game_speed == 60);
    CHECK(back->assists.frame_advance);
    CHECK_FALSE(back->assists.invincible);

    // The assists held as inputs count even where the file's own mark is missing.
    Replay held = replay;
    held.assists = {};
    held.changes.push_back({10, std::uint64_t{1} << static_cast<std::size_t>(Action::invincible)});
    back = decode_replay(encode_replay(held), error);
    REQUIRE(back);
    CHECK(back->assists.invincible);
    CHECK(back->assists.describe() == "invincible");

    // A recorder marks what the app says beyond the inputs, and what the inputs hold.
    ReplayRecorder recorder;
    recorder.start("test_map", test_play(1), Tuning{}, 0, false);
    ActionState actions;
    actions.begin_tick();
    actions.press(Action::infinite_hearts);
    recorder.record(0, actions);
    RunAssists slow;
    slow.game_speed = 80;
    recorder.note_assists(slow);
    const Replay run = recorder.finish(50, -1);
    CHECK(run.assists.game_speed == 80);
    CHECK(run.assists.infinite_hearts);
}

TEST_CASE("assist: a damaged assists mark is refused with the reason") {
    Replay replay;
    replay.level = "test_map";
    replay.play = test_play(1);
    replay.end_tick = 100;
    replay.assists.game_speed = 50;
    std::string error;
    std::optional<SaveBody> file = unwrap_save_file(encode_replay(replay), save_format_version, error);
    REQUIRE(file);
    // The body ends with the mark: its part byte, the game speed, the flags.
    auto with_end = [&](std::uint8_t part, std::uint8_t speed, std::uint8_t flags) {
        std::vector<std::uint8_t> body = file->body;
        body[body.size() - 3] = part;
        body[body.size() - 2] = speed;
        body[body.size() - 1] = flags;
        return wrap_save_body(body, file->format_version, file->content_id, file->content_hash);
    };
    REQUIRE(decode_replay(with_end(0xA5, 50, 0), error));  // as written: the control
    CHECK_FALSE(decode_replay(with_end(0xA5, 40, 0), error));
    CHECK(error.find("game speed 40% out of range") != std::string::npos);
    CHECK_FALSE(decode_replay(with_end(0xA5, 50, 8), error));
    CHECK(error.find("unknown assists") != std::string::npos);
    CHECK_FALSE(decode_replay(with_end(0x00, 50, 0), error));
    CHECK(error.find("stray bytes") != std::string::npos);
}
