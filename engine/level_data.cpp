// Where messages about a level's placements point (a sprites pixel, or an editor's entity and cell).
#include "engine/level_data.hpp"

namespace qs {

std::string placement_location(const std::filesystem::path& folder, const SpritePlacement& placement) {
    if (!placement.where.empty()) return placement.where;
    return (folder / "sprites" / ("layer" + std::to_string(placement.layer) + ".png")).string() + ":" +
           std::to_string(placement.px) + "," + std::to_string(placement.py);
}

}  // namespace qs
