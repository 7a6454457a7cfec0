// Save files through the field lists: every entity type's fields round-trip, the SlotMap layout comes back
// exactly, references stay valid, old saves load (unknown fields skipped, missing ones defaulted), and
// damaged files are refused with a message, never a crash.
#include <doctest/doctest.h>

#include <fstream>
#include <random>

#include "engine/save_file.hpp"
#include "game/save/save_codec.hpp"
#include "game/save/state_dump.hpp"
#include "game/sim/field_json.hpp"
#include "game_test_world.hpp"
#include "tests/unit/file_bytes.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// Gives every field a value that differs from its default, so a forgotten field shows up; numbers stay
/// inside the field's documented range (a save outside it is refused).
struct Perturb {
    int n = 0;
    template <class T>
    void operator()(const char*, T& value, FieldSpec spec = {}) {
        ++n;
        if constexpr (std::is_same_v<T, bool>) {
            value = !value;
        } else if constexpr (std::is_integral_v<T>) {
            T changed = static_cast<T>(value + 3 + n);
            if (!number_in_range<T>(static_cast<double>(changed), spec))
                changed = static_cast<T>(value == static_cast<T>(spec.min) ? spec.max : spec.min);
            value = changed;
        } else if constexpr (std::is_floating_point_v<T>) {
            T changed = value + 0.15625 * n + 1.0 / 3.0;
            if (!number_in_range<T>(changed, spec))
                changed = spec.min + (spec.max - spec.min) * (0.15625 + 1.0 / 3.0);
            value = changed;
        } else if constexpr (std::is_same_v<T, std::string>) {
            value += " changed " + std::to_string(n);
        } else if constexpr (std::is_same_v<T, EntityRef>) {
            value = {static_cast<std::uint32_t>(n), 2};
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            value.refs = {{1, 1}, {static_cast<std::uint32_t>(n), 5}};
        }
    }
};

}  // namespace

TEST_CASE("save: every entity type's fields survive encode and decode") {
    WorldSnapshot snapshot;
    for_each_entity_type([&]<class T>() {
        Entity entity = T{};
        Perturb perturb;
        std::visit([&](auto& e) { e.fields(perturb); }, entity);
        snapshot.entities.push_back(entity);
        snapshot.layout.slots.push_back({1, true});
    });
    Perturb game_perturb;
    snapshot.game.fields(game_perturb);
    SavedGame save{"some_level", test_play(99), 3, 1234, snapshot};
    std::string error;
    auto decoded = decode_save_file(encode_save_file(save), error);
    REQUIRE_MESSAGE(decoded, error);
    CHECK(decoded->level == "some_level");
    CHECK(decoded->play == test_play(99));
    CHECK_FALSE(decoded->legacy());
    CHECK(decoded->tick == 1234);
    REQUIRE(decoded->snapshot.entities.size() == snapshot.entities.size());
    for (std::size_t i = 0; i < snapshot.entities.size(); ++i) {
        CAPTURE(entity_type_name(snapshot.entities[i]));
        CHECK(dump_entity({static_cast<std::uint32_t>(i), 1}, decoded->snapshot.entities[i]).dump() ==
              dump_entity({static_cast<std::uint32_t>(i), 1}, snapshot.entities[i]).dump());
    }
    nlohmann::json a, b;
    JsonFieldWriter wa{a}, wb{b};
    GameState ga = snapshot.game, gb = decoded->snapshot.game;
    ga.fields(wa);
    gb.fields(wb);
    CHECK(a == b);
}

TEST_CASE("save: the layout, free list and references come back exactly after erasures and spawns") {
    auto world = make_world({
        "P.c.c.c...t.",
        "############",
    });
    Driver d{*world};
    d.ticks(120, {Action::right});  // coins collected (erased), projectiles fired and spent
    WorldSnapshot before = world->capture();
    SavedGame save{"test_map", test_play(0), 1, 120, before};
    std::string error;
    auto decoded = decode_save_file(encode_save_file(save), error);
    REQUIRE_MESSAGE(decoded, error);
    CHECK(decoded->snapshot.layout == before.layout);
    CHECK_FALSE(before.layout.free_list.empty());
    std::string dump_before = dump_state(*world, 0).dump();
    d.ticks(60, {Action::left});
    world->restore(decoded->snapshot);
    CHECK(dump_state(*world, 0).dump() == dump_before);
    // The same keys are handed out afterwards on both paths.
    EntityMap a, b;
    std::size_t i = 0, j = 0;
    a.import_layout(before.layout, [&](EntityMap::Key) { return before.entities[i++]; });
    b.import_layout(decoded->snapshot.layout,
                    [&](EntityMap::Key) { return decoded->snapshot.entities[j++]; });
    for (int k = 0; k < 20; ++k) CHECK(a.insert(Coin{}) == b.insert(Coin{}));
}

TEST_CASE("save: references by key stay valid across a restore (switch -> door, player -> checkpoint)") {
    auto world = make_world({
        "P.s.k.d...",
        "##########",
    });
    EntityRef door_ref, checkpoint_ref;
    first<Door>(*world, &door_ref);
    first<Checkpoint>(*world, &checkpoint_ref);
    first<Switch>(*world)->targets.refs = {door_ref};
    Driver d{*world};
    d.ticks(40, {Action::right});
    REQUIRE(world->player()->checkpoint == checkpoint_ref);
    WorldSnapshot snapshot = world->capture();
    world->restore(snapshot);
    CHECK(world->get<Door>(first<Switch>(*world)->targets.refs.at(0)) != nullptr);
    CHECK(world->get<Checkpoint>(world->player()->checkpoint) != nullptr);
    CHECK(world->get<Player>(world->game.player) == world->player());
}

TEST_CASE(
    "save: a format-1 file written by an older field list loads; unknown fields skipped, missing ones "
    "default") {
    auto file = qs::test::read_bytes(QUICKSTEP_TEST_DATA "/saves/format1_older_fields.qss");
    REQUIRE(!file.empty());
    std::string error;
    auto save = decode_save_file(file, error);
    REQUIRE_MESSAGE(save, error);
    CHECK(save->level == "qs_lab");
    CHECK(save->tick == 42);
    CHECK(save->snapshot.layout.free_list == std::vector<std::uint32_t>{1});
    REQUIRE(save->snapshot.entities.size() == 3);
    const auto& player = std::get<Player>(save->snapshot.entities[0]);
    CHECK(player.state.x == 2.5);
    CHECK(player.health == 2);
    CHECK(player.facing == -1);
    CHECK(player.coyote_ticks == 4);
    CHECK(player.run_vx == 0);  // not in the old file: default
    CHECK(player.drop_ticks == 0);
    const auto& coin = std::get<Coin>(save->snapshot.entities[1]);
    CHECK(coin.value == 1);  // not in the old file: default
    CHECK(coin.state.x == 3.5);
    CHECK(save->snapshot.game.deaths == 1);  // its "lives" (not a GameState field) is skipped
    CHECK(save->snapshot.game.coins == 1);
    CHECK(save->snapshot.game.player == EntityRef{0, 1});
}

TEST_CASE("save: a format-2 file (FNV-1a 64 checksum, written by an older build) still loads") {
    // tests/data/saves/format2_fnv1a.qss: a quicksave of 01_first_steps made before format 3 (CRC-32).
    const auto file = qs::test::read_bytes(QUICKSTEP_TEST_DATA "/saves/format2_fnv1a.qss");
    REQUIRE(file.size() > save_header_size + 10);
    CHECK(file[8] == 2);
    std::uint64_t checksum = 0;
    for (int i = 7; i >= 0; --i) checksum = (checksum << 8) | file[24 + i];
    CHECK(checksum == fnv1a64(file.data() + save_header_size, file.size() - save_header_size));
    std::string error;
    auto save = decode_save_file(file, error);
    REQUIRE_MESSAGE(save, error);
    CHECK(save->level == "01_first_steps");
    CHECK_FALSE(save->snapshot.entities.empty());
    auto body = unwrap_save_file(file, save_format_version, error);
    REQUIRE(body);
    CHECK(body->format_version == 2);
    auto direct = read_save_body_direct(*body);  // body format 2 is the direct reader's too
    REQUIRE(direct);
    CHECK(encode_save_body(*direct) == encode_save_body(*save));

    // Written again it is a format-3 file, CRC-32 checked, with the same content.
    const auto rewritten = encode_save_file(*save);
    CHECK(rewritten[8] == save_format_version);
    checksum = 0;
    for (int i = 7; i >= 0; --i) checksum = (checksum << 8) | rewritten[24 + i];
    CHECK(checksum ==
          save_file_checksum(3, rewritten.data() + save_header_size, rewritten.size() - save_header_size));
    CHECK(checksum <= 0xFFFFFFFFu);
    auto again = decode_save_file(rewritten, error);
    REQUIRE_MESSAGE(again, error);
    CHECK(encode_save_body(*again) == encode_save_body(*save));

    // Damage is still caught under either checksum.
    for (const auto* original : {&file, &rewritten}) {
        auto damaged = *original;
        damaged[damaged.size() - 5] ^= 0x10;
        CHECK_FALSE(decode_save_file(damaged, error));
        CHECK(error == "corrupt: checksum mismatch");
    }
}

TEST_CASE("save: the CRC-32 of format 3 is zlib's (the check value of \"123456789\" is 0xCBF43926)") {
    const std::string text = "123456789";
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    CHECK(save_file_checksum(3, bytes, text.size()) == 0xCBF43926u);
    CHECK(save_file_checksum(2, bytes, text.size()) == fnv1a64(bytes, text.size()));
}

TEST_CASE("save: the file header names the level and its play identity") {
    auto world = make_world({"P.c.", "####"});
    SavedGame save{"01_first_steps", test_play(0xABCDEF0123456789ull), 4, 10, world->capture()};
    std::vector<std::uint8_t> file = encode_save_file(save);
    std::string error;
    auto unwrapped = unwrap_save_file(file, save_format_version, error);
    REQUIRE_MESSAGE(unwrapped, error);
    CHECK(unwrapped->format_version == save_format_version);
    CHECK(unwrapped->content_id == "01_first_steps");
    CHECK(unwrapped->content_hash == test_play(0xABCDEF0123456789ull).id());
    auto decoded = decode_save_file(file, error);
    REQUIRE_MESSAGE(decoded, error);
    CHECK(decoded->level == "01_first_steps");
    CHECK(decoded->play == test_play(0xABCDEF0123456789ull));
    auto cut = file;
    cut.resize(save_header_size + 12);  // ends inside the level id
    CHECK_FALSE(unwrap_save_file(cut, save_format_version, error));
    CHECK(error.find("truncated") != std::string::npos);
    auto renamed = file;
    renamed[save_header_size + 10] = 'X';  // the level id is covered by the checksum
    CHECK_FALSE(unwrap_save_file(renamed, save_format_version, error));
    CHECK(error.find("checksum") != std::string::npos);
}

TEST_CASE("save: a file is decoded in place as its copied-out body is, damaged ones refused alike") {
    auto world = make_world({"P.c.w.t...", "##########"});
    SavedGame save{"x", test_play(1), 1, 5, world->capture()};
    const std::vector<std::uint8_t> good = encode_save_file(save);
    std::string error;
    std::size_t body_start = 0;
    auto checked = check_save_file(quickstep_saves, good, save_format_version, body_start, error);
    auto unwrapped = unwrap_save_file(good, save_format_version, error);
    REQUIRE(checked);
    REQUIRE(unwrapped);
    CHECK(checked->body.empty());
    CHECK(checked->format_version == unwrapped->format_version);
    CHECK(checked->content_id == unwrapped->content_id);
    CHECK(checked->content_hash == unwrapped->content_hash);
    CHECK(std::vector<std::uint8_t>(good.begin() + static_cast<std::ptrdiff_t>(body_start), good.end()) ==
          unwrapped->body);

    std::mt19937 rng(11);
    const auto body = encode_save_body(save);
    for (int round = 0; round < 500; ++round) {
        auto damaged = body;
        if (round > 0) {
            const int edits = 1 + static_cast<int>(rng() % 4);
            for (int e = 0; e < edits; ++e) damaged[rng() % damaged.size()] = static_cast<std::uint8_t>(rng());
        }
        const auto file = wrap_save_body(damaged, save_format_version, "x", test_play(1).id());
        std::string in_place_error, copied_error;
        auto in_place = decode_save_file(file, in_place_error);
        auto copied_body = unwrap_save_file(file, save_format_version, copied_error);
        REQUIRE(copied_body);
        auto copied = decode_save_body(*copied_body, copied_error);
        REQUIRE(in_place.has_value() == copied.has_value());
        if (in_place)
            CHECK(encode_save_body(*in_place) == encode_save_body(*copied));
        else
            CHECK(in_place_error == copied_error);
    }
}

TEST_CASE("save: damaged files are refused with a message, never a crash") {
    auto world = make_world({"P.c.w.t...", "##########"});
    SavedGame save{"x", test_play(1), 1, 5, world->capture()};
    std::vector<std::uint8_t> good = encode_save_file(save);
    std::string error;
    REQUIRE(decode_save_file(good, error));

    auto truncated = good;
    truncated.resize(good.size() / 2);
    CHECK_FALSE(decode_save_file(truncated, error));
    CHECK(error.find("truncated") != std::string::npos);

    auto flipped = good;
    flipped[good.size() - 10] ^= 0x40;
    CHECK_FALSE(decode_save_file(flipped, error));
    CHECK(error.find("checksum") != std::string::npos);

    auto newer = good;
    newer[8] = static_cast<std::uint8_t>(save_format_version + 1);
    CHECK_FALSE(decode_save_file(newer, error));
    CHECK(error.find("newer") != std::string::npos);

    CHECK_FALSE(decode_save_file({'P', 'K', 3, 4}, error));
    CHECK(error.find("not a Quickstep save") != std::string::npos);

    // Random damage to the body with a matching checksum: the decoder must refuse or accept, not crash.
    std::mt19937 rng(7);
    auto body = encode_save_body(save);
    int refused = 0;
    for (int round = 0; round < 2000; ++round) {
        auto damaged = body;
        int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) damaged[rng() % damaged.size()] = static_cast<std::uint8_t>(rng());
        if (rng() % 4 == 0) damaged.resize(rng() % damaged.size());
        auto decoded = decode_save_file(wrap_save_body(damaged, save_format_version, "x", 1), error);
        if (!decoded) {
            ++refused;
            CHECK_FALSE(error.empty());
        } else {
            // Whatever was accepted must make a consistent world.
            CHECK_NOTHROW(world->restore(decoded->snapshot));
        }
    }
    CHECK(refused > 1000);
}
