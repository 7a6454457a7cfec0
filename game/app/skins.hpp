// Player skins: palette swaps of the fox's fur, unlocked by gems found in finished runs. A skin is look,
// never play: the simulation, saves and replays never see it. Chosen in Options (the `skin` setting).
//
//   const Skin& skin = skin_or_default(settings.skin, progress.gems_found());
//   sheet.set_skin(renderer, skin.fur, skin.fur_shade);
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace qs {

struct Skin {
    const char* name;              ///< shown in Options and kept in settings.json
    int gems_needed;               ///< gems found in all (Progress::gems_found) that unlock it
    std::uint32_t fur, fur_shade;  ///< 0xRRGGBB that replace the sprite sheet's fox orange and its shading
};

/// Every skin, the default first, then by the gems they need: three levels' gems, seven levels' (most of
/// the 24 the first chapter's levels before its B-side hold), more than any one chapter holds, more than any
/// two chapters hold (so all three).
inline constexpr std::array<Skin, 5> skins = {{
    {"Fox", 0, 0xf5902e, 0xb9561f},
    {"Arctic", 9, 0xe4ecf7, 0x8c9ac0},
    {"Moss", 21, 0x7ccf52, 0x3a8a3e},
    {"Midnight", 40, 0x7a66e6, 0x40308f},
    {"Golden", 60, 0xffd23f, 0xc98a16},
}};

/// True when `skin` is open with `gems_found` gems found in all.
constexpr bool skin_unlocked(const Skin& skin, int gems_found) {
    return gems_found >= skin.gems_needed;
}

/// The skin named `name` when it is unlocked, else the default (an unknown or still locked name from a
/// settings file is worn as the default, and kept for when it opens).
const Skin& skin_or_default(std::string_view name, int gems_found);

/// The last skin that `gems_after` gems unlock and `gems_before` did not (a finished run's news), or null.
const Skin* skin_unlocked_between(int gems_before, int gems_after);

/// What Options shows for a skin: "Arctic", or "Arctic (locked: 3 gems)".
std::string skin_label(const Skin& skin, int gems_found);

}  // namespace qs
