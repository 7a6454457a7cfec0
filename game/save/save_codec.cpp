// Quicksave encoding: snapshot <-> MessagePack through the entity field lists.
#include "game/save/save_codec.hpp"

#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "engine/save_file.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/field_json.hpp"

namespace qs {

using nlohmann::json;

namespace {

json ref_to_compact(const EntityRef& ref) {
    if (!ref) return nullptr;
    return json::array({ref.index, ref.generation});
}

bool ref_from_compact(const json& value, EntityRef& ref) {
    if (value.is_null()) {
        ref = {};
        return true;
    }
    if (!value.is_array() || value.size() != 2 || !value[0].is_number_unsigned() ||
        !value[1].is_number_unsigned()) {
        return false;
    }
    ref = {value[0].get<std::uint32_t>(), value[1].get<std::uint32_t>()};
    return true;
}

/// Compact form of a field value; whole-number doubles are stored as integers (1 byte for 0).
template <class T>
json value_to_compact(const T& value) {
    if constexpr (std::is_same_v<T, EntityRef>) {
        return ref_to_compact(value);
    } else if constexpr (std::is_same_v<T, EntityRefList>) {
        json list = json::array();
        for (const EntityRef& ref : value.refs) list.push_back(ref_to_compact(ref));
        return list;
    } else if constexpr (std::is_floating_point_v<T>) {
        double d = value;
        if (d == std::trunc(d) && std::abs(d) < 1e15 && !(d == 0 && std::signbit(d))) {
            return static_cast<std::int64_t>(d);
        }
        return d;
    } else {
        return value;
    }
}

template <class T>
bool value_from_compact(const json& value, T& out) {
    if constexpr (std::is_same_v<T, EntityRef>) {
        return ref_from_compact(value, out);
    } else if constexpr (std::is_same_v<T, EntityRefList>) {
        if (!value.is_array()) return false;
        out.refs.clear();
        for (const json& item : value) {
            EntityRef ref;
            if (!ref_from_compact(item, ref)) return false;
            out.refs.push_back(ref);
        }
        return true;
    } else {
        return field_from_json(value, "", out).empty();
    }
}

/// Field names of a value, in declaration order.
template <class Object>
std::vector<std::string> field_names(Object& object) {
    std::vector<std::string> names;
    auto visit = [&names]<class T>(const char* name, T&, FieldFlag = FieldFlag::none) {
        names.emplace_back(name);
    };
    object.fields(visit);
    return names;
}

/// Writes the values of an object's fields in declaration order.
struct CompactWriter {
    json& out;
    template <class T>
    void operator()(const char*, T& value, FieldFlag = FieldFlag::none) {
        out.push_back(value_to_compact(value));
    }
};

/// Reads fields from a value array laid out by a saved name table; unknown names are skipped.
struct CompactReader {
    const std::map<std::string, std::size_t>& position_of;
    const json& values;
    std::string& problem;
    template <class T>
    void operator()(const char* name, T& value, FieldFlag = FieldFlag::none) {
        auto found = position_of.find(name);
        if (found == position_of.end() || found->second >= values.size())
            return;  // missing: keep the default
        if (!value_from_compact(values[found->second], value) && problem.empty()) {
            problem = std::string("field '") + name + "' has a value of the wrong type";
        }
    }
};

/// Reads an entity's fields from a value array through a position table made once per saved type:
/// positions[i] is where this build's i-th field sits in the saved record (npos when the file lacks it).
struct IndexedReader {
    const std::vector<std::size_t>& positions;
    const json& values;
    std::string& problem;
    std::size_t next = 0;
    template <class T>
    void operator()(const char* name, T& value, FieldFlag = FieldFlag::none) {
        std::size_t position = positions[next++];
        if (position >= values.size()) return;  // missing: keep the default
        if (!value_from_compact(values[position], value) && problem.empty()) {
            problem = std::string("field '") + name + "' has a value of the wrong type";
        }
    }
};

/// Brings a body of any readable format to the shape this build decodes, one step per format:
/// format 1 kept the level id and hash in the body; from format 2 they live in the file header (so a
/// reader can check them without decoding), and are put back here. A format 3 adds its step below.
void migrate_save_body(json& body, const SaveBody& file) {
    if (file.format_version >= save_format_with_content_id) {
        body["level"] = file.content_id;
        body["level_hash"] = file.content_hash;
    }
}

}  // namespace

std::vector<std::uint8_t> encode_save_body(const SavedGame& save) {
    json body = json::object();  // the level id and hash go into the file header
    body["sequence"] = save.sequence;
    body["tick"] = save.tick;

    json generations = json::array(), alive = json::array();
    for (const auto& slot : save.snapshot.layout.slots) {
        generations.push_back(slot.generation);
        alive.push_back(slot.alive);
    }
    body["slots"] = {{"generation", generations}, {"alive", alive}, {"free", save.snapshot.layout.free_list}};

    // One name table per entity type present, then one compact record per entity: [type, values...].
    std::vector<std::string> type_names;
    json types = json::array();
    json records = json::array();
    for (const Entity& original : save.snapshot.entities) {
        Entity entity = original;
        std::string type(entity_type_name(entity));
        std::size_t type_id = 0;
        while (type_id < type_names.size() && type_names[type_id] != type) ++type_id;
        if (type_id == type_names.size()) {
            type_names.push_back(type);
            std::visit(
                [&](auto& e) {
                    types.push_back({{"type", type}, {"fields", field_names(e)}});
                },
                entity);
        }
        json record = json::array({type_id});
        CompactWriter writer{record};
        std::visit([&](auto& e) { e.fields(writer); }, entity);
        records.push_back(std::move(record));
    }
    body["types"] = std::move(types);
    body["entities"] = std::move(records);

    json game = json::object();
    GameState state = save.snapshot.game;
    auto game_writer = [&game]<class T>(const char* name, T& value, FieldFlag = FieldFlag::none) {
        game[name] = value_to_compact(value);
    };
    state.fields(game_writer);
    body["game"] = std::move(game);
    return json::to_msgpack(body);
}

std::optional<SavedGame> decode_save_body(const SaveBody& file, std::string& error) {
    json body = json::from_msgpack(file.body, true, false);
    if (body.is_discarded() || !body.is_object()) {
        error = "corrupt: the body is not valid MessagePack";
        return std::nullopt;
    }
    migrate_save_body(body, file);
    auto fail = [&](const std::string& what) {
        error = "corrupt: " + what;
        return std::nullopt;
    };
    SavedGame save;
    try {
        save.level = body.at("level").get<std::string>();
        save.level_hash = body.at("level_hash").get<std::uint64_t>();
        save.sequence = body.at("sequence").get<std::uint64_t>();
        save.tick = body.at("tick").get<std::int64_t>();
        const json& slots = body.at("slots");
        const json& generations = slots.at("generation");
        const json& alive = slots.at("alive");
        if (!generations.is_array() || !alive.is_array() || generations.size() != alive.size()) {
            return fail("slot table lists differ in length");
        }
        for (std::size_t i = 0; i < generations.size(); ++i) {
            save.snapshot.layout.slots.push_back({generations[i].get<std::uint32_t>(), alive[i].get<bool>()});
        }
        save.snapshot.layout.free_list = slots.at("free").get<std::vector<std::uint32_t>>();
        if (auto problem = EntityMap::validate_layout(save.snapshot.layout)) return fail(*problem);

        // One table per saved type: a default entity to start from, and where each of this build's fields
        // sits in the saved records (fields the file lacks keep their defaults; unknown ones are skipped).
        struct TypeTable {
            std::string name;
            std::optional<Entity> prototype;
            std::vector<std::size_t> positions;
        };
        std::vector<TypeTable> tables;
        for (const json& type : body.at("types")) {
            TypeTable table{type.at("type").get<std::string>(), std::nullopt, {}};
            table.prototype = make_entity(table.name);
            if (!table.prototype) return fail("unknown entity type '" + table.name + "'");
            std::map<std::string, std::size_t> saved_position;
            const json& names = type.at("fields");
            for (std::size_t i = 0; i < names.size(); ++i)
                saved_position[names[i].get<std::string>()] = i + 1;
            std::visit(
                [&](auto& e) {
                    for (const std::string& field : field_names(e)) {
                        auto found = saved_position.find(field);
                        table.positions.push_back(found == saved_position.end() ? std::string::npos
                                                                                : found->second);
                    }
                },
                *table.prototype);
            tables.push_back(std::move(table));
        }
        const json& records = body.at("entities");
        save.snapshot.entities.reserve(records.size());
        for (const json& record : records) {
            if (!record.is_array() || record.empty()) return fail("an entity record is not a list");
            std::size_t type_id = record[0].get<std::size_t>();
            if (type_id >= tables.size()) return fail("an entity names type #" + std::to_string(type_id));
            const TypeTable& table = tables[type_id];
            Entity entity = *table.prototype;
            std::string problem;
            IndexedReader reader{table.positions, record, problem};
            std::visit([&](auto& e) { e.fields(reader); }, entity);
            if (!problem.empty()) return fail(table.name + ": " + problem);
            save.snapshot.entities.push_back(std::move(entity));
        }
        std::size_t live = 0;
        for (const auto& slot : save.snapshot.layout.slots) live += slot.alive ? 1 : 0;
        if (live != save.snapshot.entities.size()) {
            return fail(std::to_string(save.snapshot.entities.size()) + " entities for " +
                        std::to_string(live) + " live slots");
        }
        const json& game = body.at("game");
        std::map<std::string, std::size_t> game_positions;
        json game_values = json::array();
        for (const auto& [name, value] : game.items()) {
            game_positions[name] = game_values.size();
            game_values.push_back(value);
        }
        std::string problem;
        CompactReader reader{game_positions, game_values, problem};
        save.snapshot.game.fields(reader);
        if (!problem.empty()) return fail("game: " + problem);
    } catch (const json::exception& e) {
        return fail(std::string("missing or mistyped data (") + e.what() + ")");
    }
    return save;
}

std::vector<std::uint8_t> encode_save_file(const SavedGame& save) {
    return wrap_save_body(encode_save_body(save), save_format_version, save.level, save.level_hash);
}

std::optional<SavedGame> decode_save_file(const std::vector<std::uint8_t>& file, std::string& error) {
    auto body = unwrap_save_file(file, save_format_version, error);
    if (!body) return std::nullopt;
    return decode_save_body(*body, error);
}

}  // namespace qs
