// Quicksave encoding: snapshot <-> MessagePack through the entity field lists.
#include "game/save/save_codec.hpp"

#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/msgpack_check.hpp"
#include "engine/msgpack_tape.hpp"
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

/// Calls `f(item)` for the items of an array (a json or a MsgpackView) until it returns false.
template <class F>
bool all_items(const json& list, F&& f) {
    for (const json& item : list)
        if (!f(item)) return false;
    return true;
}
template <class F>
bool all_items(const MsgpackView& list, F&& f) {
    MsgpackView item = list.first_item();
    for (std::size_t i = 0; i < list.size(); ++i, item = item.following())
        if (!f(item)) return false;
    return true;
}

/// A reference from its compact form; `Value` is json or MsgpackView (read the same way).
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

/// Compact form of a field value.
template <class T>
json value_to_compact(const T& value) {
    return encode_field_value<CompactValueForm>(value);
}

/// Reads one field value from its compact form (a json or a MsgpackView), range checks included; false
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
/// a json array or a std::vector<MsgpackView>.
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

/// The fast reader's single pass over a body (nlohmann's MessagePack SAX events, no DOM): the header
/// numbers, the slot table and the type tables go straight into their vectors, the entity list and the game
/// map are recorded on MsgpackTapes to be read once the type tables are known (the body's keys are sorted,
/// so "entities" comes before "types"). Anything but the shape encode_save_body writes — a missing, repeated
/// or mistyped part — stops the pass (`refused`): decode_save_body then hands the body to the DOM reader,
/// which accepts what it can and names the problem otherwise.
class SaveBodySax {
   public:
    using number_integer_t = json::number_integer_t;
    using number_unsigned_t = json::number_unsigned_t;
    using number_float_t = json::number_float_t;
    using string_t = json::string_t;
    using binary_t = json::binary_t;

    struct Type {
        std::string name;
        std::vector<std::string> fields;
        unsigned seen = 0;  ///< keys met (bits of Part)
    };
    std::uint64_t sequence = 0, tick = 0;
    std::vector<std::uint32_t> generations, free_list;
    std::vector<bool> alive;
    std::vector<Type> types;
    MsgpackTape entities, game;
    unsigned seen = 0;  ///< root and slot table keys met (bits of Part)

    explicit SaveBodySax(std::size_t body_bytes) {
        entities.reserve(body_bytes / 2);  // about one token per 2 bytes (23 bytes per entity, ~10 values)
    }
    /// Whether the body had every part the decoder needs.
    bool complete() const {
        const unsigned needed = bit(Part::sequence) | bit(Part::tick) | bit(Part::slots) | bit(Part::types) |
                                bit(Part::entities) | bit(Part::game) | bit(Part::generation) |
                                bit(Part::alive) | bit(Part::free);
        if ((seen & needed) != needed) return false;
        for (const Type& type : types)
            if (type.seen != (bit(Part::type_name) | bit(Part::type_fields))) return false;
        return true;
    }

    bool null() { return tape_ ? (tape_->add_null(), true) : place(Plain::other); }
    bool boolean(bool value) {
        return tape_ ? (tape_->add_boolean(value), true) : place(Plain::boolean, value);
    }
    bool number_integer(number_integer_t value) {
        return counted() && (tape_ ? (tape_->add_integer(value), true) : place(Plain::other));
    }
    bool number_unsigned(number_unsigned_t value) {
        return counted() &&
               (tape_ ? (tape_->add_unsigned(value), true) : place(Plain::unsigned_integer, false, value));
    }
    bool number_float(number_float_t value, const string_t&) {
        return counted() && (tape_ ? (tape_->add_floating(value), true) : place(Plain::other));
    }
    bool string(string_t& value) {
        if (!counted(value.size())) return false;
        return tape_ ? (tape_->add_string(std::move(value)), true) : place(Plain::string, false, 0, &value);
    }
    bool binary(binary_t& value) {
        return counted(value.size()) && (tape_ ? (tape_->add_binary(), true) : place(Plain::other));
    }
    bool start_object(std::size_t entries) { return start(MsgpackTape::Kind::object, entries); }
    bool start_array(std::size_t items) { return start(MsgpackTape::Kind::array, items); }
    bool end_object() { return end(); }
    bool end_array() { return end(); }
    bool key(string_t& name) {
        if (!counted(name.size())) return false;
        if (tape_) {
            tape_->add_key(std::move(name));
            return true;
        }
        Part part = Part::ignored;
        switch (stack_.back()) {
            case At::root:
                part = name == "sequence"   ? Part::sequence
                       : name == "tick"     ? Part::tick
                       : name == "slots"    ? Part::slots
                       : name == "types"    ? Part::types
                       : name == "entities" ? Part::entities
                       : name == "game"     ? Part::game
                                            : Part::ignored;  // "level", "level_hash": from the header
                break;
            case At::slots:
                part = name == "generation" ? Part::generation
                       : name == "alive"    ? Part::alive
                       : name == "free"     ? Part::free
                                            : Part::ignored;
                break;
            case At::type:
                part = name == "type"     ? Part::type_name
                       : name == "fields" ? Part::type_fields
                                          : Part::ignored;
                break;
            default:
                return true;  // a map being skipped
        }
        if (part != Part::ignored) {
            unsigned& met = stack_.back() == At::type ? types.back().seen : seen;
            if (met & bit(part)) return false;  // a key given twice: the DOM reader decides
            met |= bit(part);
        }
        pending_ = part;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

   private:
    enum class Part : unsigned {
        ignored,
        sequence,
        tick,
        slots,
        types,
        entities,
        game,
        generation,
        alive,
        free,
        type_name,
        type_fields
    };
    static constexpr unsigned bit(Part part) { return 1u << static_cast<unsigned>(part); }
    /// What the innermost open map or list is.
    enum class At : std::uint8_t {
        root,
        slots,
        generations,
        alive,
        free_list,
        types,
        type,
        field_names,
        skipped
    };
    enum class Plain : std::uint8_t { unsigned_integer, boolean, string, other };

    /// A value that is not a map or list, outside the recorded parts.
    bool place(Plain kind, bool flag = false, std::uint64_t number = 0, std::string* text = nullptr) {
        if (stack_.empty()) return false;  // the body is not a map
        switch (stack_.back()) {
            case At::root:
            case At::slots:
            case At::type:
                switch (std::exchange(pending_, Part::ignored)) {
                    case Part::ignored:
                        return true;
                    case Part::sequence:
                        sequence = number;
                        return kind == Plain::unsigned_integer;
                    case Part::tick:
                        tick = number;
                        return kind == Plain::unsigned_integer;
                    case Part::type_name:
                        if (kind != Plain::string) return false;
                        types.back().name = std::move(*text);
                        return true;
                    default:
                        return false;  // a list or map belongs there
                }
            case At::generations:
                generations.push_back(static_cast<std::uint32_t>(number));
                return kind == Plain::unsigned_integer && number <= UINT32_MAX;
            case At::alive:
                alive.push_back(flag);
                return kind == Plain::boolean;
            case At::free_list:
                free_list.push_back(static_cast<std::uint32_t>(number));
                return kind == Plain::unsigned_integer && number <= UINT32_MAX;
            case At::field_names:
                if (kind != Plain::string) return false;
                types.back().fields.push_back(std::move(*text));
                return true;
            case At::types:
                return false;  // a type is a map
            case At::skipped:
                return true;
        }
        return false;
    }

    /// One more value (a string, binary or key of `bytes` bytes): false beyond save_body_limits, which
    /// check_msgpack would refuse.
    bool counted(std::size_t bytes = 0) {
        return ++values_ <= save_body_limits.max_values && bytes <= save_body_limits.max_string_bytes;
    }

    bool start(MsgpackTape::Kind kind, std::size_t items) {
        // Nesting as check_msgpack counts it (non-empty lists and maps), which also keeps nlohmann's
        // recursive reader shallow: it asks here before it reads a container's items.
        if (!counted()) return false;
        if (items == 0) {
            empty_open_ = true;  // its end comes next
        } else if (++nonempty_depth_ > save_body_limits.max_depth) {
            return false;
        }
        if (tape_) {
            tape_->open(kind, items);
            return true;
        }
        const bool map = kind == MsgpackTape::Kind::object;
        if (stack_.empty()) {
            if (started_ || !map) return false;
            started_ = true;
            stack_.push_back(At::root);
            return true;
        }
        At at = At::skipped;
        switch (stack_.back()) {
            case At::root:
            case At::slots:
            case At::type: {
                const Part part = std::exchange(pending_, Part::ignored);
                switch (part) {
                    case Part::ignored:
                        break;
                    case Part::slots:
                        if (!map) return false;
                        at = At::slots;
                        break;
                    case Part::types:
                        if (map) return false;
                        at = At::types;
                        break;
                    case Part::generation:
                        if (map) return false;
                        at = At::generations;
                        break;
                    case Part::alive:
                        if (map) return false;
                        at = At::alive;
                        break;
                    case Part::free:
                        if (map) return false;
                        at = At::free_list;
                        break;
                    case Part::type_fields:
                        if (map) return false;
                        at = At::field_names;
                        break;
                    case Part::entities:
                    case Part::game:
                        if (map != (part == Part::game)) return false;  // entities: a list; game: a map
                        tape_ = map ? &game : &entities;
                        tape_->open(kind, items);
                        return true;
                    default:
                        return false;  // a number or text belongs there
                }
                break;
            }
            case At::types:
                if (!map) return false;
                types.emplace_back();
                at = At::type;
                break;
            case At::skipped:
                break;
            default:
                return false;  // a list of numbers, booleans or names holds no lists or maps
        }
        stack_.push_back(at);
        return true;
    }
    bool end() {
        if (!std::exchange(empty_open_, false)) --nonempty_depth_;
        if (tape_) {
            tape_->close();
            if (tape_->depth() == 0) tape_ = nullptr;
            return true;
        }
        stack_.pop_back();
        return true;
    }

    std::vector<At> stack_;
    Part pending_ = Part::ignored;
    MsgpackTape* tape_ = nullptr;  ///< recording a part until its list or map closes
    bool started_ = false;
    std::size_t values_ = 0;   ///< values of any kind so far (keys too, as check_msgpack counts)
    int nonempty_depth_ = 0;   ///< open containers with items
    bool empty_open_ = false;  ///< an empty container was just opened (its end is the next event)
};

/// The fast reader's visitor: reads an entity's fields from its record's items through a type table's
/// positions (as IndexedReader does), stopping at the first value that does not fit.
template <class Items>
struct RecordReader {
    const std::vector<std::size_t>& positions;
    const Items& values;  ///< a flat MsgpackView array, or the items of one collected in a vector
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
    } catch (const json::exception& e) {
        return fail(std::string("missing or mistyped data (") + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        return fail(e.what());
    }
    return save;
}

std::optional<SavedGame> read_save_body_one_pass(const SaveBody& file) {
    // Both readers check every value the same way (the same templates read a field from a json or a
    // MsgpackView); tests compare them on valid, damaged and hostile bodies.
    if (file.format_version < save_format_with_content_id) return std::nullopt;
    // The handler refuses what check_msgpack would (depth, value count, long strings; nlohmann refuses
    // malformed bytes), so the one pass needs no bounds pass before it.
    SaveBodySax body(file.body.size());
    const std::uint8_t* bytes = file.body.data();
    if (!json::sax_parse(bytes, bytes + file.body.size(), &body, json::input_format_t::msgpack, true) ||
        !body.complete() || body.sequence > max_save_sequence || body.tick > max_save_tick ||
        body.generations.size() != body.alive.size()) {
        return std::nullopt;
    }
    SavedGame save;
    save.level = file.content_id;
    save.level_hash = file.content_hash;
    save.sequence = body.sequence;
    save.tick = static_cast<std::int64_t>(body.tick);
    auto& layout = save.snapshot.layout;
    layout.slots.resize(body.generations.size());
    for (std::size_t i = 0; i < layout.slots.size(); ++i)
        layout.slots[i] = {body.generations[i], body.alive[i]};
    layout.free_list = std::move(body.free_list);
    if (EntityMap::validate_layout(layout)) return std::nullopt;
    std::size_t live = 0;
    for (const auto& slot : layout.slots) live += slot.alive ? 1 : 0;

    std::vector<TypeTable> tables;
    for (SaveBodySax::Type& type : body.types) {
        TypeTable& table = tables.emplace_back(TypeTable{std::move(type.name), std::nullopt, {}});
        table.prototype = make_entity(table.name);
        if (!table.prototype) return std::nullopt;
        table.place_fields(type.fields);
    }

    const MsgpackView records = body.entities.root();
    if (records.size() != live) return std::nullopt;
    save.snapshot.entities.reserve(live);
    std::vector<MsgpackView> values;  // the record being read, item by item
    MsgpackView record = records.first_item();
    for (std::size_t k = 0; k < live; ++k, record = record.following()) {
        if (!record.is_array() || record.empty()) return std::nullopt;
        const MsgpackView type = record.first_item();
        if (!type.is_number_unsigned() || type.get<std::uint64_t>() >= tables.size()) return std::nullopt;
        const TypeTable& table = tables[type.get<std::size_t>()];
        Entity& entity = save.snapshot.entities.emplace_back(*table.prototype);
        bool ok = false;
        if (record.flat()) {  // numbers only (most types): items by position at once
            RecordReader<MsgpackView> reader{table.positions, record};
            std::visit([&](auto& e) { e.fields(reader); }, entity);
            ok = reader.ok;
        } else {  // references inside: collect the items once
            values.clear();
            all_items(record, [&](const MsgpackView& item) {
                values.push_back(item);
                return true;
            });
            RecordReader<std::vector<MsgpackView>> reader{table.positions, values};
            std::visit([&](auto& e) { e.fields(reader); }, entity);
            ok = reader.ok;
        }
        if (!ok) return std::nullopt;
    }

    const MsgpackView game = body.game.root();
    std::map<std::string, std::size_t> game_positions;
    std::vector<MsgpackView> game_values;
    MsgpackView entry = game.first_item();
    for (std::size_t i = 0; i < game.size(); ++i) {
        const MsgpackView value = entry.following();
        if (!game_positions.emplace(entry.key_text(), game_values.size()).second) return std::nullopt;
        game_values.push_back(value);
        entry = value.following();
    }
    std::string problem;
    CompactReader<std::vector<MsgpackView>> reader{game_positions, game_values, problem};
    save.snapshot.game.fields(reader);
    if (!problem.empty()) return std::nullopt;
    return save;
}

std::optional<SavedGame> decode_save_body(const SaveBody& file, std::string& error) {
    if (auto save = read_save_body_one_pass(file)) return save;
    return decode_save_body_reference(file, error);  // older formats, and the words for a refused body
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
