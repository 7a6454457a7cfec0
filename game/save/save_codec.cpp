// Quicksave encoding: snapshot <-> MessagePack through the entity field lists.
#include "game/save/save_codec.hpp"

#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/msgpack_check.hpp"
#include "engine/msgpack_reader.hpp"
#include "engine/page_populate.hpp"
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

/// Calls `f(item)` for the items of an array (a json or a MsgpackValue) until it returns false.
template <class F>
bool all_items(const json& list, F&& f) {
    for (const json& item : list)
        if (!f(item)) return false;
    return true;
}
template <class F>
bool all_items(const MsgpackValue& list, F&& f) {
    MsgpackValue item = list.first_item();
    for (std::size_t i = 0; i < list.size(); ++i, item = item.following())
        if (!f(item)) return false;
    return true;
}

/// A reference from its compact form; `Value` is json or MsgpackValue (read the same way).
template <class Value>
bool ref_from_compact(const Value& value, EntityRef& ref) {
    if (value.is_null()) {
        ref = {};
        return true;
    }
    if (!value.is_array() || value.size() != 2) return false;
    const Value first = value[0], second = value[1];
    if (!first.is_number_unsigned() || !second.is_number_unsigned() ||
        first.template get<std::uint64_t>() > 0xFFFFFFFFu ||
        second.template get<std::uint64_t>() > 0xFFFFFFFFu) {
        return false;
    }
    ref = {first.template get<std::uint32_t>(), second.template get<std::uint32_t>()};
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

/// The placement table's compact form: [[[prefab, id, settings], ...], [entry, layer, px, py, ...]].
json placements_to_compact(const LevelPlacements& table) {
    json entries = json::array();
    for (const LevelPlacements::Entry& entry : table.entries)
        entries.push_back(json::array({entry.prefab, entry.id, entry.settings}));
    json at = json::array();
    at.get_ref<json::array_t&>().reserve(4 * table.placements.size());
    for (const LevelPlacements::Placement& p : table.placements) {
        at.push_back(p.entry);
        at.push_back(p.layer);
        at.push_back(p.px);
        at.push_back(p.py);
    }
    return json::array({std::move(entries), std::move(at)});
}

/// Reads a placement table from its compact form (a json or a MsgpackValue); "" when it was read and is
/// consistent (check_level_placements), else what is wrong.
template <class Value>
std::string placements_from_compact(const Value& value, LevelPlacements& table) {
    if (!value.is_array() || value.size() != 2) return "the placement table is not a list of two lists";
    const Value entries = value[0], at = value[1];
    if (!entries.is_array() || !at.is_array() || at.size() % 4 != 0)
        return "the placement table's lists are not lists of entries and of four numbers per placement";
    const bool entries_read = all_items(entries, [&](const auto& item) {
        if (!item.is_array() || item.size() != 3) return false;
        const Value prefab = item[0], id = item[1], settings = item[2];
        if (!prefab.is_string() || !id.is_string() || !settings.is_number_unsigned()) return false;
        LevelPlacements::Entry& entry = table.entries.emplace_back();
        entry.prefab = std::string(prefab.template get_ref<const std::string&>());
        entry.id = std::string(id.template get_ref<const std::string&>());
        entry.settings = settings.template get<std::uint64_t>();
        return valid_utf8(entry.prefab) && valid_utf8(entry.id);
    });
    if (!entries_read) return "a placement entry is not [prefab, id, settings]";
    std::int64_t numbers[4] = {};
    std::size_t next = 0;
    table.placements.reserve(at.size() / 4);
    const bool placements_read = all_items(at, [&](const auto& item) {
        if (!item.is_number_unsigned() || item.template get<std::uint64_t>() > max_placement_pixel)
            return false;
        numbers[next++] = item.template get<std::int64_t>();
        if (next < 4) return true;
        next = 0;
        table.placements.push_back(
            {static_cast<std::uint32_t>(numbers[0]), static_cast<std::int32_t>(numbers[1]),
             static_cast<std::int32_t>(numbers[2]), static_cast<std::int32_t>(numbers[3])});
        return true;
    });
    if (!placements_read) return "a placement is not four whole numbers";
    return check_level_placements(table);
}

/// Compact form of a field value.
template <class T>
json value_to_compact(const T& value) {
    return encode_field_value<CompactValueForm>(value);
}

/// Reads one field value from its compact form (a json or a MsgpackValue), range checks included; false
/// when the value does not fit the field (value_from_compact says why).
template <class Value, class Q>
[[gnu::always_inline]] inline bool read_compact(const Value& value, Q& out, const FieldSpec& spec) {
    using T = std::remove_cv_t<Q>;
    if constexpr (std::is_same_v<T, EntityRef>) {
        return ref_from_compact(value, out);
    } else if constexpr (std::is_same_v<T, EntityRefList>) {
        out.refs.clear();
        return value.is_array() && all_items(value, [&](const auto& item) {
                   EntityRef ref;
                   if (!ref_from_compact(item, ref)) return false;
                   out.refs.push_back(ref);
                   return true;
               });
    } else if constexpr (std::is_same_v<T, std::string>) {
        return read_field(value, out, spec) == FieldReadError::none && valid_utf8(out);
    } else {
        return read_field(value, out, spec) == FieldReadError::none;
    }
}

/// read_compact with the problem as a sentence, e.g. "x is 1e+300, outside -1000000 to 1000000 tiles";
/// "" when the value was read.
template <class Value, class Q>
std::string value_from_compact(const Value& value, const char* name, Q& out, const FieldSpec& spec) {
    using T = std::remove_cv_t<Q>;
    if (read_compact(value, out, spec)) return {};
    if constexpr (std::is_same_v<T, EntityRef>) {
        return std::string(name) + " is not a reference";
    } else if constexpr (std::is_same_v<T, EntityRefList>) {
        return std::string(name) + " is not a list of references";
    } else {
        std::string problem = field_from_json(value, name, out, spec);
        return problem.empty() ? std::string(name) + " is not valid UTF-8 text" : problem;
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

/// Reads fields from a value array laid out by a saved name table; unknown names are skipped. `Values` is
/// a json array or a std::vector<MsgpackValue>.
template <class Values>
struct CompactReader {
    const std::map<std::string, std::size_t>& position_of;
    const Values& values;
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
template <class Values>
struct IndexedReader {
    const std::vector<std::size_t>& positions;
    const Values& values;
    std::string& problem;
    std::size_t next = 0;
    template <class T>
    void operator()(const char* name, T& value, FieldSpec spec = {}) {
        std::size_t position = positions[next++];
        if (position >= values.size() || !problem.empty()) return;  // missing: keep the default
        if (std::string found = value_from_compact(values[position], name, value, spec); !found.empty())
            problem = std::move(found);
    }
};

/// One table per saved type: a default entity to start from, and where each of this build's fields sits in
/// the saved records (fields the file lacks keep their defaults; unknown ones are skipped).
struct TypeTable {
    std::string name;
    std::optional<Entity> prototype;
    std::vector<std::size_t> positions;

    /// Fills `positions` from the saved field names (a name saved twice: the later one counts).
    void place_fields(const std::vector<std::string>& saved_fields) {
        std::map<std::string, std::size_t> saved_position;
        for (std::size_t i = 0; i < saved_fields.size(); ++i) saved_position[saved_fields[i]] = i + 1;
        std::visit(
            [&](const auto& e) {
                for (const std::string& field : field_names(e)) {
                    auto found = saved_position.find(field);
                    positions.push_back(found == saved_position.end() ? std::string::npos : found->second);
                }
            },
            *prototype);
    }
};

/// The fast reader's visitor: reads an entity's fields from its record's items through a type table's
/// positions (as IndexedReader does), stopping at the first value that does not fit.
template <class Items>
struct RecordReader {
    const std::vector<std::size_t>& positions;
    const Items& values;  ///< the record's items
    bool ok = true;
    std::size_t next = 0;
    // Inlined into each type's field list, so every field's spec is a constant there.
    template <class T>
    [[gnu::always_inline]] void operator()(const char*, T& value, const FieldSpec& spec = {}) {
        std::size_t position = positions[next++];
        if (position < values.size() && ok) ok = read_compact(values[position], value, spec);
    }
};

/// Brings a body of any readable format to the shape this build decodes, one step per format:
/// format 1 kept the level id and hash in the body; from format 2 they live in the file header (so a
/// reader can check them without decoding), and are put back here. Format 3 changed the container's
/// checksum only (the body is format 2's). A format 4 body adds its step below.
void migrate_save_body(json& body, const SaveBody& file) {
    if (file.format_version >= save_format_with_content_id) {
        body["level"] = file.content_id;
        body["level_hash"] = file.content_hash;
    }
}

/// The "play" part: [geometry, entities, rules, tuning, simulation version], each a whole number; nullopt
/// when it is not that or does not give the id in the header. All zero: a save of an older format carried
/// on (in a replay) as it was, whose header hash is still its level's files hash (SavedGame::legacy).
template <class Value>
std::optional<PlayIdentity> play_from(const Value& value, std::uint64_t header_id) {
    if (!value.is_array() || value.size() != 5) return std::nullopt;
    std::uint64_t parts[5];
    for (std::size_t i = 0; i < 5; ++i) {
        if (!value[i].is_number_unsigned()) return std::nullopt;
        parts[i] = value[i].template get<std::uint64_t>();
    }
    if (parts[0] == 0 && parts[1] == 0 && parts[2] == 0 && parts[3] == 0 && parts[4] == 0)
        return PlayIdentity{};
    if (parts[4] == 0 || parts[4] > UINT32_MAX) return std::nullopt;
    PlayIdentity play{parts[0], parts[1], parts[2], parts[3], static_cast<std::uint32_t>(parts[4])};
    if (play.id() != header_id) return std::nullopt;
    return play;
}

}  // namespace

std::vector<std::uint8_t> encode_save_body(const SavedGame& save) {
    json body = json::object();  // the level id and the play identity's id go into the file header
    const PlayIdentity& play = save.play;
    body["play"] = {play.geometry, play.entities, play.rules, play.tuning, play.sim_version};
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
    if (save.placements) body["placements"] = placements_to_compact(*save.placements);
    // The parts in the order the direct reader wants them (any order reads): the slot table and the type
    // list before the entity list, so each record is read through its type's fields as it comes.
    std::vector<std::uint8_t> out;
    out.reserve(32 * save.snapshot.entities.size() + 256);
    out.push_back(static_cast<std::uint8_t>(0x80 | body.size()));  // a fixmap: 7 or 8 entries
    for (const char* part :
         {"play", "sequence", "tick", "slots", "types", "entities", "game", "placements"}) {
        if (!body.contains(part)) continue;
        json::to_msgpack(json(part), out);
        json::to_msgpack(body[part], out);
    }
    return out;
}

std::optional<SavedGame> decode_save_body_reference(const SaveBody& file, std::string& error) {
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
        const std::uint64_t level_hash = whole(body.at("level_hash"), UINT64_MAX, "level_hash");
        if (file.format_version >= save_format_with_play_identity) {
            const auto play = body.find("play");
            std::optional<PlayIdentity> identity =
                play == body.end() ? std::nullopt : play_from(*play, level_hash);
            if (!identity) return fail("the play identity is missing or does not match the header");
            save.play = *identity;
            if (save.legacy()) save.legacy_files_hash = level_hash;
        } else {
            save.legacy_files_hash = level_hash;
        }
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

        std::vector<TypeTable> tables;
        const json& types = body.at("types");
        if (!types.is_array()) return fail("the type table is not a list");
        for (const json& type : types) {
            if (!type.at("type").is_string()) return fail("a type name is not text");
            TypeTable table{type.at("type").get<std::string>(), std::nullopt, {}};
            table.prototype = make_entity(table.name);
            if (!table.prototype) return fail("unknown entity type '" + table.name + "'");
            const json& names = type.at("fields");
            if (!names.is_array()) return fail(table.name + ": the field names are not a list");
            std::vector<std::string> saved_fields;
            for (std::size_t i = 0; i < names.size(); ++i)
                saved_fields.push_back(names[i].get<std::string>());
            table.place_fields(saved_fields);
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
            IndexedReader<json> reader{table.positions, record, problem};
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
        CompactReader<json> reader{game_positions, game_values, problem};
        save.snapshot.game.fields(reader);
        if (!problem.empty()) return fail("game: " + problem);
        if (body.contains("placements")) {
            auto table = std::make_shared<LevelPlacements>();
            if (std::string wrong = placements_from_compact(body.at("placements"), *table); !wrong.empty())
                return fail(wrong);
            save.placements = std::move(table);
        }
    } catch (const json::exception& e) {
        return fail(std::string("missing or mistyped data (") + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        return fail(e.what());
    }
    return save;
}

namespace {

/// The direct reader's entity list: `live` records, each read through its type's field positions as soon as
/// its items are read. `depth`: non-empty lists and maps open around the list.
bool read_entity_list(MsgpackReader& reader, int depth, const std::vector<TypeTable>& tables,
                      std::size_t live, std::vector<Entity>& entities) {
    std::size_t count = 0;
    if (!reader.open_array(count, depth) || count != live) return false;
    entities.reserve(live);
    populate_pages(entities.data(), live * sizeof(Entity));  // one call, not a fault per fresh page
    std::vector<MsgpackValue> items;  // the record being read, reused
    for (std::size_t k = 0; k < count; ++k) {
        std::size_t size = 0;
        if (!reader.open_array(size, depth + 1) || size == 0) return false;
        items.resize(size);
        for (MsgpackValue& item : items)
            if (!reader.read(item, depth + 2)) return false;
        const MsgpackValue& type = items[0];
        if (!type.is_number_unsigned() || type.get<std::uint64_t>() >= tables.size()) return false;
        const TypeTable& table = tables[type.get<std::size_t>()];
        Entity& entity = entities.emplace_back(*table.prototype);
        RecordReader<std::vector<MsgpackValue>> fields{table.positions, items};
        std::visit([&](auto& e) { e.fields(fields); }, entity);
        if (!fields.ok) return false;
    }
    return true;
}

/// The direct reader's slot table {generation: [...], alive: [...], free: [...]} (other keys skipped).
bool read_slot_table(MsgpackReader& reader, std::vector<std::uint32_t>& generations, std::vector<bool>& alive,
                     std::vector<std::uint32_t>& free_list) {
    std::size_t entries = 0;
    if (!reader.open_map(entries, 1)) return false;
    unsigned seen = 0;
    std::string_view key;
    MsgpackValue value;
    for (std::size_t i = 0; i < entries; ++i) {
        if (!reader.read_key(key)) return false;
        const unsigned part = key == "generation" ? 1 : key == "alive" ? 2 : key == "free" ? 4 : 0;
        if (part == 0) {
            if (!reader.read(value, 2)) return false;
            continue;
        }
        if (seen & part) return false;  // given twice: the reference takes the later one
        seen |= part;
        std::size_t items = 0;
        if (!reader.open_array(items, 2)) return false;
        for (std::size_t k = 0; k < items; ++k) {
            if (!reader.read(value, 3)) return false;
            if (part == 2) {
                if (!value.is_boolean()) return false;
                alive.push_back(value.get<bool>());
            } else {
                if (!value.is_number_unsigned() || value.get<std::uint64_t>() > UINT32_MAX) return false;
                (part == 1 ? generations : free_list).push_back(value.get<std::uint32_t>());
            }
        }
    }
    return seen == 7;
}

/// The direct reader's type list: [{type: name, fields: [names...]}, ...] (other keys skipped).
bool read_type_list(MsgpackReader& reader, std::vector<TypeTable>& tables) {
    std::size_t count = 0;
    if (!reader.open_array(count, 1)) return false;
    std::string_view key;
    MsgpackValue value;
    for (std::size_t t = 0; t < count; ++t) {
        std::size_t entries = 0;
        if (!reader.open_map(entries, 2)) return false;
        unsigned seen = 0;
        std::string name;
        std::vector<std::string> fields;
        for (std::size_t i = 0; i < entries; ++i) {
            if (!reader.read_key(key)) return false;
            const unsigned part = key == "type" ? 1 : key == "fields" ? 2 : 0;
            if (seen & part) return false;
            seen |= part;
            if (part == 1) {
                if (!reader.read(value, 3) || !value.is_string()) return false;
                name = value.get_ref<const std::string&>();
            } else if (part == 2) {
                std::size_t names = 0;
                if (!reader.open_array(names, 3)) return false;
                for (std::size_t k = 0; k < names; ++k) {
                    if (!reader.read(value, 4) || !value.is_string()) return false;
                    fields.emplace_back(value.get_ref<const std::string&>());
                }
            } else if (!reader.read(value, 3)) {
                return false;
            }
        }
        if (seen != 3) return false;
        TypeTable& table = tables.emplace_back(TypeTable{std::move(name), std::nullopt, {}});
        table.prototype = make_entity(table.name);
        if (!table.prototype) return false;
        table.place_fields(fields);
    }
    return true;
}

/// read_save_body_direct on a body anywhere in memory: `file` gives the header's fields (its `body` is not
/// read), [bytes, bytes + size) the body.
std::optional<SavedGame> read_body_direct(const SaveBody& file, const std::uint8_t* const bytes,
                                          const std::size_t size) {
    // Both readers check every value the same way (the same templates read a field from a json or a
    // MsgpackValue); tests compare them on valid, damaged and hostile bodies. MsgpackReader refuses what
    // check_msgpack or nlohmann's reader would (depth, value count, long strings, malformed bytes, keys that
    // are not text), so there is no separate bounds pass.
    if (file.format_version < save_format_with_content_id) return std::nullopt;
    MsgpackReader reader(bytes, size, save_body_limits);
    SavedGame save;
    save.level = file.content_id;  // the header's (format 2 on); a "level" key in the body is skipped
    if (file.format_version < save_format_with_play_identity) save.legacy_files_hash = file.content_hash;
    std::vector<std::uint32_t> generations, free_list;
    std::vector<bool> alive;
    std::vector<TypeTable> tables;
    std::size_t live = 0;
    std::optional<std::size_t> entities_at;  // the entity list's offset, when it comes before the type list
    std::map<std::string, std::size_t> game_positions;
    std::vector<MsgpackValue> game_values;

    // The parts of the body (bits of `seen`).
    constexpr unsigned sequence = 1, tick = 2, slot_table = 4, type_list = 8, entity_list = 16, game_map = 32,
                       play_part = 64, placement_table = 128;
    unsigned seen = 0;
    // The slot table checked, once it and the type list are in (the entity list can then be read at once).
    auto layout_ready = [&]() {
        auto& layout = save.snapshot.layout;
        if (generations.size() != alive.size()) return false;
        layout.slots.resize(generations.size());
        for (std::size_t i = 0; i < layout.slots.size(); ++i) layout.slots[i] = {generations[i], alive[i]};
        layout.free_list = std::move(free_list);
        if (EntityMap::validate_layout(layout)) return false;
        for (const auto& slot : layout.slots) live += slot.alive ? 1 : 0;
        return true;
    };
    std::size_t entries = 0;
    if (!reader.open_map(entries, 0)) return std::nullopt;
    std::string_view key;
    MsgpackValue value;
    for (std::size_t i = 0; i < entries; ++i) {
        if (!reader.read_key(key)) return std::nullopt;
        const unsigned part = key == "sequence"     ? sequence
                              : key == "tick"       ? tick
                              : key == "slots"      ? slot_table
                              : key == "types"      ? type_list
                              : key == "entities"   ? entity_list
                              : key == "game"       ? game_map
                              : key == "play"       ? play_part
                              : key == "placements" ? placement_table
                                                    : 0;
        if (seen & part) return std::nullopt;  // given twice: the reference takes the later one
        seen |= part;
        bool ok = true;
        switch (part) {
            case sequence:
            case tick: {
                const std::uint64_t max = part == sequence ? max_save_sequence : max_save_tick;
                ok = reader.read(value, 1) && value.is_number_unsigned() && value.get<std::uint64_t>() <= max;
                if (!ok) break;  // not read as a number: the reference reader words the message
                if (part == sequence)
                    save.sequence = value.get<std::uint64_t>();
                else
                    save.tick = static_cast<std::int64_t>(value.get<std::uint64_t>());
                break;
            }
            case slot_table:
                ok = read_slot_table(reader, generations, alive, free_list) &&
                     (!(seen & type_list) || layout_ready());
                break;
            case type_list:
                ok = read_type_list(reader, tables) && (!(seen & slot_table) || layout_ready());
                break;
            case entity_list:
                if ((seen & (slot_table | type_list)) == (slot_table | type_list)) {
                    ok = read_entity_list(reader, 1, tables, live, save.snapshot.entities);
                } else {  // checked now (it counts towards the limits), read once the types are known
                    entities_at = static_cast<std::size_t>(reader.position() - bytes);
                    ok = reader.read(value, 1) && value.is_array();
                }
                break;
            case game_map: {
                std::size_t names = 0;
                ok = reader.open_map(names, 1);
                for (std::size_t k = 0; ok && k < names; ++k) {
                    ok = reader.read_key(key) &&
                         game_positions.emplace(std::string(key), game_values.size()).second &&
                         reader.read(game_values.emplace_back(), 2);
                }
                break;
            }
            case play_part: {
                ok = reader.read(value, 1);
                std::optional<PlayIdentity> play;
                if (ok && file.format_version >= save_format_with_play_identity)
                    ok = (play = play_from(value, file.content_hash)).has_value();
                if (play) save.play = *play;
                if (play && save.legacy()) save.legacy_files_hash = file.content_hash;
                break;
            }
            case placement_table: {
                auto table = std::make_shared<LevelPlacements>();
                ok = reader.read(value, 1) && placements_from_compact(value, *table).empty();
                save.placements = std::move(table);
                break;
            }
            default:
                ok = reader.read(value, 1);
        }
        if (!ok) return std::nullopt;
    }
    const unsigned required = sequence | tick | slot_table | type_list | entity_list | game_map |
                              (file.format_version >= save_format_with_play_identity ? play_part : 0);
    if (!reader.at_end() || (seen & required) != required) return std::nullopt;
    if (entities_at) {
        MsgpackReader list(bytes + *entities_at, size - *entities_at, save_body_limits);
        if (!read_entity_list(list, 1, tables, live, save.snapshot.entities)) return std::nullopt;
    }

    std::string problem;
    CompactReader<std::vector<MsgpackValue>> game_reader{game_positions, game_values, problem};
    save.snapshot.game.fields(game_reader);
    if (!problem.empty()) return std::nullopt;
    return save;
}

}  // namespace

std::optional<SavedGame> read_save_body_direct(const SaveBody& file) {
    return read_body_direct(file, file.body.data(), file.body.size());
}

std::optional<SavedGame> decode_save_body(const SaveBody& file, std::string& error) {
    if (auto save = read_save_body_direct(file)) return save;
    return decode_save_body_reference(file, error);  // older formats, and the words for a refused body
}

std::vector<std::uint8_t> encode_save_file(const SavedGame& save) {
    return wrap_save_body(encode_save_body(save), save_format_version, save.level,
                          save.legacy() ? save.legacy_files_hash : save.play.id());
}

std::optional<SavedGame> decode_save_file(const std::vector<std::uint8_t>& file, std::string& error) {
    // The direct reader reads the body where it lies in the file; only a body it does not take is copied
    // out for the reference reader.
    std::size_t body_start = 0;
    auto body = check_save_file(quickstep_saves, file, save_format_version, body_start, error);
    if (!body) return std::nullopt;
    if (auto save = read_body_direct(*body, file.data() + body_start, file.size() - body_start)) return save;
    body->body.assign(file.begin() + static_cast<std::ptrdiff_t>(body_start), file.end());
    return decode_save_body_reference(*body, error);
}

}  // namespace qs
