// Reading a level's .lvl: finding the one file, its name, author and music, and the obj_* / spr_* colour
// tables checked against the game's tile types and prefabs (level_folder_parts.hpp has the shared types).
#include <algorithm>
#include <map>
#include <unordered_map>

#include "engine/join.hpp"
#include "engine/json_file.hpp"
#include "engine/level_folder_parts.hpp"
#include "engine/printable_text.hpp"

namespace qs::level_folder_detail {

/// The longest "author" a .lvl may give, in bytes.
constexpr std::size_t kMaxAuthorBytes = 100;

/// "a string", "an array", "null": the kind of a JSON value, for "must be ..., got ..." messages.
std::string kind_of(const json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::object:
            return "an object";
        case json::value_t::array:
            return "an array";
        case json::value_t::string:
            return "a string";
        case json::value_t::boolean:
            return "a boolean";
        case json::value_t::binary:
            return "binary data";
        default:
            return "a number";
    }
}

std::string json_quoted(const std::string& text) {
    return json(text).dump();
}

/// "#rrggbb" for a 0xRRGGBB value.
std::string colour_text(std::uint32_t rgb) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text = "#000000";
    for (int digit = 0; digit < 6; ++digit) text[6 - digit] = kHex[(rgb >> (4 * digit)) & 0xf];
    return text;
}

namespace {

/// True when `inner` (canonical) lies under `root` (canonical).
bool lies_under(const fs::path& root, const fs::path& inner) {
    auto root_part = root.begin();
    auto inner_part = inner.begin();
    for (; root_part != root.end(); ++root_part, ++inner_part) {
        if (root_part->empty()) continue;  // a trailing separator
        if (inner_part == inner.end() || *root_part != *inner_part) return false;
    }
    return true;
}

/// Parses "#RRGGBB" (either case) into 0xRRGGBB.
std::optional<std::uint32_t> parse_colour(const std::string& text) {
    if (text.size() != 7 || text[0] != '#') return std::nullopt;
    std::uint32_t rgb = 0;
    for (std::size_t i = 1; i < 7; ++i) {
        const char c = text[i];
        int digit;
        if (c >= '0' && c <= '9') {
            digit = c - '0';
        } else if (c >= 'a' && c <= 'f') {
            digit = c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            digit = c - 'A' + 10;
        } else {
            return std::nullopt;
        }
        rgb = (rgb << 4) | static_cast<std::uint32_t>(digit);
    }
    return rgb;
}

/// Reads the obj_* or spr_* table pair; `parse_value` turns one entry of the values array into the table
/// value and label, reporting its own errors, and returns false when the entry is bad.
template <class ParseValue>
ColourTable parse_colour_table(const json& lvl, const fs::path& lvl_path, const std::string& prefix,
                               bool required, ErrorList& errors, ParseValue parse_value) {
    ColourTable table;
    table.colours_key = prefix + "_colors";
    const std::string values_key = prefix + "_prefabs";
    const std::size_t errors_before = errors.count();

    const auto array_or_report = [&](const std::string& key, const char* what) -> const json* {
        const auto it = lvl.find(key);
        if (it == lvl.end()) {
            if (required) errors.add(lvl_path, key + " is missing (an array of " + what + ")");
            return nullptr;
        }
        if (!it->is_array()) {
            errors.add(lvl_path, key + " must be an array, got " + kind_of(*it));
            return nullptr;
        }
        return &*it;
    };
    const json* colours = array_or_report(table.colours_key, "\"#RRGGBB\" colours");
    const json* values = array_or_report(values_key, prefix == "obj" ? "tile type names" : "prefab entries");
    const std::size_t colour_count = colours ? colours->size() : 0;
    const std::size_t value_count = values ? values->size() : 0;
    if (colours && values && colour_count != value_count) {
        errors.add(lvl_path, table.colours_key + " has " + std::to_string(colour_count) + " entries but " +
                                 values_key + " has " + std::to_string(value_count));
    }
    if (!required && !colours && values && value_count > 0) {
        errors.add(lvl_path, table.colours_key + " is missing but " + values_key + " has " +
                                 std::to_string(value_count) + " entries");
    }
    if (!required && colours && !values && colour_count > 0) {
        errors.add(lvl_path, values_key + " is missing but " + table.colours_key + " has " +
                                 std::to_string(colour_count) + " entries");
    }

    std::unordered_map<std::uint32_t, std::size_t> first_index_of_colour;
    for (std::size_t i = 0; i < colour_count; ++i) {
        const json& entry = (*colours)[i];
        const std::string where = table.colours_key + "[" + std::to_string(i) + "]";
        std::optional<std::uint32_t> rgb;
        if (!entry.is_string()) {
            errors.add(lvl_path, where + " must be a string like \"#RRGGBB\", got " + kind_of(entry));
        } else if (!(rgb = parse_colour(entry.get<std::string>()))) {
            errors.add(lvl_path, where + ": " + json_quoted(entry.get<std::string>()) +
                                     " is not a colour like \"#RRGGBB\"");
        } else if (const auto [it, inserted] = first_index_of_colour.emplace(*rgb, i); !inserted) {
            errors.add(lvl_path, where + ": colour " + colour_text(*rgb) + " is listed twice (also " +
                                     table.colours_key + "[" + std::to_string(it->second) + "])");
        }
        table.colours.push_back(rgb.value_or(0));
    }
    table.values.resize(colour_count, 0);
    table.labels.resize(colour_count);
    for (std::size_t i = 0; i < value_count; ++i) {
        int value = 0;
        std::string label;
        if (parse_value((*values)[i], values_key + "[" + std::to_string(i) + "]", value, label) &&
            i < colour_count) {
            table.values[i] = value;
            table.labels[i] = label;
        }
    }
    table.usable = errors.count() == errors_before;
    return table;
}

/// "parallax" entries read at most: more than any level has visuals layers (LevelLimits::max_layers_per_kind).
constexpr std::size_t kMaxParallaxFactors = 16;

std::optional<LvlContents> parse_lvl(const fs::path& lvl_path, json document, const LevelSchema& schema,
                                     ErrorList& errors) {
    LvlContents lvl;
    lvl.document = std::move(document);
    if (!lvl.document.is_object()) {
        errors.add(lvl_path, "the .lvl must hold a JSON object, got " + kind_of(lvl.document));
        return std::nullopt;
    }
    if (const auto name = lvl.document.find("name"); name != lvl.document.end()) {
        if (name->is_string()) {
            lvl.name = name->get<std::string>();
        } else {
            errors.add(lvl_path, "name must be a string, got " + kind_of(*name));
        }
    }
    if (const auto author = lvl.document.find("author"); author != lvl.document.end()) {
        if (!author->is_string()) {
            errors.add(lvl_path, "author must be a string (who made the level), got " + kind_of(*author));
        } else if (author->get_ref<const std::string&>().size() > kMaxAuthorBytes) {
            errors.add(lvl_path, "author: " + std::to_string(author->get_ref<const std::string&>().size()) +
                                     " bytes, over the limit of " + std::to_string(kMaxAuthorBytes));
        } else {
            lvl.author = printable(author->get<std::string>());
        }
    }
    if (const auto music = lvl.document.find("music"); music != lvl.document.end()) {
        const auto& tracks = schema.music_tracks;
        if (!music->is_string()) {
            errors.add(lvl_path, "music must be a track name (a string), got " + kind_of(*music));
        } else if (!tracks.empty() &&
                   std::find(tracks.begin(), tracks.end(), music->get<std::string>()) == tracks.end()) {
            errors.add(lvl_path, "music: unknown track " + json_quoted(music->get<std::string>()) +
                                     " (known: " + join(tracks) + ")");
        } else {
            lvl.music = music->get<std::string>();
        }
    }
    if (const auto parallax = lvl.document.find("parallax"); parallax != lvl.document.end()) {
        if (!parallax->is_array() || parallax->size() > kMaxParallaxFactors) {
            errors.add(lvl_path, "parallax must be a list of at most " + std::to_string(kMaxParallaxFactors) +
                                     " numbers, one per visuals layer, got " + kind_of(*parallax));
        } else {
            for (std::size_t i = 0; i < parallax->size(); ++i) {
                const json& factor = (*parallax)[i];
                const double value = factor.is_number() ? factor.get<double>() : -1;
                if (!factor.is_number() || !(value >= 0 && value <= 1)) {
                    errors.add(lvl_path, "parallax[" + std::to_string(i) + "] must be a number from 0 (the " +
                                             "layer stays put) to 1 (it moves with the tiles), got " +
                                             (factor.is_number() ? factor.dump() : kind_of(factor)));
                    lvl.parallax.clear();
                    break;
                }
                lvl.parallax.push_back(value);
            }
        }
    }

    lvl.geometry_table = parse_colour_table(
        lvl.document, lvl_path, "obj", true, errors,
        [&](const json& entry, const std::string& where, int& value, std::string& label) {
            if (!entry.is_string()) {
                errors.add(lvl_path, where + " must be a tile type name, got " + kind_of(entry));
                return false;
            }
            const std::string type = entry.get<std::string>();
            const auto known = std::find(schema.tile_types.begin(), schema.tile_types.end(), type);
            if (known == schema.tile_types.end()) {
                errors.add(lvl_path, where + ": unknown tile type " + json_quoted(type) +
                                         " (known: " + join(schema.tile_types) + ")");
                return false;
            }
            value = static_cast<int>(known - schema.tile_types.begin());
            label = type;
            return true;
        });

    std::map<std::string, std::string> owner_of_id;  // id -> "spr_prefabs[i]"
    const auto parse_sprite_entry = [&](const json& entry, const std::string& where, int& value,
                                        std::string& label) {
        SpriteEntry sprite;
        const json* prefab_name = &entry;
        if (entry.is_object()) {
            const auto prefab = entry.find("prefab");
            if (prefab == entry.end()) {
                errors.add(lvl_path, where + " has no \"prefab\" name");
                return false;
            }
            prefab_name = &*prefab;
            if (!prefab->is_string()) {
                errors.add(lvl_path, where + ".prefab must be a string, got " + kind_of(*prefab));
                return false;
            }
            sprite.config = entry;
            sprite.config.erase("prefab");
            if (const auto id = entry.find("id"); id != entry.end()) {
                if (!id->is_string()) {
                    errors.add(lvl_path, where + ".id must be a string, got " + kind_of(*id));
                    return false;
                }
                sprite.id = id->get<std::string>();
                if (sprite.id.empty()) {
                    errors.add(lvl_path, where + ".id must not be empty");
                    return false;
                }
                if (const auto [it, inserted] = owner_of_id.emplace(sprite.id, where); !inserted) {
                    errors.add(lvl_path, where + ": id " + json_quoted(sprite.id) + " is already used by " +
                                             it->second);
                    return false;
                }
                sprite.config.erase("id");
            }
        } else if (!entry.is_string()) {
            errors.add(lvl_path, where + " must be a prefab name or an object, got " + kind_of(entry));
            return false;
        }
        sprite.prefab = prefab_name->get<std::string>();
        if (std::find(schema.prefabs.begin(), schema.prefabs.end(), sprite.prefab) == schema.prefabs.end()) {
            errors.add(lvl_path, where + ": unknown prefab " + json_quoted(sprite.prefab) +
                                     " (known: " + join(schema.prefabs) + ")");
            return false;
        }
        value = static_cast<int>(lvl.sprite_entries.size());
        label = sprite.prefab;
        lvl.sprite_entries.push_back(std::move(sprite));
        return true;
    };
    lvl.sprite_table = parse_colour_table(lvl.document, lvl_path, "spr", false, errors, parse_sprite_entry);
    if (lvl.sprite_table.usable) {
        // Every entry parsed, so entry i is sprite_entries[i]; give each its colour as written.
        const json& colours = lvl.document["spr_colors"];
        for (std::size_t i = 0; i < lvl.sprite_entries.size(); ++i) {
            lvl.sprite_entries[i].color = colours[i].get<std::string>();
        }
    }
    return lvl;
}

}  // namespace

/// Checks that `path` may be opened: it resolves inside the folder and is a regular file.
bool check_openable(const fs::path& canonical_root, const fs::path& path, ErrorList& errors) {
    std::error_code ec;
    const fs::path resolved = fs::canonical(path, ec);
    if (ec) {
        errors.add(path, fs::is_symlink(fs::symlink_status(path, ec)) ? "broken symbolic link"
                                                                      : "cannot resolve the path");
        return false;
    }
    if (!lies_under(canonical_root, resolved)) {
        errors.add(path, "symbolic link leads outside the level folder (refused)");
        return false;
    }
    if (!fs::is_regular_file(resolved, ec)) {
        errors.add(path, "not a regular file");
        return false;
    }
    return true;
}

/// The folder's one .lvl file: `lvl_path` is set when there is exactly one; the contents when it also
/// parses and checks. `listed` is false when the folder cannot be listed (loading stops there).
std::optional<LvlContents> read_lvl(const fs::path& folder, const fs::path& canonical_root,
                                    const LevelSchema& schema, const LevelLimits& limits, ErrorList& errors,
                                    std::vector<std::string>& lines, fs::path& lvl_path, bool& listed) {
    std::error_code ec;
    std::vector<std::string> lvl_names;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".lvl") lvl_names.push_back(it->path().filename().string());
    }
    listed = !ec;
    if (ec) {
        errors.add(folder, "cannot list the folder: " + ec.message());
        return std::nullopt;
    }
    std::sort(lvl_names.begin(), lvl_names.end());
    if (lvl_names.empty()) {
        errors.add(folder, "no .lvl file (a level folder holds exactly one)");
        return std::nullopt;
    }
    if (lvl_names.size() > 1) {
        errors.add(folder, std::to_string(lvl_names.size()) +
                               " .lvl files, expected exactly one: " + join(lvl_names));
        return std::nullopt;
    }
    lvl_path = folder / lvl_names.front();
    if (!check_openable(canonical_root, lvl_path, errors)) return std::nullopt;
    JsonLoad loaded = load_json_file(lvl_path, limits.max_lvl_bytes, limits.max_json_depth);
    if (!loaded.value) {
        lines.push_back(loaded.error);  // already "PATH:LINE:COLUMN: message"
        return std::nullopt;
    }
    return parse_lvl(lvl_path, std::move(*loaded.value), schema, errors);
}

}  // namespace qs::level_folder_detail
