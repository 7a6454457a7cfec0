// The names of the sprite atlas's animations (assets/sprites/sheet.json) as an enum, so a misspelt sprite
// does not compile and a sprite missing from the atlas fails a test (tests/unit/game_roster_test.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace qs {

enum class Sprite : std::uint8_t {
    background,
    tile_ground,
    tile_ground_top,
    tile_oneway,
    tile_spikes,
    tile_ice,
    player_idle,
    player_run,
    player_jump,
    player_fall,
    player_hurt,
    walker_walk,
    walker_dead,
    coin,
    coin_small,
    heart,
    door_closed,
    door_open,
    switch_off,
    switch_on,
    platform,
    turret,
    projectile,
    checkpoint_off,
    checkpoint_on,
    goal,
    sign,
    spring,
    spring_squashed,
    crumble,
    crumble_cracked,
    crumble_bits,
    gem,
    gem_small,
    gem_empty,
    conveyor,
    conveyor_end,
    saw,
    count
};

/// Animation names in sheet.json, in enum order.
inline constexpr std::array<std::string_view, static_cast<std::size_t>(Sprite::count)> sprite_names = {
    "background",
    "tile_ground",
    "tile_ground_top",
    "tile_oneway",
    "tile_spikes",
    "tile_ice",
    "player_idle",
    "player_run",
    "player_jump",
    "player_fall",
    "player_hurt",
    "walker_walk",
    "walker_dead",
    "coin",
    "coin_small",
    "heart",
    "door_closed",
    "door_open",
    "switch_off",
    "switch_on",
    "platform",
    "turret",
    "projectile",
    "checkpoint_off",
    "checkpoint_on",
    "goal",
    "sign",
    "spring",
    "spring_squashed",
    "crumble",
    "crumble_cracked",
    "crumble_bits",
    "gem",
    "gem_small",
    "gem_empty",
    "conveyor",
    "conveyor_end",
    "saw"};

/// The animation name of a sprite in sheet.json.
constexpr std::string_view sprite_name(Sprite sprite) {
    return sprite_names[static_cast<std::size_t>(sprite)];
}

}  // namespace qs
