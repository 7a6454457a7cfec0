// Prefab registry and level entity building: .lvl configuration checked against the field lists.
#include "game/levels/prefabs.hpp"

#include <algorithm>
#include <map>

#include "engine/join.hpp"
#include "game/sim/field_json.hpp"

namespace qs {

std::optional<Entity> make_entity(std::string_view type_name) {
    std::optional<Entity> out;
    for_each_entity_type([&]<class T>() {
        if (!out && type_name == T::type_name) out = T{};
    });
    return out;
}

std::vector<FieldInfo> entity_fields(std::string_view type_name) {
    auto entity = make_entity(type_name);
    if (!entity) return {};
    return std::visit([](const auto& e) { return list_fields(e); }, *entity);
}

namespace {

/// Extra player pixels named one by one; the rest are counted in one line (a sprites layer painted all in
/// the player's colour must not print 100 000 errors).
constexpr int kMaxExtraPlayersNamed = 10;

/// Reference ids a configuration gives for one field, resolved after all entities exist.
struct PendingReference {
    std::string field;
    std::vector<std::string> ids;
};

/// Applies a .lvl configuration to the editable fields of one entity.
struct ConfigReader {
    const nlohmann::json& config;
    std::vector<std::string>& problems;
    std::vector<PendingReference>& references;

    template <class T>
    void operator()(const char* name, T& value, FieldSpec spec = {}) {
        if (!spec.editable() || !config.contains(name)) return;
        const nlohmann::json& json = config.at(name);
        if constexpr (std::is_same_v<T, EntityRef> || std::is_same_v<T, EntityRefList>) {
            PendingReference pending{name, {}};
            if (json.is_string()) {
                pending.ids.push_back(json.get<std::string>());
            } else if (json.is_array() && std::is_same_v<T, EntityRefList>) {
                for (const auto& id : json) {
                    if (!id.is_string()) {
                        problems.push_back(std::string(name) + " must list ids (strings), got a " +
                                           id.type_name());
                        return;
                    }
                    pending.ids.push_back(id.get<std::string>());
                }
            } else {
                problems.push_back(std::string(name) + " must be an id" +
                                   (std::is_same_v<T, EntityRefList> ? " or a list of ids" : "") +
                                   ", got a " + json.type_name());
                return;
            }
            references.push_back(std::move(pending));
        } else {
            std::string problem = field_from_json(json, name, value, spec);
            if (!problem.empty()) problems.push_back(problem);
        }
    }
};

/// Sets a reference field by name.
struct ReferenceSetter {
    const std::string& field;
    const std::vector<EntityRef>& refs;
    template <class T>
    void operator()(const char* name, T& value, FieldFlag = FieldFlag::none) {
        if (field != name) return;
        if constexpr (std::is_same_v<T, EntityRef>) {
            value = refs.empty() ? EntityRef{} : refs.front();
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            value.refs = refs;
        }
    }
};

/// The .lvl configuration of one spr_prefabs entry: a configured default entity (nullopt for an unknown
/// prefab, which the loader already reported) and the reference ids it gives, resolved later.
struct ConfiguredEntry {
    std::optional<Entity> entity;
    std::vector<PendingReference> references;
};

/// "LVL: spr_prefabs[i] (prefab): ", the start of a message about one entry.
std::string entry_context(const LevelData& level, std::size_t i) {
    if (!level.sprite_entries[i].where.empty())
        return level.sprite_entries[i].where + ": (" + level.sprite_entries[i].prefab + "): ";
    return level.lvl_path.string() + ": spr_prefabs[" + std::to_string(i) + "] (" +
           level.sprite_entries[i].prefab + "): ";
}

/// Applies each entry's configuration to a default entity of its prefab, checking field names and types.
std::vector<ConfiguredEntry> configure_entries(const LevelData& level, std::vector<std::string>& errors) {
    const auto& entries = level.sprite_entries;
    std::vector<ConfiguredEntry> configured(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const SpriteEntry& entry = entries[i];
        const std::string where = entry_context(level, i);
        configured[i].entity = make_entity(entry.prefab);
        if (!configured[i].entity) continue;  // the loader already reported the unknown prefab
        std::vector<std::string> editable;
        for (const FieldInfo& field : entity_fields(entry.prefab)) {
            if (field.editable) editable.push_back(field.name);
        }
        for (const auto& [key, value] : entry.config.items()) {
            if (std::find(editable.begin(), editable.end(), key) == editable.end()) {
                errors.push_back(
                    where + "unknown field '" + key + "' (" + entry.prefab +
                    " has: " + (editable.empty() ? std::string("no editable fields") : join(editable)) + ")");
            }
        }
        std::vector<std::string> problems;
        std::visit(
            [&](auto& e) {
                ConfigReader reader{entry.config, problems, configured[i].references};
                e.fields(reader);
            },
            *configured[i].entity);
        for (const auto& problem : problems) errors.push_back(where + problem);
    }
    return configured;
}

/// Reports every player pixel but the first (up to kMaxExtraPlayersNamed by position) and a level without
/// one: a level has exactly one player.
void check_one_player(const LevelData& level, std::vector<std::string>& errors) {
    const std::string lvl = level.lvl_path.string();
    int players = 0;
    const SpritePlacement* first_player = nullptr;
    for (const SpritePlacement& placement : level.placements) {
        if (level.sprite_entries[placement.entry].prefab != Player::type_name) continue;
        if (++players == 1) {
            first_player = &placement;
        } else if (players <= 1 + kMaxExtraPlayersNamed) {
            errors.push_back(placement_location(level, placement) + ": a second player (the first is at " +
                             std::to_string(first_player->px) + "," + std::to_string(first_player->py) +
                             "); a level has exactly one");
        }
    }
    if (players > 1 + kMaxExtraPlayersNamed) {
        errors.push_back(lvl + ": ... and " + std::to_string(players - 1 - kMaxExtraPlayersNamed) +
                         " more player pixels (" + std::to_string(players) +
                         " in all); a level has exactly one");
    }
    if (players == 0 && !level.editor.empty()) {
        errors.push_back(lvl + ": level " + level.name + " has no player: place one " +
                         (level.editor == "LDtk" ? "entity" : "object") +
                         " named player (or mapped to it in quickstep.json)");
    } else if (players == 0) {
        errors.push_back(
            lvl + ": the level has no player: place one pixel of the player's colour in a sprites layer");
    }
}

/// Reports a gem whose index an earlier gem of the level already has (the progress file keeps found gems
/// by index, so each index stands for one gem).
void check_gem_indices(const LevelData& level, const std::vector<Entity>& entities,
                       std::vector<std::string>& errors) {
    std::map<int, const SpritePlacement*> first_with;
    for (const Entity& entity : entities) {
        const auto* gem = std::get_if<Gem>(&entity);
        if (!gem || gem->state.placement < 0) continue;
        const SpritePlacement& placement = level.placements[static_cast<std::size_t>(gem->state.placement)];
        auto [it, first] = first_with.emplace(gem->index, &placement);
        if (first) continue;
        errors.push_back(placement_location(level, placement) + ": a second gem with index " +
                         std::to_string(gem->index) + " (the first is at " + std::to_string(it->second->px) +
                         "," + std::to_string(it->second->py) +
                         "); each gem of a level has its own index, 1 to " + std::to_string(Gem::max_index));
    }
}

/// Whether `referrer`'s reference field may name an entity of `target`'s type (an unknown target prefab,
/// already reported by the loader, is refused by types that restrict their references).
bool reference_accepted(const Entity& referrer, const std::string& field,
                        const std::optional<Entity>& target) {
    return std::visit(
        [&]<class T>(const T&) {
            if constexpr (requires { T::template accepts_reference<T>(field); }) {
                if (!target) return false;
                return std::visit(
                    [&]<class Target>(const Target&) { return T::template accepts_reference<Target>(field); },
                    *target);
            } else {
                return true;
            }
        },
        referrer);
}

/// The references of every entry, resolved by id to the keys the placements will get ({i, 1}: the i-th
/// placement), checking that each id exists, is placed and is of a type the field accepts.
std::vector<std::vector<std::pair<std::string, std::vector<EntityRef>>>> resolve_references(
    const LevelData& level, const std::vector<ConfiguredEntry>& configured,
    std::vector<std::string>& errors) {
    const auto& entries = level.sprite_entries;
    std::map<std::string, std::size_t> entry_of_id;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!entries[i].id.empty()) entry_of_id[entries[i].id] = i;
    }
    std::vector<std::optional<std::size_t>> placement_of_entry(entries.size());
    for (std::size_t p = 0; p < level.placements.size(); ++p) {
        const SpritePlacement& placement = level.placements[p];
        if (!placement_of_entry[placement.entry]) placement_of_entry[placement.entry] = p;
    }

    std::vector<std::vector<std::pair<std::string, std::vector<EntityRef>>>> resolved(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!configured[i].entity) continue;
        const std::string where = entry_context(level, i);
        for (const PendingReference& pending : configured[i].references) {
            std::vector<EntityRef> refs;
            for (const std::string& id : pending.ids) {
                auto found = entry_of_id.find(id);
                if (found == entry_of_id.end()) {
                    std::vector<std::string> known;
                    for (const auto& [known_id, unused] : entry_of_id) known.push_back("'" + known_id + "'");
                    errors.push_back(where + pending.field + ": no entry has id '" + id + "'" +
                                     (known.empty() ? std::string(" (the level has no ids)")
                                                    : " (ids: " + join(known) + ")"));
                    continue;
                }
                const std::string& target_prefab = entries[found->second].prefab;
                if (!reference_accepted(*configured[i].entity, pending.field, make_entity(target_prefab))) {
                    errors.push_back(where + pending.field + ": '" + id + "' is a " + target_prefab +
                                     ", which " + entries[i].prefab + " " + pending.field + " cannot take");
                    continue;
                }
                if (!placement_of_entry[found->second]) {
                    errors.push_back(where + pending.field + ": id '" + id +
                                     "' is not placed on any sprite pixel");
                    continue;
                }
                refs.push_back({static_cast<std::uint32_t>(*placement_of_entry[found->second]), 1});
            }
            resolved[i].emplace_back(pending.field, std::move(refs));
        }
    }
    return resolved;
}

}  // namespace

std::vector<Entity> build_level_entities(const LevelData& level, std::vector<std::string>& errors) {
    const std::vector<ConfiguredEntry> configured = configure_entries(level, errors);
    check_one_player(level, errors);
    const auto resolved = resolve_references(level, configured, errors);

    // One entity per placement, at the pixel's centre, with its references set.
    std::vector<Entity> out;
    out.reserve(level.placements.size());
    for (std::size_t p = 0; p < level.placements.size(); ++p) {
        const SpritePlacement& placement = level.placements[p];
        if (!configured[placement.entry].entity) continue;
        Entity entity = *configured[placement.entry].entity;
        std::visit(
            [&](auto& e) {
                e.state.x = placement.x;
                e.state.y = placement.y;
                e.state.placement = static_cast<std::int32_t>(p);
                for (const auto& [field, refs] : resolved[placement.entry]) {
                    ReferenceSetter setter{field, refs};
                    e.fields(setter);
                }
            },
            entity);
        out.push_back(std::move(entity));
    }
    check_gem_indices(level, out, errors);
    // Every placed text travels in every quicksave: a level whose texts alone would make saves the reader
    // refuses (over 64 MB) is not a level.
    std::uint64_t text_bytes = 0;
    auto count_text = [&]<class T>(const char*, const T& value, const auto&...) {
        if constexpr (std::is_same_v<T, std::string>) text_bytes += value.size();
    };
    for (const Entity& entity : out) std::visit([&](const auto& e) { e.fields(count_text); }, entity);
    if (text_bytes > max_level_text_bytes) {
        errors.push_back(level.lvl_path.string() + ": the placed entities' texts total " +
                         std::to_string(text_bytes) + " bytes, over the limit of " +
                         std::to_string(max_level_text_bytes) + " bytes (every quicksave holds them)");
    }
    return out;
}

}  // namespace qs
