// Prefab registry and level entity building: .lvl configuration checked against the field lists.
#include "game/levels/prefabs.hpp"

#include <algorithm>
#include <map>

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
    return std::visit([](auto& e) { return list_fields(e); }, *entity);
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
    void operator()(const char* name, T& value, FieldFlag flags = FieldFlag::none) {
        if (!has_flag(flags, FieldFlag::editable) || !config.contains(name)) return;
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
            std::string problem = field_from_json(json, name, value);
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

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

}  // namespace

std::vector<Entity> build_level_entities(const LevelData& level, std::vector<std::string>& errors) {
    const std::string lvl = level.lvl_path.string();
    const auto& entries = level.sprite_entries;

    // Configure each entry once.
    std::vector<std::optional<Entity>> configured(entries.size());
    std::vector<std::vector<PendingReference>> references(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const SpriteEntry& entry = entries[i];
        std::string where = lvl + ": spr_prefabs[" + std::to_string(i) + "] (" + entry.prefab + "): ";
        configured[i] = make_entity(entry.prefab);
        if (!configured[i]) continue;  // the loader already reported the unknown prefab
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
                ConfigReader reader{entry.config, problems, references[i]};
                e.fields(reader);
            },
            *configured[i]);
        for (const auto& problem : problems) errors.push_back(where + problem);
    }

    // Placement ordinal of every id, and the key each placement will get.
    std::map<std::string, std::size_t> entry_of_id;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!entries[i].id.empty()) entry_of_id[entries[i].id] = i;
    }
    std::vector<std::optional<std::size_t>> placement_of_entry(entries.size());
    int players = 0;
    const SpritePlacement* first_player = nullptr;
    for (std::size_t p = 0; p < level.placements.size(); ++p) {
        const SpritePlacement& placement = level.placements[p];
        if (!placement_of_entry[placement.entry]) placement_of_entry[placement.entry] = p;
        if (entries[placement.entry].prefab == Player::type_name) {
            if (++players == 1) {
                first_player = &placement;
            } else if (players <= 1 + kMaxExtraPlayersNamed) {
                errors.push_back(
                    (level.folder / "sprites" / ("layer" + std::to_string(placement.layer) + ".png"))
                        .string() +
                    ":" + std::to_string(placement.px) + "," + std::to_string(placement.py) +
                    ": a second player (the first is at " + std::to_string(first_player->px) + "," +
                    std::to_string(first_player->py) + "); a level has exactly one");
            }
        }
    }
    if (players > 1 + kMaxExtraPlayersNamed) {
        errors.push_back(lvl + ": ... and " + std::to_string(players - 1 - kMaxExtraPlayersNamed) +
                         " more player pixels (" + std::to_string(players) +
                         " in all); a level has exactly one");
    }
    if (players == 0) {
        errors.push_back(
            lvl + ": the level has no player: place one pixel of the player's colour in a sprites layer");
    }

    // Resolve references by id, checking the target's type.
    std::vector<std::vector<std::pair<std::string, std::vector<EntityRef>>>> resolved(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!configured[i]) continue;
        std::string where = lvl + ": spr_prefabs[" + std::to_string(i) + "] (" + entries[i].prefab + "): ";
        for (const PendingReference& pending : references[i]) {
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
                bool accepted = std::visit(
                    [&](auto& e) {
                        using T = std::decay_t<decltype(e)>;
                        if constexpr (requires { T::accepts_reference(pending.field, target_prefab); }) {
                            return T::accepts_reference(pending.field, target_prefab);
                        } else {
                            return true;
                        }
                    },
                    *configured[i]);
                if (!accepted) {
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

    std::vector<Entity> out;
    out.reserve(level.placements.size());
    for (const SpritePlacement& placement : level.placements) {
        if (!configured[placement.entry]) continue;
        Entity entity = *configured[placement.entry];
        std::visit(
            [&](auto& e) {
                e.state.x = placement.x;
                e.state.y = placement.y;
                e.state.prev_x = placement.x;
                e.state.prev_y = placement.y;
                for (const auto& [field, refs] : resolved[placement.entry]) {
                    ReferenceSetter setter{field, refs};
                    e.fields(setter);
                }
            },
            entity);
        out.push_back(std::move(entity));
    }
    return out;
}

}  // namespace qs
