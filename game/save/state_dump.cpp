// State dump: the world through the field lists, in the fixed --dump-state layout.
#include "game/save/state_dump.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "game/save/rewind_buffer.hpp"
#include "game/sim/field_json.hpp"

namespace qs {

nlohmann::json dump_entity(EntityRef ref, const Entity& entity) {
    nlohmann::json out = nlohmann::json::object();
    out["index"] = ref.index;
    out["generation"] = ref.generation;
    out["type"] = std::string(entity_type_name(entity));
    JsonFieldWriter writer{out};
    std::visit([&](const auto& e) { e.fields(writer); }, entity);
    return out;
}

nlohmann::json dump_state(const World& world, std::int64_t tick, const RewindBuffer* rewind) {
    nlohmann::json out = nlohmann::json::object();
    out["tick"] = tick;
    out["level"] = world.level().folder_name;

    EntityMap::Layout layout = world.entities.export_layout();
    nlohmann::json slots = nlohmann::json::array();
    for (const auto& slot : layout.slots)
        slots.push_back({{"generation", slot.generation}, {"alive", slot.alive}});
    out["slotmap"] = {{"slots", slots}, {"free", layout.free_list}};

    const auto& type_names = level_schema().tile_types;
    nlohmann::json geometry = nlohmann::json::array();
    for (const TileRect& rect : world.level().rects) {
        geometry.push_back({{"x", rect.x},
                            {"y", rect.y},
                            {"w", rect.w},
                            {"h", rect.h},
                            {"type", rect.type < type_names.size() ? type_names[rect.type] : "unknown"}});
    }
    out["geometry"] = geometry;

    std::vector<std::pair<EntityRef, const Entity*>> by_index;
    for (std::size_t i = 0; i < world.entities.size(); ++i) {
        by_index.emplace_back(to_ref(world.entities.key_at_dense(i)), &world.entities.value_at_dense(i));
    }
    std::sort(by_index.begin(), by_index.end(),
              [](const auto& a, const auto& b) { return a.first.index < b.first.index; });
    nlohmann::json entities = nlohmann::json::array();
    for (const auto& [ref, entity] : by_index) entities.push_back(dump_entity(ref, *entity));
    out["entities"] = entities;

    nlohmann::json game = nlohmann::json::object();
    JsonFieldWriter writer{game};
    world.game.fields(writer);
    out["game"] = game;
    out["rewind"] = {{"ticks", rewind ? rewind->ticks() : 0},
                     {"bytes", rewind ? static_cast<std::uint64_t>(rewind->bytes()) : 0}};
    return out;
}

bool write_state_dump(const nlohmann::json& dump, const std::string& target) {
    const std::string text = dump.dump(2) + "\n";
    if (target == "-") return std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
    std::ofstream out(target, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

}  // namespace qs
