// Carrying a save into an edited level (save_carry.hpp): place and progress kept, entities matched by id or
// pixel, new ones fresh, removed ones gone, references moved to their new keys, a walled-in spot moved.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "engine/fnv1a.hpp"
#include "engine/rect_partition.hpp"
#include "game/levels/prefabs.hpp"
#include "game/save/save_carry.hpp"
#include "tests/unit/game_test_world.hpp"

using namespace qs;
using nlohmann::json;

namespace {

/// One spr_prefabs entry of the lab level, placed on every cell showing its letter.
struct LabEntry {
    char letter;
    std::string prefab;
    std::string id;
    json config = json::object();
};

/// The lab's entries: ids on the switch, the doors and one platform (a colour with an id is on one pixel).
std::vector<LabEntry> lab_entries() {
    return {{'P', "player", ""},
            {'c', "coin", ""},
            {'k', "checkpoint", ""},
            {'w', "walker", ""},
            {'s', "switch", "s1", {{"targets", {"d1"}}}},
            {'d', "door", "d1"},
            {'e', "door", "d2"},
            {'m', "platform", ""},
            {'n', "platform", "p1"},
            {'t', "turret", "", {{"interval", 20}}}};
}

/// A level from ASCII rows ('#' ground, entities by letter at k = 1, in layer-row-column order) whose files
/// hash is that of its rows and entries, as a level folder's would be of its files.
std::shared_ptr<const LevelData> lab_level(const std::vector<std::string>& rows,
                                           const std::vector<LabEntry>& entries = lab_entries()) {
    auto level = std::make_shared<LevelData>();
    level->folder_name = "carry_lab";
    level->name = "Carry lab";
    level->lvl_path = "carry_lab/carry_lab.lvl";
    const int height = static_cast<int>(rows.size()), width = static_cast<int>(rows[0].size());
    level->tiles = TileGrid(width, height);
    std::string content;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        char color[8];
        std::snprintf(color, sizeof color, "#0000%02x", static_cast<unsigned>(i));
        level->sprite_entries.push_back({color, entries[i].prefab, entries[i].id, entries[i].config, ""});
        content += entries[i].prefab + entries[i].id + entries[i].config.dump();
    }
    for (int y = 0; y < height; ++y) {
        content += rows[y];
        for (int x = 0; x < width; ++x) {
            const char c = rows[y][x];
            if (c == '#') level->tiles.set(x, y, static_cast<std::uint8_t>(TileType::ground));
            for (std::size_t i = 0; i < entries.size(); ++i) {
                if (entries[i].letter != c) continue;
                level->placements.push_back({static_cast<int>(i), 0, x, y, 1, x + 0.5, y + 0.5});
            }
        }
    }
    level->rects = level_rectangles(level->tiles);
    level->files_hash = fnv1a64(content.data(), content.size());
    return level;
}

std::unique_ptr<World> lab_world(const std::shared_ptr<const LevelData>& level) {
    std::vector<std::string> errors;
    std::vector<Entity> entities = build_level_entities(*level, errors);
    REQUIRE(errors.empty());
    return std::make_unique<World>(level, Tuning{}, std::move(entities));
}

/// The play identity of `level` played as lab_world plays it.
PlayIdentity lab_play(const LevelData& level) {
    std::vector<std::string> errors;
    std::vector<Entity> entities = build_level_entities(level, errors);
    REQUIRE(errors.empty());
    return play_identity(level_identity(level, entities), Tuning{});
}

// The level as made: the player walks right over a coin, a checkpoint and the switch that opens d1.
const std::vector<std::string> lab_rows = {
    "########################################",  // 0
    "#.....................................t#",  // 1: the turret shoots left along this row
    "#...............n.........m............#",  // 2: platforms
    "#......................................#",  // 3
    "#.P.c.k....s.....d...e.........w.......#",  // 4: the player's way, d2 (e) stops it
    "########################################",  // 5
};

/// The lab with row `y` replaced.
std::vector<std::string> edited(std::vector<std::string> rows, int y, const std::string& row) {
    rows[static_cast<std::size_t>(y)] = row;
    return rows;
}

/// A quicksave of `world` (in `level`), through the save file's bytes and back.
SavedGame saved(const World& world, const LevelData& level) {
    SavedGame save;
    save.level = level.folder_name;
    save.play = lab_play(level);
    save.tick = world.game.timer_ticks;
    save.snapshot = world.capture();
    save.placements = level_placements(level);
    std::string error;
    std::optional<SavedGame> decoded = decode_save_file(encode_save_file(save), error);
    REQUIRE_MESSAGE(decoded, error);
    REQUIRE(decoded->placements);
    CHECK(*decoded->placements == *save.placements);
    return std::move(*decoded);
}

/// The lab played: right for `ticks` ticks (coin, checkpoint, switch), then a save.
struct Played {
    std::shared_ptr<const LevelData> level = lab_level(lab_rows);
    std::unique_ptr<World> world = lab_world(level);
    SavedGame save;
    explicit Played(int ticks = 100) {
        test::Driver drive{*world};
        drive.ticks(ticks, {Action::right});
        save = saved(*world, *level);
    }
};

/// `save` carried into `rows`, restored into a world of that level.
struct Carried {
    std::shared_ptr<const LevelData> level;
    std::unique_ptr<World> world;
    CarryReport report;
    Carried(const SavedGame& save, const std::vector<std::string>& rows,
            const std::vector<LabEntry>& entries = lab_entries())
        : level(lab_level(rows, entries)), world(lab_world(level)) {
        REQUIRE_FALSE(save_fits_level_exactly(save, *level, lab_play(*level)));
        std::string error;
        std::optional<WorldSnapshot> carried = carry_save(save, world->capture(), *level, report, error);
        REQUIRE_MESSAGE(carried, error);
        world->restore(*carried);
    }
};

/// The live entity built from placement `p` (nullptr when none).
const Entity* at_placement(const World& world, int p, EntityRef* ref = nullptr) {
    const Entity* found = nullptr;
    world.entities.for_each_by_index([&](EntityMap::Key key, const Entity& entity) {
        if (body_state(entity).placement != p) return;
        found = &entity;
        if (ref) *ref = to_ref(key);
    });
    return found;
}

/// The placement index of the first cell showing `letter` in `rows` (layer-row-column order).
int placement_of(const std::vector<std::string>& rows, char letter) {
    int p = 0;
    for (const std::string& row : rows) {
        for (char c : row) {
            if (c == letter) return p;
            if (c != '#' && c != '.') ++p;
        }
    }
    return -1;
}

template <class T>
int count_of(const World& world) {
    int n = 0;
    for (const Entity& e : world.entities) n += std::holds_alternative<T>(e) ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("carry: an added coin starts fresh, the player's place and the game's progress come back") {
    Played played;
    const Player& before = *played.world->player();
    REQUIRE(played.world->game.coins == 1);  // the coin at x 4 is collected
    REQUIRE(played.world->game.checkpoint);
    REQUIRE(before.state.x > 11);  // on or past the switch
    REQUIRE(played.world->find<Door>(EntityRef{static_cast<std::uint32_t>(placement_of(lab_rows, 'd')), 1})
                ->open);

    const auto rows = edited(lab_rows, 3, "#.........c............................#");
    Carried carried(played.save, rows);
    const World& world = *carried.world;
    const Player& after = *carried.world->player();
    CHECK(after.state.x == before.state.x);
    CHECK(after.state.y == before.state.y);
    CHECK(after.state.vx == before.state.vx);
    CHECK(after.state.vy == before.state.vy);
    CHECK(after.grounded == before.grounded);
    CHECK(after.health == before.health);
    CHECK(world.game.coins == 1);
    CHECK(world.game.deaths == played.world->game.deaths);
    CHECK(world.game.timer_ticks == played.world->game.timer_ticks);
    CHECK(world.game.coins_total == 2);  // the edited level's coins
    // The collected coin stays collected; the new one is there.
    CHECK(count_of<Coin>(world) == 1);
    const Entity* coin = at_placement(world, placement_of(rows, 'c'));
    REQUIRE(coin);
    CHECK(body_state(*coin).x == 10.5);
    CHECK(carried.report.added == std::map<std::string, int>{{"coin", 1}});
    CHECK(carried.report.removed.empty());
    CHECK(carried.report.kept == carried.report.saved);
    CHECK(carried.report.still_gone == 1);
    CHECK(carried.report.spot == CarryReport::Spot::kept);
    const std::string entities = std::to_string(carried.report.saved);
    CHECK(carried.report.summary() ==
          "kept your place, " + entities + " of " + entities + " entities; 1 new coin");
    // The door the switch opened is open, and the switch still names it.
    EntityRef door_ref;
    const Entity* door = at_placement(world, placement_of(rows, 'd'), &door_ref);
    REQUIRE(door);
    CHECK(std::get<Door>(*door).open);
    const Entity* flip = at_placement(world, placement_of(rows, 's'));
    REQUIRE(flip);
    CHECK(std::get<Switch>(*flip).on);
    CHECK(std::get<Switch>(*flip).targets.refs == std::vector<EntityRef>{door_ref});
}

TEST_CASE("carry: references between carried entities survive, spawned projectiles follow their shooter") {
    Played played;
    REQUIRE(count_of<Projectile>(*played.world) > 0);
    // The edit puts the new coin first in placement order: every placement's index moves by one.
    const auto rows = edited(lab_rows, 1, "#c....................................t#");
    Carried carried(played.save, rows);
    const World& world = *carried.world;
    EntityRef turret_ref, checkpoint_ref;
    REQUIRE(at_placement(world, placement_of(rows, 't'), &turret_ref));
    REQUIRE(at_placement(world, placement_of(rows, 'k'), &checkpoint_ref));
    CHECK(count_of<Projectile>(world) == count_of<Projectile>(*played.world));
    for (const Entity& entity : world.entities) {
        if (const auto* shot = std::get_if<Projectile>(&entity)) CHECK(shot->shooter == turret_ref);
    }
    CHECK(world.game.checkpoint == checkpoint_ref);
    CHECK(world.find<Checkpoint>(checkpoint_ref)->active);
    CHECK(carried.world->player()->checkpoint == checkpoint_ref);
    CHECK(world.game.player == EntityRef{static_cast<std::uint32_t>(placement_of(rows, 'P')), 1});

    // Without the turret its projectiles go too.
    Carried no_turret(played.save, edited(lab_rows, 1, "#......................................#"));
    CHECK(count_of<Projectile>(*no_turret.world) == 0);
    CHECK(no_turret.report.removed.at("turret") == 1);
    CHECK(no_turret.report.removed.at("projectile") == count_of<Projectile>(*played.world));
    CHECK(no_turret.report.kept == no_turret.report.saved - 1 - count_of<Projectile>(*played.world));
}

TEST_CASE("carry: a removed walker is gone, a moved platform without an id is a new one") {
    Played played;
    auto rows = edited(lab_rows, 4, "#.P.c.k....s.....d...e.................#");
    rows = edited(rows, 2, "#...............n..........m...........#");  // m one tile right
    Carried carried(played.save, rows);
    CHECK(count_of<Walker>(*carried.world) == 0);
    CHECK(carried.report.removed == std::map<std::string, int>{{"platform", 1}, {"walker", 1}});
    CHECK(carried.report.added == std::map<std::string, int>{{"platform", 1}});
    const Entity* platform = at_placement(*carried.world, placement_of(rows, 'm'));
    REQUIRE(platform);
    CHECK(std::get<Platform>(*platform).start_x == std::get<Platform>(*platform).state.x);
    CHECK(std::get<Platform>(*platform).progress == 0);  // fresh
    CHECK(carried.report.kept == carried.report.saved - 2);
    CHECK(carried.report.summary().find("1 new platform, 1 platform removed, 1 walker removed") !=
          std::string::npos);
}

TEST_CASE("carry: an id'd platform that moved is the same entity, fresh at its new place") {
    Played played;
    const auto rows = edited(lab_rows, 2, "#....................n.....m............#");
    // The switch now targets the platform too, so a reference to the moved one can be checked.
    auto entries = lab_entries();
    entries[4].config = {{"targets", {"d1", "p1"}}};
    Carried carried(played.save, rows, entries);
    CHECK(carried.report.moved == std::map<std::string, int>{{"platform", 1}});
    CHECK(carried.report.changed == std::map<std::string, int>{{"switch", 1}});
    EntityRef platform_ref;
    const Entity* platform = at_placement(*carried.world, placement_of(rows, 'n'), &platform_ref);
    REQUIRE(platform);
    CHECK(body_state(*platform).x == std::get<Platform>(*platform).start_x);
    const Entity* flip = at_placement(*carried.world, placement_of(rows, 's'));
    REQUIRE(flip);
    CHECK(std::get<Switch>(*flip).targets.refs.size() == 2);
    CHECK(std::get<Switch>(*flip).targets.refs[1] == platform_ref);
}

TEST_CASE("carry: a switch whose targets changed takes the edit's settings, the rest keeps its state") {
    Played played;
    auto entries = lab_entries();
    entries[4].config = {{"targets", {"d2"}}};
    Carried carried(played.save, lab_rows, entries);
    EntityRef d1, d2;
    REQUIRE(at_placement(*carried.world, placement_of(lab_rows, 'd'), &d1));
    REQUIRE(at_placement(*carried.world, placement_of(lab_rows, 'e'), &d2));
    const Switch& flip = std::get<Switch>(*at_placement(*carried.world, placement_of(lab_rows, 's')));
    CHECK(flip.targets.refs == std::vector<EntityRef>{d2});
    CHECK_FALSE(flip.on);                        // an editable field: the edit's
    CHECK(carried.world->find<Door>(d1)->open);  // opened before the save: still open
    CHECK_FALSE(carried.world->find<Door>(d2)->open);
    CHECK(carried.report.changed == std::map<std::string, int>{{"switch", 1}});
    CHECK(carried.report.kept == carried.report.saved);
    CHECK(carried.report.summary().ends_with("; 1 switch changed"));
}

TEST_CASE("carry: a player whose spot is solid now moves to the nearest free spot, or back to the start") {
    Played played;
    const Player& before = *played.world->player();
    const int column = to_tile(before.state.x);
    std::string wall = lab_rows[4];
    wall[static_cast<std::size_t>(column)] = '#';
    Carried nearest(played.save, edited(lab_rows, 4, wall));
    const Player& moved = *nearest.world->player();
    CHECK(nearest.report.spot == CarryReport::Spot::nearest);
    CHECK(moved.state.vx == 0);
    CHECK(std::abs(moved.state.x - before.state.x) + std::abs(moved.state.y - before.state.y) > 0.3);
    CHECK(nearest.report.spot_distance < 1.5);
    CHECK(!nearest.world->solid_at(moved.state.x, moved.state.y));
    CHECK(nearest.report.summary().starts_with("kept your place (moved "));

    // Walled in all around: back at the (edited) start.
    std::vector<std::string> rows = lab_rows;
    for (int y = 1; y <= 4; ++y) {
        for (int x = 8; x < 38; ++x) rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '#';
    }
    rows[4][1] = 'P';
    rows[4][2] = '.';
    auto entries = lab_entries();
    entries[4].config = json::object();  // the doors it targeted are walled over
    Carried start(played.save, rows, entries);
    CHECK(start.report.spot == CarryReport::Spot::start);
    CHECK(start.world->player()->state.x == 1.5);
    CHECK(start.world->player()->spawn_x == 1.5);
    CHECK(start.report.summary().starts_with("back at the start (your spot is in a wall now), kept "));
}

TEST_CASE("carry: an unchanged level loads exactly; a save without a placement table is not carried") {
    Played played;
    CHECK(save_fits_level_exactly(played.save, *played.level, lab_play(*played.level)));
    // A change of look (the name, a colour, other file bytes) is no change of play: still exact.
    auto look = std::make_shared<LevelData>(*played.level);
    look->name = "The lab, renamed";
    look->sprite_entries[0].color = "#00ff00";
    look->files_hash ^= 1;
    CHECK(save_fits_level_exactly(played.save, *look, lab_play(*look)));
    // A change of play is not exact: a walker's speed.
    auto faster = lab_entries();
    for (LabEntry& entry : faster) {
        if (entry.prefab == "walker") entry.config["speed"] = 3;
    }
    auto play_edit = lab_level(lab_rows, faster);
    CHECK_FALSE(save_fits_level_exactly(played.save, *play_edit, lab_play(*play_edit)));
    auto world = lab_world(played.level);
    world->restore(played.save.snapshot);
    CHECK(world->entities.export_layout() == played.world->entities.export_layout());

    SavedGame old = played.save;
    old.placements = nullptr;
    auto level = lab_level(edited(lab_rows, 3, "#.........c............................#"));
    auto fresh = lab_world(level);
    CarryReport report;
    std::string error;
    CHECK_FALSE(carry_save(old, fresh->capture(), *level, report, error));
    CHECK(error == "the save was made before saves kept what the level placed");

    // An entity naming a placement its table lacks is refused, not guessed at.
    SavedGame odd = played.save;
    for (Entity& entity : odd.snapshot.entities) {
        if (std::holds_alternative<Walker>(entity)) body_state(entity).placement = 9999;
    }
    CHECK_FALSE(carry_save(odd, fresh->capture(), *level, report, error));
    CHECK(error.find("names placement 9999, which the save's level lacks") != std::string::npos);
}

TEST_CASE("carry: a save's placement table is checked when read") {
    Played played;
    SavedGame save = played.save;
    auto table = std::make_shared<LevelPlacements>(*save.placements);
    table->placements[0].entry = 99;
    save.placements = table;
    std::string error;
    CHECK_FALSE(decode_save_file(encode_save_file(save), error));
    CHECK(error == "corrupt: a placement names a missing entry");
    table->placements[0].entry = 0;
    table->entries[0].prefab = "projectile";
    CHECK_FALSE(decode_save_file(encode_save_file(save), error));
    CHECK(error == "corrupt: placement entry names 'projectile', not a placeable prefab");
}
