// The quicksave body: a WorldSnapshot encoded through the field lists as MessagePack, by field name (a
// table of field names per entity type, then one value array per entity), so old saves survive new fields.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/msgpack_check.hpp"
#include "engine/save_file.hpp"
#include "game/levels/level_identity.hpp"
#include "game/save/level_placements.hpp"
#include "game/sim/world.hpp"

namespace qs {

/// The save format this build writes; it reads every version up to this one (see migrate_save_body).
/// 1: the level id and hash in the body; 2: in the file header; 3: the body of format 2 in a container
/// checked by CRC-32 instead of FNV-1a 64 (engine/save_file.hpp), for a faster load; 4: the header's hash
/// is the level's play identity (PlayIdentity::id) and the body holds its components ("play"), and may hold
/// what the level placed ("placements", for a load into an edited level). Formats 1-3 carry a hash of the
/// level's file bytes instead (SavedGame::legacy_files_hash).
inline constexpr std::uint32_t save_format_version = 4;
/// The first format keyed to the level's play identity.
inline constexpr std::uint32_t save_format_with_play_identity = 4;

/// What a save body may hold: nesting depth, values in all (bounds the decoded tree's memory), longest
/// string.
inline constexpr MsgpackLimits save_body_limits{32, 8u << 20, 1u << 20};
/// Largest tick and sequence number a save may carry (far beyond any real run; refused beyond).
inline constexpr std::uint64_t max_save_tick = 1'000'000'000'000'000ull;
inline constexpr std::uint64_t max_save_sequence = 999'999'999'999'999'999ull;  ///< 18 digits (file names)

/// Quickstep's save files: they start with "QSTEPSAV"; messages name them "Quickstep" saves.
inline constexpr SaveFileKind quickstep_saves{{'Q', 'S', 'T', 'E', 'P', 'S', 'A', 'V'}, "Quickstep"};

/// The save file container (engine/save_file.hpp) of a Quickstep save.
inline std::vector<std::uint8_t> wrap_save_body(const std::vector<std::uint8_t>& body,
                                                std::uint32_t format_version,
                                                const std::string& content_id = "",
                                                std::uint64_t content_hash = 0) {
    return wrap_save_body(quickstep_saves, body, format_version, content_id, content_hash);
}
/// Checks a file as a Quickstep save container; nullopt + `error` when it is not one or is damaged.
inline std::optional<SaveBody> unwrap_save_file(const std::vector<std::uint8_t>& file,
                                                std::uint32_t newest_version, std::string& error) {
    return unwrap_save_file(quickstep_saves, file, newest_version, error);
}

/// A quicksave: which level it belongs to, when it was made, and the world.
struct SavedGame {
    std::string level;           ///< level folder name
    PlayIdentity play;           ///< the level's play identity at save time (format 4 on; all zero before)
    std::uint64_t sequence = 0;  ///< increases with every quicksave
    std::int64_t tick = 0;
    WorldSnapshot snapshot;
    /// Formats 1-3 (written before play identities): the FNV-1a hash of the level's file bytes they carry
    /// instead (LevelData::files_hash at save time); 0 from format 4 on.
    std::uint64_t legacy_files_hash = 0;
    /// What the level placed when the save was made, so the save can be carried into an edited version of
    /// it (save_carry.hpp); null in a save from before the table was written (it loads only exactly).
    std::shared_ptr<const LevelPlacements> placements = nullptr;
    /// The save file this was read from, when it was read from one (a quicksave on disk, a save carried in
    /// a replay): a replay carries these bytes instead of the game's thread encoding the save again.
    std::shared_ptr<const std::vector<std::uint8_t>> file_bytes = nullptr;
    /// Written before play identities (formats 1-3): matched to its level by legacy_files_hash only.
    bool legacy() const { return play.sim_version == 0; }
};

/// MessagePack body (without the container header, which carries the level id and hash).
std::vector<std::uint8_t> encode_save_body(const SavedGame& save);

/// Decodes a checked file's body of any readable format (older ones are migrated first); unknown fields are
/// skipped, missing ones keep defaults. nullopt + `error` ("corrupt: ...") when the body does not make a
/// consistent world. Reads the body straight from its bytes without a DOM (read_save_body_direct); a body
/// that reader does not take goes to decode_save_body_reference, so the result and message are always the
/// reference's.
std::optional<SavedGame> decode_save_body(const SaveBody& file, std::string& error);

/// decode_save_body's fast reader: a bounded MessagePack reader (engine/msgpack_reader.hpp) walks the body
/// once (the entity list twice when it comes before the type list, as in files this build writes: checked
/// first, then read) and reads every entity record straight through its type's field positions, for
/// bodies in the shape this build writes (format 2 on). nullopt when it does not take a body as it is (an
/// older format, a part missing, repeated or mistyped, a value out of range, ...): decode_save_body then
/// asks decode_save_body_reference. Whatever it takes, the reference takes with the same result.
std::optional<SavedGame> read_save_body_direct(const SaveBody& file);

/// The same through nlohmann's DOM (several times slower): the reference the direct reader is tested against,
/// the reader of older formats, and the one that words the message when a body is refused.
std::optional<SavedGame> decode_save_body_reference(const SaveBody& file, std::string& error);

/// A whole save file (container + body) and back.
std::vector<std::uint8_t> encode_save_file(const SavedGame& save);
std::optional<SavedGame> decode_save_file(const std::vector<std::uint8_t>& file, std::string& error);

}  // namespace qs
