// Play and look identities of a level, from its decoded tiles, built entities, .lvl, visuals and tuning.
#include "game/levels/level_identity.hpp"

#include <type_traits>

#include "engine/content_digest.hpp"
#include "game/sim/simulation_version.hpp"

namespace qs {

namespace {

/// The .lvl keys that are not play: the look, the colour tables (their meaning is in the decoded tiles and
/// the built entities, so a renamed colour changes nothing) and comments.
bool lvl_key_is_play(const std::string& key) {
    static constexpr const char* not_play[] = {"name",       "author",      "music",      "parallax",
                                               "obj_colors", "obj_prefabs", "spr_colors", "spr_prefabs"};
    if (!key.empty() && key.front() == '_') return false;
    for (const char* other : not_play) {
        if (key == other) return false;
    }
    return true;
}

/// Adds every field of a field list to a digest: its name, then its value.
struct FieldDigest {
    DigestBuilder& digest;
    template <class T>
    void operator()(const char* name, const T& value, const FieldSpec& = {}) {
        digest.add_string(name);
        add(value);
    }
    template <class T>
    void add(const T& value) {
        if constexpr (std::is_same_v<T, bool>) {
            digest.add_u64(value ? 1 : 0);
        } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
            digest.add_i64(static_cast<std::int64_t>(value));
        } else if constexpr (std::is_floating_point_v<T>) {
            digest.add_double(static_cast<double>(value));
        } else if constexpr (std::is_same_v<T, std::string>) {
            digest.add_string(value);
        } else if constexpr (std::is_same_v<T, EntityRef>) {
            digest.add_u64(value.index);
            digest.add_u64(value.generation);
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            digest.add_u64(value.refs.size());
            for (const EntityRef& ref : value.refs) add(ref);
        } else {
            static_assert(sizeof(T) == 0, "a field type the play identity does not know: add it here");
        }
    }
};

}  // namespace

std::uint64_t PlayIdentity::id() const {
    DigestBuilder d;
    d.add_string("play");
    d.add_u64(geometry);
    d.add_u64(entities);
    d.add_u64(rules);
    d.add_u64(tuning);
    d.add_u64(sim_version);
    return d.finish();
}

std::uint64_t PlayIdentity::layout_id() const {
    DigestBuilder d;
    d.add_string("layout");
    d.add_u64(geometry);
    d.add_u64(entities);
    d.add_u64(rules);
    return d.finish();
}

std::uint64_t LookIdentity::id() const {
    DigestBuilder d;
    d.add_string("look");
    d.add_u64(visuals);
    d.add_u64(music);
    d.add_u64(name);
    return d.finish();
}

LevelIdentity level_identity(const LevelData& level, const std::vector<Entity>& entities) {
    LevelIdentity id;
    id.geometry = digest_tiles(level.tiles);

    DigestBuilder placed;
    placed.add_u64(entities.size());
    const bool by_placement = level.placements.size() == entities.size();
    for (std::size_t i = 0; i < entities.size(); ++i) {
        placed.add_string(entity_type_name(entities[i]));
        std::string_view lvl_id;
        if (by_placement) {
            const auto entry = static_cast<std::size_t>(level.placements[i].entry);
            if (entry < level.sprite_entries.size()) lvl_id = level.sprite_entries[entry].id;
        }
        placed.add_string(lvl_id);
        FieldDigest fields{placed};
        std::visit([&](const auto& entity) { entity.fields(fields); }, entities[i]);
    }
    id.entities = placed.finish();

    DigestBuilder rules;
    if (level.lvl.is_object()) {
        for (const auto& [key, value] : level.lvl.items()) {  // sorted by key
            if (!lvl_key_is_play(key)) continue;
            rules.add_string(key);
            rules.add_string(value.dump());
        }
    }
    id.rules = rules.finish();

    DigestBuilder visuals;
    visuals.add_u64(level.visual_digests.size());
    for (std::uint64_t digest : level.visual_digests) visuals.add_u64(digest);
    id.look.visuals = visuals.finish();
    id.look.music = xxh64(level.music.data(), level.music.size());
    id.look.name = xxh64(level.name.data(), level.name.size());
    return id;
}

std::uint64_t tuning_digest(const Tuning& tuning) {
    DigestBuilder d;
    FieldDigest fields{d};
    Tuning copy = tuning;  // the field list is walked on a mutable object
    copy.fields(fields);
    return d.finish();
}

PlayIdentity play_identity(const LevelIdentity& level, const Tuning& tuning) {
    PlayIdentity play;
    play.geometry = level.geometry;
    play.entities = level.entities;
    play.rules = level.rules;
    play.tuning = tuning_digest(tuning);
    play.sim_version = simulation_version;
    return play;
}

std::vector<std::string> play_differences(const PlayIdentity& then, const PlayIdentity& now) {
    std::vector<std::string> names;
    if (then.geometry != now.geometry) names.emplace_back("geometry");
    if (then.entities != now.entities) names.emplace_back("entities");
    if (then.rules != now.rules) names.emplace_back("rules");
    if (then.tuning != now.tuning) names.emplace_back("tuning");
    if (then.sim_version != now.sim_version) names.emplace_back("simulation version");
    return names;
}

std::string join_differences(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
        text += names[i];
    }
    return text;
}

}  // namespace qs
