// Player skins: the unlock rule and the names shown.
#include "game/app/skins.hpp"

namespace qs {

const Skin& skin_or_default(std::string_view name, int gems_found) {
    for (const Skin& skin : skins) {
        if (name == skin.name && skin_unlocked(skin, gems_found)) return skin;
    }
    return skins.front();
}

const Skin* skin_unlocked_between(int gems_before, int gems_after) {
    const Skin* opened = nullptr;
    for (const Skin& skin : skins) {
        if (!skin_unlocked(skin, gems_before) && skin_unlocked(skin, gems_after)) opened = &skin;
    }
    return opened;
}

std::string skin_label(const Skin& skin, int gems_found) {
    if (skin_unlocked(skin, gems_found)) return skin.name;
    return std::string(skin.name) + " (locked: " + std::to_string(skin.gems_needed) + " gems)";
}

}  // namespace qs
