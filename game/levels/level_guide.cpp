// The generated part of LEVELS.md: tile types and prefab fields from the field lists, with descriptions
// from the table below (a tile type, prefab or editable field without one is reported by the tests).
#include "game/levels/level_guide.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <type_traits>

#include "game/levels/prefabs.hpp"
#include "game/sim/world.hpp"

namespace qs {
namespace {

/// One line per tile type ("tile:NAME"), prefab ("NAME") and editable field ("PREFAB.FIELD").
struct Description {
    std::string_view key, text;
};
constexpr Description kDescriptions[] = {
    {"tile:empty", "Nothing: air. Any pixel with alpha 0 is empty as well."},
    {"tile:ground", "Solid from every side."},
    {"tile:oneway", "A ledge you can jump up through and stand on; hold down and jump to drop through it."},
    {"tile:spikes", "Solid; hurts the player on touch."},
    {"tile:ice", "Solid and slippery: the player speeds up and stops slowly on it."},

    {"player", "The hero: where the player starts. Exactly one per level."},
    {"player.health", "Hit points at the start."},
    {"player.max_health", "Hit points after a respawn."},
    {"player.facing", "Direction at the start: -1 left, 1 right."},

    {"coin", "Collected on touch; adds `value` to the coin count."},
    {"coin.value", "Coins added to the count when collected."},

    {"walker", "An enemy that patrols, turning at walls and ledges. Stomp it from above; its sides hurt."},
    {"walker.speed", "Walking speed in tiles per second."},
    {"walker.facing", "Direction at the start: -1 left, 1 right."},

    {"door", "A solid column while closed, its top tile at the pixel; switches open and close it."},
    {"door.open", "true: starts open (passable)."},
    {"door.height", "Height in tiles, downwards from the pixel."},

    {"switch", "Stepping onto it flips it and toggles every entity in `targets`."},
    {"switch.targets",
     "Ids of the doors, platforms and turrets it toggles: one id or a list of ids; [] toggles nothing."},
    {"switch.on", "Starting position of the lever (each new touch flips it)."},

    {"platform",
     "A solid ledge centred on the pixel that travels back and forth between its start and start + (dx, dy), "
     "carrying whoever stands on it; a switch starts or stops it."},
    {"platform.dx", "Horizontal travel in tiles (negative: to the left)."},
    {"platform.dy", "Vertical travel in tiles (negative: upwards)."},
    {"platform.speed", "Travel speed in tiles per second."},
    {"platform.width", "Width in tiles (it is one tile high)."},
    {"platform.active", "true: moves from the start; false: waits for a switch."},

    {"turret",
     "Fires a projectile every `interval` ticks while active; projectiles hurt the player. A switch starts "
     "or stops it."},
    {"turret.interval", "Ticks (1/60 s) between shots."},
    {"turret.shot_speed", "Projectile speed in tiles per second."},
    {"turret.direction", "Firing direction: -1 left, 1 right."},
    {"turret.active", "true: fires from the start; false: waits for a switch."},
    {"turret.cooldown", "Ticks before the first shot."},

    {"checkpoint", "Touching it makes it the player's respawn point."},
    {"goal", "Touching it completes the level."},

    {"camera_area",
     "A `w` x `h` tile rectangle whose top-left tile is the pixel; while the player is inside it, the camera "
     "stays inside it."},
    {"camera_area.w", "Width in tiles."},
    {"camera_area.h", "Height in tiles."},

    {"sign", "A signpost that shows its `text` above it while the player stands near (hints)."},
    {"sign.text", "The text shown; the font draws ASCII, other characters show as '?'."},

    {"spring",
     "A bounce pad standing on the floor of its tile. A player who lands on it, or walks onto it, without "
     "rising is launched straight up at `power`, whatever the jump button does: about power² / 204 tiles "
     "high with the default tuning (5 at 32; a full jump rises 3.7)."},
    {"spring.power", "Upward speed of the launch in tiles per second (a jump starts at 21)."},

    {"crumble",
     "A solid tile that gives way: `delay` ticks after the player first stands on it (it shakes meanwhile) "
     "it falls away, and `respawn` ticks later it is back, as soon as the player is not in its place."},
    {"crumble.delay", "Ticks (1/60 s) it shakes under the player before it falls."},
    {"crumble.respawn", "Ticks after the fall before it comes back."},

    {"gem",
     "A hidden collectible: up to three per level, each with its own `index`. Touching it collects it; a "
     "finished run (the goal reached) keeps the level's found gems in the player's progress, and gems in "
     "all unlock player skins. Hide them off the main path: behind a detour, above a spring's arc."},
    {"gem.index",
     "Which of the level's gems this is, 1 to 3; two gems of a level with one index is an error."},

    {"conveyor",
     "A solid belt `width` tiles wide and one tile high that stays in place and carries whoever stands on "
     "it (the player, walkers) sideways at `speed`. Place it in a gap of the floor, level with it: bodies "
     "walk on and off it without a bump. A switch's `targets` may start and stop it."},
    {"conveyor.width", "Width in tiles (it is one tile high); the sprite pixel is its centre."},
    {"conveyor.speed",
     "Tiles per second, the sign is the direction: positive carries to the right, negative to the left. At "
     "most 8 either way, under the player's run speed of 8.5, so a player can always walk against it."},
    {"conveyor.active", "true: runs from the start; false: stands still until a switch starts it."},

    {"saw",
     "A spinning blade that travels back and forth between where it is placed and `dx`, `dy` tiles from "
     "there, passing through tiles and everything else. Touching it is a hazard, as spikes are: a heart, "
     "and the player is carried back to the last safe footing. Its track is drawn."},
    {"saw.dx", "Horizontal travel in tiles (negative: to the left); 0 with `dy` 0 for a saw that stays."},
    {"saw.dy", "Vertical travel in tiles (negative: upwards)."},
    {"saw.speed", "Travel speed in tiles per second (0: it stays where it is)."},
    {"saw.active", "true: travels from the start; false: waits (still spinning in place) for a switch."},
};

/// The description for `key`, or "" when there is none.
std::string_view description_of(std::string_view key) {
    for (const Description& description : kDescriptions) {
        if (description.key == key) return description.text;
    }
    return "";
}

/// Collects the editable fields of one entity with their current (default) values.
struct EditableCollector {
    std::vector<EditableField>& out;

    template <class T>
    void operator()(const char* name, const T& value, FieldSpec spec = {}) {
        if (!spec.editable()) return;
        EditableField field{name,    field_type_name<T>(), nullptr, false, describe_range<T>(spec), spec.min,
                            spec.max};
        if constexpr (std::is_same_v<T, EntityRef>) {
            field.is_reference = true;  // no default id: a null reference cannot be written in a .lvl
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            field.is_reference = true;
            field.default_value = nlohmann::ordered_json::array();
        } else {
            field.default_value = value;
        }
        out.push_back(std::move(field));
    }
};

std::string code(std::string_view text) {
    return "`" + std::string(text) + "`";
}

/// A description for a markdown table cell.
std::string cell(std::string_view key) {
    const std::string_view text = description_of(key);
    return text.empty() ? std::string("(undocumented: add \"") + std::string(key) + "\" to level_guide.cpp)"
                        : std::string(text);
}

}  // namespace

std::vector<EditableField> editable_fields(std::string_view prefab) {
    std::vector<EditableField> out;
    std::optional<Entity> entity = make_entity(prefab);
    if (!entity) return out;
    std::visit(
        [&](const auto& e) {
            EditableCollector collector{out};
            e.fields(collector);
        },
        *entity);
    return out;
}

std::string level_guide_reference() {
    const LevelSchema& schema = level_schema();
    std::string md;
    md += "### Tile types (`obj_prefabs`)\n\n";
    md += "| tile type | what it is |\n|---|---|\n";
    for (const std::string& tile : schema.tile_types)
        md += "| " + code(tile) + " | " + cell("tile:" + tile) + " |\n";

    md += "\n### Prefabs (`spr_prefabs`)\n\n";
    md +=
        "Each prefab with the fields a `.lvl` entry may set; a field left out keeps its default. A value\n"
        "outside its range is an error that names the entry and the field.\n";
    for (const std::string& prefab : schema.prefabs) {
        md += "\n#### " + code(prefab) + "\n\n" + cell(prefab) + "\n\n";
        const std::vector<EditableField> fields = editable_fields(prefab);
        if (fields.empty()) {
            md += "No editable fields: the entry is just `\"" + prefab + "\"`.\n";
            continue;
        }
        md += "| field | type | default | range | what it sets |\n|---|---|---|---|---|\n";
        for (const EditableField& field : fields) {
            const std::string shown_default =
                field.default_value.is_null() ? "none" : code(field.default_value.dump());
            md += "| " + code(field.name) + " | " + field.type + " | " + shown_default + " | " +
                  (field.range.empty() ? std::string("any") : field.range) + " | " +
                  cell(prefab + "." + field.name) + " |\n";
        }
    }
    return md;
}

std::vector<std::string> level_guide_problems() {
    const LevelSchema& schema = level_schema();
    std::vector<std::string> problems;
    const auto require = [&](const std::string& key, const std::string& what) {
        if (description_of(key).empty())
            problems.push_back(what + " has no description (key \"" + key + "\")");
    };
    for (const std::string& tile : schema.tile_types) require("tile:" + tile, "tile type " + tile);
    for (const std::string& prefab : schema.prefabs) {
        require(prefab, "prefab " + prefab);
        for (const EditableField& field : editable_fields(prefab))
            require(prefab + "." + field.name, "field " + prefab + "." + field.name);
    }
    return problems;
}

std::vector<std::string> level_guide_unused_descriptions() {
    const LevelSchema& schema = level_schema();
    std::set<std::string> known;
    for (const std::string& tile : schema.tile_types) known.insert("tile:" + tile);
    for (const std::string& prefab : schema.prefabs) {
        known.insert(prefab);
        for (const EditableField& field : editable_fields(prefab)) known.insert(prefab + "." + field.name);
    }
    std::vector<std::string> unused;
    for (const Description& description : kDescriptions) {
        if (!known.contains(std::string(description.key))) unused.emplace_back(description.key);
    }
    return unused;
}

}  // namespace qs
