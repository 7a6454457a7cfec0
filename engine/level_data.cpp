// Where messages about a level's placements point (a sprites pixel, or an editor's entity and cell).
#include "engine/level_data.hpp"

namespace qs {

std::string placement_location(const LevelData& level, const SpritePlacement& placement) {
    const auto entry = static_cast<std::size_t>(placement.entry);
    if (placement.entry >= 0 && entry < level.sprite_entries.size() &&
        !level.sprite_entries[entry].where.empty())
        return level.sprite_entries[entry].where;
    return (level.folder / "sprites" / ("layer" + std::to_string(placement.layer) + ".png")).string() + ":" +
           std::to_string(placement.px) + "," + std::to_string(placement.py);
}

}  // namespace qs
