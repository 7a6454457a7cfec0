// The prefab registry: builds a default entity of any type from its type name, and builds a level's
// entities from its sprite placements and .lvl configuration (editable fields, references by id).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/level_data.hpp"
#include "game/sim/roster.hpp"

namespace qs {

/// A default-constructed entity of the named type ("walker"), or nullopt for an unknown name.
std::optional<Entity> make_entity(std::string_view type_name);

/// The field list of a type, by name (for docs and error messages).
std::vector<FieldInfo> entity_fields(std::string_view type_name);

/// The most text (sign texts, in bytes) the placed entities of a level may hold together: with the
/// 100 000 placements a level may have, its quicksaves stay well under the 64 MB a save file may have.
inline constexpr std::uint64_t max_level_text_bytes = 8u << 20;

/// Checks every spr_prefabs configuration (field names, value types, references and their types, exactly
/// one player, the texts' total within max_level_text_bytes) and returns the level's entities in placement
/// order, each with its placement's index in state.placement; references point at the keys the entities
/// get when inserted in that order into an empty SlotMap ({i, 1}). Problems go to `errors`.
std::vector<Entity> build_level_entities(const LevelData& level, std::vector<std::string>& errors);

}  // namespace qs
