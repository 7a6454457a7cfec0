// Soak: 100 000 random operations on one world — spawn, erase, step, quicksave to memory and to disk,
// quickload from memory and from disk, restart — checking after every load that the world equals its
// snapshot (layout, every entity, game state) and that no key dangles (every stored key was handed out by
// the SlotMap, and resolves to the same kind of entity, or to nothing, exactly as when it was saved).
// In the sanitizer build and in the dev test tier it does 20 000 operations (every kind of operation still
// happens many times, each load still checked in full); the 100 000 run in the release build's full tier
// (test_sizing.hpp).
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "engine/save_file.hpp"
#include "game/save/save_codec.hpp"
#include "game/save/state_dump.hpp"
#include "game_test_world.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;
namespace fs = std::filesystem;

namespace {

/// Every stored key (entity reference fields and the game state's), with what it resolves to: a type name,
/// "stale" (a key of an erased entity) or "null". "dangling" marks a key the SlotMap never handed out.
std::vector<std::string> key_report(const World& world) {
    std::vector<std::string> out;
    const EntityMap::Layout layout = world.entities.export_layout();
    auto resolve = [&](const EntityRef& ref) {
        if (!ref) return std::string("null");
        if (ref.index >= layout.slots.size() || ref.generation > layout.slots[ref.index].generation)
            return std::string("dangling");
        const Entity* entity = world.entities.get(to_key(ref));
        return entity ? std::string(entity_type_name(*entity)) : std::string("stale");
    };
    auto visit = [&]<class T>(const char*, const T& value, FieldFlag = FieldFlag::none) {
        if constexpr (std::is_same_v<T, EntityRef>) {
            out.push_back(resolve(value));
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            for (const EntityRef& ref : value.refs) out.push_back(resolve(ref));
        }
    };
    // By index (dense order differs between a world and its restored copy).
    std::vector<std::pair<std::uint32_t, const Entity*>> by_index;
    for (std::size_t i = 0; i < world.entities.size(); ++i)
        by_index.emplace_back(world.entities.key_at_dense(i).index, &world.entities.value_at_dense(i));
    std::sort(by_index.begin(), by_index.end());
    for (const auto& [index, entity] : by_index) std::visit([&](const auto& e) { e.fields(visit); }, *entity);
    world.game.fields(visit);
    return out;
}

}  // namespace

TEST_CASE("soak: 100000 random operations; every load restores the snapshot exactly and no key dangles") {
    MapLevel map = make_map_level({
        "........................",
        "..........====..........",
        "P.c.c.w...s...d...m...t.",
        "######^^^~~~~###########",
    });
    // The switch toggles the door and the platform (references to keep valid).
    EntityRef door, platform;
    for (std::size_t i = 0; i < map.entities.size(); ++i) {
        if (std::holds_alternative<Door>(map.entities[i])) door = {static_cast<std::uint32_t>(i), 1};
        if (std::holds_alternative<Platform>(map.entities[i])) platform = {static_cast<std::uint32_t>(i), 1};
    }
    for (Entity& entity : map.entities) {
        if (auto* s = std::get_if<Switch>(&entity)) s->targets.refs = {door, platform};
    }
    fs::path dir = fs::temp_directory_path() / ("qs_soak_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);

    std::mt19937 random(1123);
    auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
    auto world = std::make_unique<World>(map.level, Tuning{}, map.entities);
    struct Saved {
        WorldSnapshot snapshot;
        std::string dump;
        std::vector<std::string> keys;
    };
    std::optional<Saved> in_memory, on_disk;
    const fs::path save_path = dir / "quicksave-1.qss";
    ActionState actions;
    std::map<std::string, int> done;
    const int operations = tiered(sized(100000, 20000), 20000);
    if (operations < 100000) MESSAGE(operations << " of 100 000 operations (dev tier or sanitizer build)");
    auto check_load = [&](const Saved& saved) {
        REQUIRE(dump_state(*world, 0).dump() == saved.dump);
        REQUIRE(world->capture().layout == saved.snapshot.layout);
        REQUIRE(key_report(*world) == saved.keys);
        for (const std::string& key : saved.keys) REQUIRE(key != "dangling");
    };
    for (int op = 0; op < operations; ++op) {
        int roll = pick(1000);
        if (roll < 450) {
            actions.begin_tick();
            for (Action a : {Action::left, Action::right, Action::jump, Action::down}) {
                if (pick(3) == 0)
                    actions.press(a);
                else
                    actions.release(a);
            }
            world->step(actions);
            ++done["step"];
        } else if (roll < 600) {
            // Spawn a coin, a walker or a projectile whose shooter is any key seen (live or stale).
            Entity entity = pick(3) == 0   ? Entity{Coin{}}
                            : pick(2) == 0 ? Entity{Walker{}}
                                           : Entity{Projectile{}};
            BodyState& state = body_state(entity);
            state.x = 0.5 + pick(23);
            state.y = 0.5 + pick(3);
            if (auto* shot = std::get_if<Projectile>(&entity)) {
                EntityMap::Layout layout = world->entities.export_layout();
                auto index = static_cast<std::uint32_t>(pick(static_cast<int>(layout.slots.size())));
                shot->shooter = {index, std::max(1u, layout.slots[index].generation - pick(2))};
                shot->state.vx = pick(2) ? 6 : -6;
            }
            if (world->entities.size() < 400) world->spawn(std::move(entity));
            ++done["spawn"];
        } else if (roll < 720) {
            if (world->entities.size() > 1) {
                EntityRef victim = to_ref(world->entities.key_at_dense(
                    static_cast<std::size_t>(pick(static_cast<int>(world->entities.size())))));
                if (victim != world->game.player) world->erase(victim);
            }
            ++done["erase"];
        } else if (roll < 800) {
            in_memory = Saved{world->capture(), dump_state(*world, 0).dump(), key_report(*world)};
            ++done["quicksave to memory"];
        } else if (roll < 810) {
            SavedGame save{"test_map", test_play(0), 1, op, world->capture()};
            std::string error;
            REQUIRE_MESSAGE(write_file_atomically(save_path, encode_save_file(save), error), error);
            on_disk = Saved{save.snapshot, dump_state(*world, 0).dump(), key_report(*world)};
            ++done["quicksave to disk"];
        } else if (roll < 900) {
            if (!in_memory) continue;
            world->restore(in_memory->snapshot);
            check_load(*in_memory);
            ++done["quickload from memory"];
        } else if (roll < 960) {
            if (!on_disk) continue;
            std::string error;
            auto bytes = read_whole_file(save_path, 64u << 20, error);
            REQUIRE_MESSAGE(bytes, error);
            auto decoded = decode_save_file(*bytes, error);
            REQUIRE_MESSAGE(decoded, error);
            world->restore(decoded->snapshot);
            check_load(*on_disk);
            ++done["quickload from disk"];
        } else {
            world = std::make_unique<World>(map.level, Tuning{}, map.entities);
            ++done["restart"];
        }
    }
    int total = 0;
    for (const auto& count : done) {  // no structured bindings in doctest messages (clang 14)
        MESSAGE(count.first << ": " << count.second);
        total += count.second;
        CHECK(count.second > 0);
    }
    CHECK(total >= operations * 9 / 10);
    fs::remove_all(dir);
}
