// The save body's direct reader (MessagePack read straight from the bytes, no DOM) against the DOM
// reference: it takes every body this build writes, and those of older builds, with the same result, and on
// damaged, reordered, repeated or hostile bodies decode_save_body gives exactly the reference's result or
// message.
#include <doctest/doctest.h>

#include <random>

#include "game/levels/stress_level.hpp"
#include "game/save/save_codec.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;
using nlohmann::json;

namespace {

/// A checked file's body; its header's hash is the id of the body's "play" part when it has one (as a
/// file this build writes), else 7.
SaveBody body_of(std::vector<std::uint8_t> bytes, std::uint32_t format = save_format_version) {
    std::uint64_t hash = 7;
    const json body = json::from_msgpack(bytes, true, false);
    if (body.is_object() && body.contains("play") && body["play"].is_array() && body["play"].size() == 5) {
        const json& p = body["play"];
        auto part = [&](std::size_t i) { return p[i].is_number_unsigned() ? p[i].get<std::uint64_t>() : 0; };
        hash = PlayIdentity{part(0), part(1), part(2), part(3), static_cast<std::uint32_t>(part(4))}.id();
    }
    return SaveBody{format, "lab", hash, std::move(bytes)};
}

/// Whether two decoded saves are the same (every field, through the encoder; level, hash, tick too).
bool same_save(const SavedGame& a, const SavedGame& b) {
    return a.level == b.level && a.play == b.play && a.legacy_files_hash == b.legacy_files_hash &&
           a.sequence == b.sequence && a.tick == b.tick && encode_save_body(a) == encode_save_body(b);
}

/// decode_save_body, the direct reader and the reference on one body: whatever the direct reader takes,
/// the reference takes with the same result; decode_save_body answers as the reference does. Returns
/// whether the direct reader took it.
bool readers_agree(const SaveBody& file) {
    std::string reference_error, error;
    auto reference = decode_save_body_reference(file, reference_error);
    auto direct = read_save_body_direct(file);
    auto decoded = decode_save_body(file, error);
    REQUIRE(decoded.has_value() == reference.has_value());
    if (!reference) {
        CHECK(error == reference_error);
        CHECK_FALSE(direct);
        return false;
    }
    CHECK(same_save(*decoded, *reference));
    if (direct) CHECK(same_save(*direct, *reference));
    return direct.has_value();
}

std::unique_ptr<World> every_type_world() {
    auto world = make_world({
        "..........==....",
        "P.c.w.d.s.m.t.k.",
        "######^^~~######",
    });
    Driver driver{*world};
    driver.ticks(90, {Action::right});  // coins taken, projectiles in flight, walkers turned
    return world;
}

json body_json(const World& world) {
    SavedGame save{"lab", test_play(7), 3, 90, world.capture()};
    return json::from_msgpack(encode_save_body(save));
}

}  // namespace

TEST_CASE("save reader: takes every body this build writes, with the reference's result") {
    auto world = every_type_world();
    SavedGame save{"lab", test_play(7), 3, 90, world->capture()};
    CHECK(readers_agree(body_of(encode_save_body(save))));

    StressLevel stress = make_stress_level(1000);
    World big(stress.level, Tuning{}, stress.entities);
    ActionState idle;
    for (int i = 0; i < 30; ++i) big.step(idle);
    SavedGame big_save{"stress", test_play(1), 9, 30, big.capture()};
    SaveBody file = body_of(encode_save_body(big_save));
    CHECK(readers_agree(file));
    auto decoded = read_save_body_direct(file);
    REQUIRE(decoded);
    CHECK(decoded->level == "lab");  // from the header
    CHECK(decoded->play == big_save.play);
    CHECK(decoded->snapshot.entities.size() == big.entities.size());
}

TEST_CASE("save reader: bodies with the parts in key order (as builds before format 3 wrote them) are read") {
    // Then the entity list comes before the type list: the direct reader checks it, reads the rest, and
    // reads it afterwards.
    auto world = every_type_world();
    const std::vector<std::uint8_t> sorted = json::to_msgpack(body_json(*world));
    SavedGame save{"lab", test_play(7), 3, 90, world->capture()};
    CHECK(sorted != encode_save_body(save));  // this build writes the types first
    CHECK(readers_agree(body_of(sorted)));
    CHECK(readers_agree(body_of(sorted, 2)));
    auto decoded = read_save_body_direct(body_of(sorted));
    REQUIRE(decoded);
    CHECK(encode_save_body(*decoded) == encode_save_body(save));
}

TEST_CASE("save reader: damaged bodies get the reference's answer (5 000 + 2 000 mutations)") {
    auto world = every_type_world();
    SavedGame save{"lab", test_play(7), 3, 90, world->capture()};
    const std::vector<std::uint8_t> written = encode_save_body(save);
    const std::vector<std::uint8_t> sorted = json::to_msgpack(body_json(*world));  // the older layout
    std::mt19937 random(20261123);
    int taken = 0, refused = 0;
    for (int round = 0; round < 7000; ++round) {
        const std::vector<std::uint8_t>& good = round < 5000 ? written : sorted;
        std::vector<std::uint8_t> bytes = good;
        int edits = 1 + static_cast<int>(random() % 3);
        for (int e = 0; e < edits; ++e) {
            std::size_t at = random() % bytes.size();
            switch (random() % 4) {
                case 0:
                    bytes[at] = static_cast<std::uint8_t>(random());
                    break;
                case 1:
                    bytes[at] ^= static_cast<std::uint8_t>(1u << (random() % 8));
                    break;
                case 2:
                    bytes.resize(at + 1);
                    break;
                default:
                    bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                                 static_cast<std::uint8_t>(random()));
                    break;
            }
        }
        CAPTURE(round);
        (readers_agree(body_of(bytes)) ? taken : refused) += 1;
    }
    CHECK(taken > 0);  // changed values that still fit their fields
    CHECK(refused > 0);
}

TEST_CASE("save reader: other key orders and unknown keys are read; repeated keys go to the reference") {
    auto world = every_type_world();
    json body = body_json(*world);

    // Keys in another order (types before entities), unknown keys at every level, the level in the body.
    nlohmann::ordered_json reordered;
    for (const char* key : {"types", "tick", "game", "play", "slots", "sequence", "entities"})
        reordered[key] = body[key];
    reordered["future_part"] = {{"nested", {1, 2, {{"x", nullptr}}}},
                                {"blob", nlohmann::ordered_json::binary({1, 2, 3})}};
    reordered["level"] = 12;  // format 2 takes the level from the header
    reordered["slots"]["checksum"] = "later";
    reordered["types"][0]["since"] = 3;
    CHECK(readers_agree(body_of(nlohmann::ordered_json::to_msgpack(reordered))));

    // A key given twice: the reference takes the later value.
    std::vector<std::uint8_t> bytes = json::to_msgpack(body);
    REQUIRE(bytes[0] == 0x87);  // a map of 7 keys
    bytes[0] = 0x88;
    for (const json& item : {json("tick"), json(5)})
        for (std::uint8_t byte : json::to_msgpack(item)) bytes.push_back(byte);
    std::string error;
    auto repeated = decode_save_body(body_of(bytes), error);
    REQUIRE_MESSAGE(repeated, error);
    CHECK(repeated->tick == 5);
    CHECK_FALSE(read_save_body_direct(body_of(bytes)));
    CHECK_FALSE(readers_agree(body_of(bytes)));

    // Format 1 (the level in the body) is the reference's.
    json old = body;
    old["level"] = "lab";
    old["level_hash"] = 7;
    CHECK_FALSE(readers_agree(body_of(json::to_msgpack(old), 1)));
    CHECK(decode_save_body(body_of(json::to_msgpack(old), 1), error));
}

TEST_CASE("save reader: mistyped parts and values get the reference's message") {
    auto world = every_type_world();
    const json body = body_json(*world);
    auto changed = [&](auto&& change) {
        json copy = body;
        change(copy);
        SaveBody file = body_of(json::to_msgpack(copy));
        CHECK_FALSE(readers_agree(file));
        std::string error;
        decode_save_body(file, error);
        return error;
    };
    CHECK(changed([](json& b) { b["tick"] = -1; }).find("tick must be a whole number") != std::string::npos);
    CHECK(changed([](json& b) { b["sequence"] = 1.5; }).find("sequence") != std::string::npos);
    CHECK(changed([](json& b) { b.erase("game"); }).find("missing or mistyped data") != std::string::npos);
    CHECK(changed([](json& b) { b["slots"]["alive"][0] = 1; }).find("boolean") != std::string::npos);
    CHECK(changed([](json& b) { b["slots"]["free"] = json::object(); }) != "");
    CHECK(changed([](json& b) { b["entities"] = json::object(); }) ==
          "corrupt: the entity list is not a list");
    CHECK(changed([](json& b) { b["entities"][0][0] = 99; }).find("type must be a whole number") !=
          std::string::npos);
    CHECK(changed([](json& b) { b["entities"][0][1] = 1e300; }).find("outside") != std::string::npos);
    CHECK(changed([](json& b) { b["types"][0]["type"] = "dragon"; }) ==
          "corrupt: unknown entity type 'dragon'");
    CHECK(changed([](json& b) { b["types"][0]["fields"][0] = 3; }).find("string") != std::string::npos);
    CHECK(changed([](json& b) { b["game"]["deaths"] = "many"; }).find("game: deaths") != std::string::npos);
    CHECK(changed([](json& b) { b["entities"].push_back(b["entities"][0]); }).find("live slots") !=
          std::string::npos);
}

TEST_CASE("save reader: the MessagePack bounds are check_msgpack's (depth, string length)") {
    auto world = every_type_world();
    const json body = body_json(*world);
    // Nesting under an unknown key: the body's map is level 1; 32 levels of non-empty lists are allowed.
    for (int depth = 29; depth <= 34; ++depth) {
        json nested = json::array({1});
        for (int level = 1; level < depth; ++level) nested = json::array({nested});
        json copy = body;
        copy["deep"] = nested;
        CAPTURE(depth);
        CHECK(readers_agree(body_of(json::to_msgpack(copy))) == (depth <= 31));
        // Empty lists do not count.
        json empty_inside = json::array();
        for (int level = 0; level < depth; ++level) empty_inside = json::array({empty_inside});
        copy["deep"] = empty_inside;
        CHECK(readers_agree(body_of(json::to_msgpack(copy))) == (depth <= 31));
    }
    for (std::size_t size : {save_body_limits.max_string_bytes, save_body_limits.max_string_bytes + 1}) {
        json copy = body;
        copy["note"] = std::string(size, 'a');
        CAPTURE(size);
        CHECK(readers_agree(body_of(json::to_msgpack(copy))) == (size <= save_body_limits.max_string_bytes));
        copy.erase("note");
        copy[std::string(size, 'k')] = 1;  // a key is a string too
        CHECK(readers_agree(body_of(json::to_msgpack(copy))) == (size <= save_body_limits.max_string_bytes));
    }
}
