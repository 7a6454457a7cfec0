// The level select's thumbnails, drawn once per version of a level and kept up to a bound.
#include "game/app/level_thumbnails.hpp"

#include <algorithm>

#include "engine/fnv1a.hpp"
#include "game/levels/level_thumbnail.hpp"

namespace qs {

const LevelThumbnail* LevelThumbnails::get(const std::filesystem::path& path, LevelList& levels) {
    if (path == last_path_) return last_;
    last_path_ = path;
    last_ = nullptr;
    const std::optional<std::uint64_t> fingerprint = level_folder_fingerprint(path);
    if (!fingerprint) return nullptr;
    auto known = known_.find(path);
    if (known == known_.end() || known->second.fingerprint != *fingerprint ||
        (known->second.key && !drawn_.contains(*known->second.key))) {
        const CheckedLevel checked = levels.check(path);
        Known entry{*fingerprint, std::nullopt};
        if (checked.level) {
            const LevelIdentity& id = checked.identity;
            const std::uint64_t ids[4] = {id.geometry, id.entities, id.rules, id.look.id()};
            const std::uint64_t key = fnv1a64(ids, sizeof ids);
            entry.key = key;
            if (!drawn_.contains(key)) {
                if (drawn_.size() >= max_kept) {
                    drawn_.erase(order_.front());
                    order_.erase(order_.begin());
                }
                drawn_[key] = {key, level_thumbnail(*checked.level, max_w, max_h)};
                order_.push_back(key);
            }
        }
        known = known_.insert_or_assign(path, entry).first;
    }
    if (known->second.key) {
        const auto drawn = drawn_.find(*known->second.key);
        if (drawn != drawn_.end()) last_ = &drawn->second;
    }
    return last_;
}

}  // namespace qs
