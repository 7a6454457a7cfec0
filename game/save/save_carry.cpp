// Carrying a save into an edited level: placements matched by id, pixel and the one player; saved state,
// references moved to their new keys, the player's spot checked against the edited tiles.
#include "game/save/save_carry.hpp"

#include <cmath>
#include <cstdio>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/join.hpp"
#include "game/sim/tiles.hpp"

namespace qs {

bool save_fits_level_exactly(const SavedGame& save, const LevelData& level, const PlayIdentity& play) {
    if (save.legacy()) return save.legacy_files_hash == level.files_hash;
    return save.play.same_level(play);
}

namespace {

/// Calls f(ref) for every reference field of an object (EntityRef& or const EntityRef&).
template <class F>
struct EachRef {
    F& f;
    template <class Q>
    void operator()(const char*, Q& value, FieldFlag = FieldFlag::none) {
        using T = std::remove_cv_t<Q>;
        if constexpr (std::is_same_v<T, EntityRef>) {
            f(value);
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            for (auto& ref : value.refs) f(ref);
        }
    }
};
template <class E, class F>
void for_each_entity_ref(E& entity, F&& f) {
    std::visit(
        [&](auto& e) {
            EachRef<F> visitor{f};
            e.fields(visitor);
        },
        entity);
}

/// The addresses of an object's fields in list order, and a visitor that copies the editable ones back
/// from them (both walk the same type's list, so the i-th address is the i-th field's).
struct FieldAddresses {
    std::vector<const void*>& out;
    template <class T>
    void operator()(const char*, const T& value, FieldFlag = FieldFlag::none) {
        out.push_back(&value);
    }
};
struct EditableFrom {
    const std::vector<const void*>& from;
    std::size_t next = 0;
    template <class T>
    void operator()(const char*, T& value, FieldSpec spec = {}) {
        const void* source = from[next++];
        if (spec.editable()) value = *static_cast<const T*>(source);
    }
};
/// Sets the editable fields (what a .lvl may set) of `to` from `from`, an entity of the same type.
void take_editable_fields(Entity& to, const Entity& from) {
    std::visit(
        [&]<class T>(T& target) {
            std::vector<const void*> addresses;
            FieldAddresses collect{addresses};
            std::get<T>(from).fields(collect);
            EditableFrom copy{addresses};
            target.fields(copy);
        },
        to);
}

std::uint64_t packed(EntityRef ref) {
    return (static_cast<std::uint64_t>(ref.generation) << 32) | ref.index;
}
std::uint64_t pixel_key(const LevelPlacements::Placement& p) {
    return (static_cast<std::uint64_t>(p.layer) << 50) | (static_cast<std::uint64_t>(p.px) << 25) |
           static_cast<std::uint64_t>(p.py);
}
const std::string& prefab_of(const LevelPlacements& table, std::size_t placement) {
    return table.entries[table.placements[placement].entry].prefab;
}

/// Whether the player's box centred at (x, y) lies inside the level and clear of solid tiles.
bool player_fits(const TileGrid& tiles, double x, double y) {
    const double left = x - Player::half_width, right = x + Player::half_width;
    const double top = y - Player::half_height, bottom = y + Player::half_height;
    if (!(left > 0 && top > 0 && right < tiles.width && bottom < tiles.height)) return false;
    for (int ty = to_tile(top); ty <= to_tile(std::nextafter(bottom, top)); ++ty) {
        for (int tx = to_tile(left); tx <= to_tile(std::nextafter(right, left)); ++tx) {
            if (tile_is_solid(tiles.at(tx, ty))) return false;
        }
    }
    return true;
}

/// The free spot nearest to (x, y) within carry_spot_search_radius tiles: the same column at each row's
/// middle, or a tile's centre (on a tie the one found first: upper rows first, then left to right).
std::optional<std::pair<double, double>> nearest_free_spot(const TileGrid& tiles, double x, double y) {
    std::optional<std::pair<double, double>> best;
    double best_distance = 0;
    const int cx = to_tile(x), cy = to_tile(y), r = carry_spot_search_radius;
    auto consider = [&](double sx, double sy) {
        const double distance = std::hypot(sx - x, sy - y);
        if (distance > r || (best && distance >= best_distance) || !player_fits(tiles, sx, sy)) return;
        best = std::pair{sx, sy};
        best_distance = distance;
    };
    for (int ty = cy - r; ty <= cy + r; ++ty) {
        consider(x, ty + 0.5);
        for (int tx = cx - r; tx <= cx + r; ++tx) consider(tx + 0.5, ty + 0.5);
    }
    return best;
}

/// "coin" -> "coins", "switch" -> "switches", "camera_area" -> "camera areas".
std::string counted(int n, const std::string& type) {
    std::string name = type;
    for (char& c : name) c = c == '_' ? ' ' : c;
    if (n != 1) name += name.ends_with("ch") || name.ends_with("s") ? "es" : "s";
    return std::to_string(n) + " " + name;
}

}  // namespace

std::string CarryReport::summary() const {
    const std::string entities = std::to_string(kept) + " of " + std::to_string(saved) + " entities";
    std::string text;
    if (spot == Spot::kept) {
        text = "kept your place, " + entities;
    } else if (spot == Spot::nearest) {
        char moved[64];
        std::snprintf(moved, sizeof moved, "%.1f", spot_distance);
        text = "kept your place (moved " + std::string(moved) + " tiles out of a wall), " + entities;
    } else {
        text = "back at the start (your spot is in a wall now), kept " + entities;
    }
    std::vector<std::string> parts;
    for (const auto& [type, n] : added) parts.push_back(counted(n, "new " + type));
    for (const auto& [type, n] : removed) parts.push_back(counted(n, type) + " removed");
    for (const auto& [type, n] : changed) parts.push_back(counted(n, type) + " changed");
    for (const auto& [type, n] : moved) parts.push_back(counted(n, type) + " moved");
    if (!parts.empty()) text += "; " + join(parts);
    return text;
}

std::optional<WorldSnapshot> carry_save(const SavedGame& save, const WorldSnapshot& fresh,
                                        const LevelData& level, CarryReport& report, std::string& error) {
    report = {};
    auto fail = [&](std::string why) -> std::optional<WorldSnapshot> {
        error = std::move(why);
        return std::nullopt;
    };
    if (!save.placements) return fail("the save was made before saves kept what the level placed");
    const LevelPlacements& before = *save.placements;
    const std::shared_ptr<const LevelPlacements> after_table = level_placements(level);
    const LevelPlacements& after = *after_table;
    constexpr std::size_t none = static_cast<std::size_t>(-1);

    // The saved entities: placed ones by their placement in the save's table, spawned ones apart.
    const std::vector<Entity>& saved = save.snapshot.entities;
    std::vector<EntityRef> saved_keys;
    saved_keys.reserve(saved.size());
    for (std::size_t i = 0; i < save.snapshot.layout.slots.size(); ++i) {
        const auto& slot = save.snapshot.layout.slots[i];
        if (slot.alive) saved_keys.push_back({static_cast<std::uint32_t>(i), slot.generation});
    }
    if (saved_keys.size() != saved.size()) return fail("the save lists entities its slots do not hold");
    std::vector<std::size_t> saved_of_before(before.placements.size(), none), spawned;
    for (std::size_t k = 0; k < saved.size(); ++k) {
        const std::int32_t p = body_state(saved[k]).placement;
        const std::string where = "entity #" + std::to_string(saved_keys[k].index);
        if (p < 0) {
            spawned.push_back(k);
            continue;
        }
        const auto placement = static_cast<std::size_t>(p);
        if (placement >= before.placements.size())
            return fail(where + " names placement " + std::to_string(p) + ", which the save's level lacks");
        if (entity_type_name(saved[k]) != prefab_of(before, placement))
            return fail(where + " is a " + std::string(entity_type_name(saved[k])) + ", its placement a " +
                        prefab_of(before, placement));
        if (saved_of_before[placement] != none)
            return fail(where + " names placement " + std::to_string(p) + ", as another entity does");
        saved_of_before[placement] = k;
    }
    report.saved = saved.size();

    // Placements of the save's level matched to the edited level's: by prefab and id, then by prefab and
    // pixel, then the one player whatever its pixel.
    std::vector<std::size_t> before_of_after(after.placements.size(), none);
    std::vector<std::size_t> after_of_before(before.placements.size(), none);
    auto link = [&](std::size_t p, std::size_t q) {
        before_of_after[q] = p;
        after_of_before[p] = q;
    };
    std::map<std::pair<std::string, std::string>, std::size_t> before_by_id;
    std::unordered_map<std::uint64_t, std::size_t> before_by_pixel;
    for (std::size_t p = 0; p < before.placements.size(); ++p) {
        const LevelPlacements::Entry& entry = before.entries[before.placements[p].entry];
        if (!entry.id.empty()) before_by_id.emplace(std::pair{entry.prefab, entry.id}, p);
        before_by_pixel.emplace(pixel_key(before.placements[p]), p);
    }
    for (std::size_t q = 0; q < after.placements.size(); ++q) {
        const LevelPlacements::Entry& entry = after.entries[after.placements[q].entry];
        if (entry.id.empty()) continue;
        const auto found = before_by_id.find({entry.prefab, entry.id});
        if (found != before_by_id.end() && after_of_before[found->second] == none) link(found->second, q);
    }
    for (std::size_t q = 0; q < after.placements.size(); ++q) {
        if (before_of_after[q] != none) continue;
        const auto found = before_by_pixel.find(pixel_key(after.placements[q]));
        if (found != before_by_pixel.end() && after_of_before[found->second] == none &&
            prefab_of(before, found->second) == prefab_of(after, q)) {
            link(found->second, q);
        }
    }
    auto player_placement = [](const LevelPlacements& table) {
        for (std::size_t p = 0; p < table.placements.size(); ++p)
            if (prefab_of(table, p) == Player::type_name) return p;
        return none;
    };
    const std::size_t player_before = player_placement(before), player_after = player_placement(after);
    if (player_before != none && player_after != none && after_of_before[player_before] == none &&
        before_of_after[player_after] == none) {
        link(player_before, player_after);
    }

    // Start from the edited level's fresh world: new placements stay as they are.
    EntityMap map;
    std::size_t next = 0;
    map.import_layout(fresh.layout, [&](EntityMap::Key) { return fresh.entities[next++]; });
    std::vector<EntityRef> fresh_key_of_after(after.placements.size());
    map.for_each_by_index([&](EntityMap::Key key, const Entity& entity) {
        const std::int32_t q = body_state(entity).placement;
        if (q >= 0 && static_cast<std::size_t>(q) < after.placements.size())
            fresh_key_of_after[q] = to_ref(key);
    });

    std::unordered_map<std::uint64_t, EntityRef> new_key_of;  // saved key -> key in the result
    struct Carried {
        EntityRef key;
        std::size_t saved;
        bool changed;
    };
    std::vector<Carried> carried;
    std::vector<EntityRef> gone;
    for (std::size_t q = 0; q < after.placements.size(); ++q) {
        const EntityRef key = fresh_key_of_after[q];
        if (!key) continue;
        const std::string type(entity_type_name(*map.get(to_key(key))));
        const std::size_t p = before_of_after[q];
        if (p == none) {
            ++report.added[type];
            continue;
        }
        const std::size_t k = saved_of_before[p];
        if (k == none) {  // collected or defeated before the save
            gone.push_back(key);
            ++report.still_gone;
            continue;
        }
        new_key_of[packed(saved_keys[k])] = key;
        const LevelPlacements::Placement& was = before.placements[p];
        const LevelPlacements::Placement& is = after.placements[q];
        if (p != player_before && pixel_key(was) != pixel_key(is)) {  // an id'd entity moved: fresh there
            ++report.moved[type];
            continue;
        }
        carried.push_back({key, k, before.entries[was.entry].settings != after.entries[is.entry].settings});
    }
    for (std::size_t p = 0; p < before.placements.size(); ++p) {
        if (after_of_before[p] == none && saved_of_before[p] != none) ++report.removed[prefab_of(before, p)];
    }
    for (EntityRef key : gone) map.erase(to_key(key));

    auto remap = [&](EntityRef& ref) {
        if (!ref) return;
        const auto found = new_key_of.find(packed(ref));
        ref = found == new_key_of.end() ? EntityRef{} : found->second;
    };
    // Spawned entities (projectiles) stay when everything they refer to (their shooter) was carried.
    for (std::size_t k : spawned) {
        bool referents_carried = true;
        for_each_entity_ref(saved[k], [&](const EntityRef& ref) {
            if (ref && !new_key_of.contains(packed(ref))) referents_carried = false;
        });
        if (!referents_carried) {
            ++report.removed[std::string(entity_type_name(saved[k]))];
            continue;
        }
        Entity value = saved[k];
        for_each_entity_ref(value, remap);
        new_key_of[packed(saved_keys[k])] = to_ref(map.insert(std::move(value)));
        ++report.kept;
    }
    // Matched placements take their saved state; a changed .lvl entry's editable fields are the edit's.
    for (const Carried& c : carried) {
        Entity& slot = *map.get(to_key(c.key));
        Entity value = saved[c.saved];
        for_each_entity_ref(value, remap);
        if (c.changed) {
            take_editable_fields(value, slot);
            ++report.changed[std::string(entity_type_name(value))];
        }
        if (auto* player = std::get_if<Player>(&value)) {  // the spawn point is the edited level's
            player->spawn_x = std::get<Player>(slot).spawn_x;
            player->spawn_y = std::get<Player>(slot).spawn_y;
        }
        body_state(value).placement = body_state(slot).placement;
        slot = std::move(value);
        ++report.kept;
    }

    GameState game = save.snapshot.game;
    remap(game.player);
    remap(game.checkpoint);
    if (!game.player) game.player = fresh.game.player;
    game.coins_total = fresh.game.coins_total;
    // References to nothing (a removed target, a collected entity the edit references) become null.
    auto keep_live = [&](EntityRef& ref) {
        if (ref && !map.contains(to_key(ref))) ref = {};
    };
    for (Entity& entity : map) for_each_entity_ref(entity, keep_live);
    keep_live(game.checkpoint);

    // The player's spot in the edited tiles: kept, the nearest free spot, or the start.
    if (Entity* entity = map.get(to_key(game.player)); entity && std::holds_alternative<Player>(*entity)) {
        Player& player = std::get<Player>(*entity);
        if (!player_fits(level.tiles, player.state.x, player.state.y)) {
            const auto spot = nearest_free_spot(level.tiles, player.state.x, player.state.y);
            report.spot = spot ? CarryReport::Spot::nearest : CarryReport::Spot::start;
            if (spot)
                report.spot_distance =
                    std::hypot(spot->first - player.state.x, spot->second - player.state.y);
            player.state.x = spot ? spot->first : player.spawn_x;
            player.state.y = spot ? spot->second : player.spawn_y;
            player.state.vx = player.state.vy = 0;
            player.run_vx = 0;
            player.riding = {};
        }
    }

    WorldSnapshot out;
    map.export_layout_into(out.layout);
    out.entities.reserve(map.size());
    map.for_each_by_index([&](EntityMap::Key, const Entity& entity) { out.entities.push_back(entity); });
    out.game = game;
    return out;
}

}  // namespace qs
