// The level select's thumbnails: each level's drawn once per version of it (by its play and look
// identities), the highlighted one looked up again only when the highlight moves to another level.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <vector>

#include "engine/rgba_image.hpp"
#include "game/app/level_list.hpp"

namespace qs {

struct LevelThumbnail {
    std::uint64_t key = 0;  ///< the level's play and look identities in one digest
    RgbaImage image;
};

class LevelThumbnails {
   public:
    /// Largest thumbnail drawn, in pixels; at most `max_kept` are kept (then the oldest go).
    static constexpr int max_w = 440, max_h = 280;
    static constexpr std::size_t max_kept = 32;

    /// The thumbnail of the level at `path` (null when it does not load). Asked again for the same path, the
    /// same answer; for another, the level is read (a full check through `levels`) only when its files
    /// changed since its thumbnail was drawn, or it has none.
    const LevelThumbnail* get(const std::filesystem::path& path, LevelList& levels);
    /// No thumbnail is shown: the next get() looks at the level's files again, whatever its path.
    void leave() { last_path_.clear(); }

   private:
    struct Known {
        std::uint64_t fingerprint = 0;     ///< level_folder_fingerprint when its key was found
        std::optional<std::uint64_t> key;  ///< none: the level did not load
    };
    std::map<std::filesystem::path, Known> known_;
    std::map<std::uint64_t, LevelThumbnail> drawn_;
    std::vector<std::uint64_t> order_;  ///< keys of drawn_, oldest first
    std::filesystem::path last_path_;
    const LevelThumbnail* last_ = nullptr;
};

}  // namespace qs
