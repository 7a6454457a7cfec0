// The placement table of a level: identities of its sprite placements and their entries' settings.
#include "game/save/level_placements.hpp"

#include "engine/fnv1a.hpp"
#include "game/levels/prefabs.hpp"

namespace qs {

std::uint64_t entry_settings_hash(const SpriteEntry& entry) {
    const std::string text = entry.prefab + '\0' + entry.config.dump();  // nlohmann sorts object keys
    return fnv1a64(text.data(), text.size());
}

std::shared_ptr<const LevelPlacements> level_placements(const LevelData& level) {
    auto table = std::make_shared<LevelPlacements>();
    table->entries.reserve(level.sprite_entries.size());
    for (const SpriteEntry& entry : level.sprite_entries)
        table->entries.push_back({entry.prefab, entry.id, entry_settings_hash(entry)});
    table->placements.reserve(level.placements.size());
    for (const SpritePlacement& placement : level.placements) {
        table->placements.push_back(
            {static_cast<std::uint32_t>(placement.entry), placement.layer, placement.px, placement.py});
    }
    return table;
}

std::string check_level_placements(const LevelPlacements& table) {
    if (table.entries.size() > max_placement_entries) return "too many placement entries";
    for (const LevelPlacements::Entry& entry : table.entries) {
        const std::optional<Entity> entity = make_entity(entry.prefab);
        const bool placeable =
            entity && std::visit([](const auto& e) { return std::decay_t<decltype(e)>::placeable; }, *entity);
        if (!placeable) return "placement entry names '" + entry.prefab + "', not a placeable prefab";
    }
    for (const LevelPlacements::Placement& placement : table.placements) {
        if (placement.entry >= table.entries.size()) return "a placement names a missing entry";
        if (placement.layer < 0 || placement.layer > max_placement_layer || placement.px < 0 ||
            placement.px > max_placement_pixel || placement.py < 0 || placement.py > max_placement_pixel) {
            return "a placement is outside the layers' range";
        }
    }
    return "";
}

}  // namespace qs
