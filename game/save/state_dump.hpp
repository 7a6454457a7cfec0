// The --dump-state JSON, a fixed format outside tools compare: tick, level, slotmap (slots by index, free
// list), geometry rectangles, entities by index with every saved field, game. A pure function of the world
// (no time stamps, no addresses), numbers rounded to 6 decimals, keys in a stable (sorted) order.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "game/sim/world.hpp"

namespace qs {

class RewindBuffer;

/// The whole world as the contract's JSON: tick, level, slotmap, geometry, entities by index, game, and
/// what the rewind recording holds ({"ticks": ticks that can be gone back, "bytes": its memory}; zeros
/// without one).
nlohmann::json dump_state(const World& world, std::int64_t tick, const RewindBuffer* rewind = nullptr);

/// Writes `dump` as --dump-state does (indented by 2, a final newline) to `target`, a file or "-" for
/// stdout; false when it could not be written.
bool write_state_dump(const nlohmann::json& dump, const std::string& target);

/// One entity's dump object (index, generation, type and every saved field by name).
nlohmann::json dump_entity(EntityRef ref, const Entity& entity);

}  // namespace qs
