// Quicksave encoding: snapshot <-> MessagePack through the entity field lists.
#include "game/save/save_codec.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/msgpack_check.hpp"
#include "engine/save_file.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/field_json.hpp"

namespace qs {

using nlohmann::json;

namespace {

/// The save file's compact form of field values: references as [index, generation] or null, whole-number
/// doubles as integers (1 byte for 0).
struct CompactValueForm {
    static json reference(const EntityRef& ref) {
        if (!ref) return nullptr;
        return json::array({ref.index, ref.generation});
    }
    static json number(double d) {
        if (d == std::trunc(d) && std::abs(d) < 1e15 && !(d == 0 && std::signbit(d))) {
            return static_cast<std::int64_t>(d);
        }
        return d;
    }
};

bool ref_from_compact(const json& value, EntityRef& ref) {
    if (value.is_null()) {
        ref = {};
        return true;
    }
    if (!value.is_array() || value.size() != 2 || !value[0].is_number_unsigned() ||
        !value[1].is_number_unsigned() || value[0].get<std::uint64_t>() > 0xFFFFFFFFu ||
        value[1].get<std::uint64_t>() > 0xFFFFFFFFu) {
        return false;
    }
    ref = {value[0].get<std::uint32_t>(), value[1].get<std::uint32_t>()};
    return true;
}

/// Whether `text` is well-formed UTF-8 (save files are binary; a dump of a bad string would throw).
bool valid_utf8(const std::string& text) {
    std::size_t i = 0;
    while (i < text.size()) {
        auto byte = static_cast<unsigned char>(text[i]);
        std::size_t extra = byte < 0x80           ? 0
                            : (byte >> 5) == 0x6  ? 1
                            : (byte >> 4) == 0xe  ? 2
                            : (byte >> 3) == 0x1e ? 3
                                                  : 9;
        if (extra == 9 || text.size() - i - 1 < extra) return false;
        std::uint32_t code = extra == 0 ? byte : byte & (0x3f >> extra);
        for (std::size_t k = 1; k <= extra; ++k) {
            auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xc0) != 0x80) return false;
            code = (code << 6) | (next & 0x3f);
        }
        static constexpr std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
        if (code < smallest[extra] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
        i += extra + 1;
    }
    return true;
}

/// Compact form of a field value.
template <class T>
json value_to_compact(const T& value) {
    return encode_field_value<CompactValueForm>(value);
}

/// Reads one field value from its compact form, range checks included: "" or the problem, e.g.
/// "x is 1e+300, outside -1000000 to 1000000 tiles".
template <class Q>
std::string value_from_compact(const json& value, const char* name, Q& out, const FieldSpec& spec) {
    using T = std::remove_cv_t<Q>;
    if constexpr (std::is_same_v<T, EntityRef>) {
        return ref_from_compact(value, out) ? "" : std::string(name) + " is not a reference";
    } else if constexpr (std::is_same_v<T, EntityRefList>) {
        std::string wrong = std::string(name) + " is not a list of references";
        if (!value.is_array()) return wrong;
        out.refs.clear();
        for (const json& item : value) {
            EntityRef ref;
            if (!ref_from_compact(item, ref)) return wrong;
            out.refs.push_back(ref);
        }
        return "";
    } else {
        std::string problem = field_from_json(value, name, out, spec);
        if (problem.empty() && std::is_same_v<T, std::string> &&
            !valid_utf8(value.get_ref<const std::string&>()))
            problem = std::string(name) + " is not valid UTF-8 text";
        return problem;
    }
}

/// Field names of a value, in declaration order.
template <class Object>
std::vector<std::string> field_names(const Object& object) {
    std::vector<std::string> names;
    auto visit = [&names]<class T>(const char* name, const T&, FieldFlag = FieldFlag::none) {
        names.emplace_back(name);
    };
    object.fields(visit);
    return names;
}

/// Writes the values of an object's fields in declaration order.
struct CompactWriter {
    json& out;
    template <class T>
    void operator()(const char*, const T& value, FieldFlag = FieldFlag::none) {
        out.push_back(value_to_compact(value));
    }
};

/// Reads fields from a value array laid out by a saved name table; unknown names are skipped.
struct CompactReader {
    const std::map<std::string, std::size_t>& position_of;
    const json& values;
    std::string& problem;
    template <class T>
    void operator()(const char* name, T& value, FieldSpec spec = {}) {
        auto found = position_of.find(name);
        if (found == position_of.end() || found->second >= values.size())
            return;  // missing: keep the default
        if (!problem.empty()) return;
        problem = value_from_compact(values[found->second], name, value, spec);
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
    void operator()(const char* name, T& value, FieldSpec spec = {}) {
        std::size_t position = positions[next++];
        if (position >= values.size() || !problem.empty()) return;  // missing: keep the default
        problem = value_from_compact(values[position], name, value, spec);
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
    for (const Entity& entity : save.snapshot.entities) {
        std::string type(entity_type_name(entity));
        std::size_t type_id = 0;
        while (type_id < type_names.size() && type_names[type_id] != type) ++type_id;
        if (type_id == type_names.size()) {
            type_names.push_back(type);
            std::visit(
                [&](const auto& e) {
                    types.push_back({{"type", type}, {"fields", field_names(e)}});
                },
                entity);
        }
        json record = json::array({type_id});
        CompactWriter writer{record};
        std::visit([&](const auto& e) { e.fields(writer); }, entity);
        records.push_back(std::move(record));
    }
    body["types"] = std::move(types);
    body["entities"] = std::move(records);

    json game = json::object();
    auto game_writer = [&game]<class T>(const char* name, const T& value, FieldFlag = FieldFlag::none) {
        game[name] = value_to_compact(value);
    };
    save.snapshot.game.fields(game_writer);
    body["game"] = std::move(game);
    return json::to_msgpack(body);
}

std::optional<SavedGame> decode_save_body(const SaveBody& file, std::string& error) {
    auto fail = [&](const std::string& what) {
        error = "corrupt: " + what;
        return std::nullopt;
    };
    // Bounds first (depth, lengths, value count), so the recursive MessagePack reader below stays shallow
    // and its tree small whatever the bytes say.
    if (std::string problem = check_msgpack(file.body.data(), file.body.size(), save_body_limits);
        !problem.empty()) {
        return fail("the body is not usable MessagePack: " + problem);
    }
    json body = json::from_msgpack(file.body, true, false);
    if (body.is_discarded() || !body.is_object()) return fail("the body is not valid MessagePack");
    migrate_save_body(body, file);
    SavedGame save;
    try {
        // Whole numbers only where the format has them: a float or a negative number there is refused
        // before any conversion.
        auto whole = [&](const json& value, std::uint64_t max, const std::string& what) -> std::uint64_t {
            if (!value.is_number_unsigned() || value.get<std::uint64_t>() > max) {
                throw std::invalid_argument(what + " must be a whole number from 0 to " +
                                            std::to_string(max) + ", got " +
                                            value.dump(-1, ' ', false, json::error_handler_t::replace));
            }
            return value.get<std::uint64_t>();
        };
        if (!body.at("level").is_string()) throw std::invalid_argument("the level id is not text");
        save.level = body.at("level").get<std::string>();
        save.level_hash = whole(body.at("level_hash"), UINT64_MAX, "level_hash");
        save.sequence = whole(body.at("sequence"), max_save_sequence, "sequence");
        save.tick = static_cast<std::int64_t>(whole(body.at("tick"), max_save_tick, "tick"));
        const json& slots = body.at("slots");
        const json& generations = slots.at("generation");
        const json& alive = slots.at("alive");
        const json& free = slots.at("free");
        if (!generations.is_array() || !alive.is_array() || !free.is_array() ||
            generations.size() != alive.size()) {
            return fail("slot table lists differ in length");
        }
        save.snapshot.layout.slots.reserve(generations.size());
        for (std::size_t i = 0; i < generations.size(); ++i) {
            auto generation =
                static_cast<std::uint32_t>(whole(generations[i], UINT32_MAX, "a slot generation"));
            save.snapshot.layout.slots.push_back({generation, alive[i].get<bool>()});
        }
        for (const json& index : free)
            save.snapshot.layout.free_list.push_back(
                static_cast<std::uint32_t>(whole(index, UINT32_MAX, "a free slot")));
        if (auto problem = EntityMap::validate_layout(save.snapshot.layout)) return fail(*problem);
        // Entities come in index order: the k-th record is the k-th live slot (named in messages).
        std::vector<std::uint32_t> live_slots;
        for (std::size_t i = 0; i < save.snapshot.layout.slots.size(); ++i) {
            if (save.snapshot.layout.slots[i].alive) live_slots.push_back(static_cast<std::uint32_t>(i));
        }

        // One table per saved type: a default entity to start from, and where each of this build's fields
        // sits in the saved records (fields the file lacks keep their defaults; unknown ones are skipped).
        struct TypeTable {
            std::string name;
            std::optional<Entity> prototype;
            std::vector<std::size_t> positions;
        };
        std::vector<TypeTable> tables;
        const json& types = body.at("types");
        if (!types.is_array()) return fail("the type table is not a list");
        for (const json& type : types) {
            if (!type.at("type").is_string()) return fail("a type name is not text");
            TypeTable table{type.at("type").get<std::string>(), std::nullopt, {}};
            table.prototype = make_entity(table.name);
            if (!table.prototype) return fail("unknown entity type '" + table.name + "'");
            std::map<std::string, std::size_t> saved_position;
            const json& names = type.at("fields");
            if (!names.is_array()) return fail(table.name + ": the field names are not a list");
            for (std::size_t i = 0; i < names.size(); ++i)
                saved_position[names[i].get<std::string>()] = i + 1;
            std::visit(
                [&](const auto& e) {
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
        if (!records.is_array()) return fail("the entity list is not a list");
        if (records.size() != live_slots.size()) {
            return fail(std::to_string(records.size()) + " entities for " +
                        std::to_string(live_slots.size()) + " live slots");
        }
        save.snapshot.entities.reserve(records.size());
        for (std::size_t k = 0; k < records.size(); ++k) {
            const json& record = records[k];
            std::string where = "entity #" + std::to_string(live_slots[k]);
            if (!record.is_array() || record.empty()) return fail(where + ": the record is not a list");
            auto type_id = static_cast<std::size_t>(whole(record[0], tables.size(), where + " type"));
            if (type_id >= tables.size()) return fail(where + " names type #" + std::to_string(type_id));
            const TypeTable& table = tables[type_id];
            Entity entity = *table.prototype;
            std::string problem;
            IndexedReader reader{table.positions, record, problem};
            std::visit([&](auto& e) { e.fields(reader); }, entity);
            if (!problem.empty()) return fail(where + " (" + table.name + "): " + problem);
            save.snapshot.entities.push_back(std::move(entity));
        }
        const json& game = body.at("game");
        if (!game.is_object()) return fail("the game state is not a map");
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
    } catch (const std::invalid_argument& e) {
        return fail(e.what());
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
