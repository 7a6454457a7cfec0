// Chapters: reading assets/chapters.json with every value checked, and the unlock and next-level rules.
#include "game/levels/chapters.hpp"

#include <set>

#include "engine/json_file.hpp"
#include "game/sim/entities/gem.hpp"

namespace qs {

static_assert(chapters_max_gems_per_level == Gem::max_index, "a level holds at most Gem::max_index gems");

std::optional<std::pair<int, const ChapterLevel*>> Chapters::find(const std::string& level) const {
    for (std::size_t c = 0; c < chapters_.size(); ++c) {
        for (const ChapterLevel& entry : chapters_[c].levels) {
            if (entry.level == level) return std::pair{static_cast<int>(c), &entry};
        }
    }
    return std::nullopt;
}

bool Chapters::unlocked(const std::string& level, const ChapterProgress& progress) const {
    const ChapterLevel* previous = nullptr;
    for (const Chapter& chapter : chapters_) {
        for (const ChapterLevel& entry : chapter.levels) {
            if (entry.level == level) {
                if (entry.coins_needed > 0) return progress.coins >= entry.coins_needed;
                if (entry.gems_needed > 0)
                    return chapter_gems(static_cast<int>(&chapter - chapters_.data()), progress) >=
                           entry.gems_needed;
                return !previous || (progress.finished && progress.finished(previous->level));
            }
            if (!entry.off_path()) previous = &entry;
        }
    }
    return true;  // not a chapter's level: the player's own, always open
}

int Chapters::chapter_gems(int chapter, const ChapterProgress& progress) const {
    if (chapter < 0 || static_cast<std::size_t>(chapter) >= chapters_.size() || !progress.gems_in) return 0;
    int found = 0;
    for (const ChapterLevel& entry : chapters_[static_cast<std::size_t>(chapter)].levels)
        found += progress.gems_in(entry.level);
    return found;
}

std::vector<std::string> Chapters::locked_off_path(const ChapterProgress& progress) const {
    std::vector<std::string> locked;
    for (const Chapter& chapter : chapters_) {
        for (const ChapterLevel& entry : chapter.levels) {
            if (entry.off_path() && !unlocked(entry.level, progress)) locked.push_back(entry.level);
        }
    }
    return locked;
}

std::optional<std::string> Chapters::next(const std::string& level) const {
    bool found = false;
    for (const Chapter& chapter : chapters_) {
        for (const ChapterLevel& entry : chapter.levels) {
            if (found && !entry.off_path()) return entry.level;
            if (entry.level == level) found = true;
        }
    }
    return std::nullopt;
}

std::string Chapters::last() const {
    std::string last;
    for (const Chapter& chapter : chapters_) {
        for (const ChapterLevel& entry : chapter.levels) {
            if (!entry.off_path()) last = entry.level;
        }
    }
    return last;
}

std::vector<std::size_t> Chapters::playing_order(const std::vector<std::string>& names) const {
    std::vector<std::size_t> order;
    std::vector<bool> taken(names.size(), false);
    for (const Chapter& chapter : chapters_) {
        for (const ChapterLevel& entry : chapter.levels) {
            for (std::size_t i = 0; i < names.size(); ++i) {
                if (!taken[i] && names[i] == entry.level) {
                    order.push_back(i);
                    taken[i] = true;
                }
            }
        }
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!taken[i]) order.push_back(i);
    }
    return order;
}

std::string Chapters::number(const std::string& level) const {
    for (std::size_t c = 0; c < chapters_.size(); ++c) {
        for (std::size_t l = 0; l < chapters_[c].levels.size(); ++l) {
            if (chapters_[c].levels[l].level == level)
                return std::to_string(c + 1) + "-" + std::to_string(l + 1);
        }
    }
    return "";
}

std::int64_t Chapters::par_ticks(const std::string& level) const {
    const auto place = find(level);
    return place ? std::int64_t{place->second->par_seconds} * 60 : 0;
}

namespace {

bool read_text(const nlohmann::json& object, const char* key, const std::string& where, std::string& out,
               std::string& error) {
    auto it = object.find(key);
    if (it == object.end() || !it->is_string()) {
        error = where + ": \"" + key + "\" must be a string";
        return false;
    }
    out = it->get<std::string>();
    if (out.empty() || out.size() > chapters_max_text) {
        error = where + ": \"" + key + "\" must be 1 to " + std::to_string(chapters_max_text) + " bytes long";
        return false;
    }
    return true;
}

}  // namespace

std::optional<Chapters> parse_chapters(const nlohmann::json& doc, const std::string& where,
                                       std::string& error) {
    auto list = doc.is_object() ? doc.find("chapters") : doc.end();
    if (!doc.is_object() || list == doc.end() || !list->is_array() || list->empty()) {
        error = where + ": expected {\"chapters\": [...]} with at least one chapter";
        return std::nullopt;
    }
    if (list->size() > chapters_max_chapters) {
        error = where + ": " + std::to_string(list->size()) + " chapters, over the limit of " +
                std::to_string(chapters_max_chapters);
        return std::nullopt;
    }
    std::vector<Chapter> chapters;
    std::set<std::string> seen;
    for (std::size_t c = 0; c < list->size(); ++c) {
        const nlohmann::json& item = (*list)[c];
        const std::string at = where + ": chapters[" + std::to_string(c) + "]";
        if (!item.is_object()) {
            error = at + " must be an object";
            return std::nullopt;
        }
        Chapter chapter;
        if (!read_text(item, "name", at, chapter.name, error) ||
            !read_text(item, "blurb", at, chapter.blurb, error))
            return std::nullopt;
        auto levels = item.find("levels");
        if (levels == item.end() || !levels->is_array() || levels->empty() ||
            levels->size() > chapters_max_levels) {
            error =
                at + ": \"levels\" must be a list of 1 to " + std::to_string(chapters_max_levels) + " levels";
            return std::nullopt;
        }
        for (std::size_t l = 0; l < levels->size(); ++l) {
            const nlohmann::json& level = (*levels)[l];
            const std::string level_at = at + ".levels[" + std::to_string(l) + "]";
            ChapterLevel entry;
            if (level.is_string()) {
                entry.level = level.get<std::string>();
            } else if (level.is_object()) {
                if (!read_text(level, "level", level_at, entry.level, error)) return std::nullopt;
                auto coins = level.find("coins");
                auto gems = level.find("gems");
                if ((coins == level.end()) == (gems == level.end())) {
                    error = level_at + ": give either \"coins\" (a bonus level) or \"gems\" (a B-side)";
                    return std::nullopt;
                }
                if (coins != level.end()) {
                    if (!coins->is_number_integer() || coins->get<long long>() < 1 ||
                        coins->get<long long>() > chapters_max_coins) {
                        error = level_at + ": \"coins\" must be a whole number from 1 to " +
                                std::to_string(chapters_max_coins);
                        return std::nullopt;
                    }
                    entry.coins_needed = coins->get<int>();
                } else {
                    // The gems a B-side needs must be findable in the chapter's other levels.
                    const long long most = static_cast<long long>(chapters_max_gems_per_level) *
                                           static_cast<long long>(levels->size() - 1);
                    if (!gems->is_number_integer() || gems->get<long long>() < 1 ||
                        gems->get<long long>() > most) {
                        error = level_at + ": \"gems\" must be a whole number from 1 to " +
                                std::to_string(most) + " (" + std::to_string(chapters_max_gems_per_level) +
                                " for each other level of the chapter), got " + gems->dump();
                        return std::nullopt;
                    }
                    entry.gems_needed = gems->get<int>();
                }
            } else {
                error = level_at +
                        " must be a level folder name, {\"level\", \"coins\"} or {\"level\", \"gems\"}";
                return std::nullopt;
            }
            if (entry.level.empty() || entry.level.size() > chapters_max_text) {
                error = level_at + ": the level name must be 1 to " + std::to_string(chapters_max_text) +
                        " bytes long";
                return std::nullopt;
            }
            if (!seen.insert(entry.level).second) {
                error = level_at + ": level \"" + entry.level + "\" is listed twice";
                return std::nullopt;
            }
            if (chapters.empty() && l == 0 && entry.off_path()) {
                error = level_at + ": the first level cannot be a bonus level or a B-side";
                return std::nullopt;
            }
            chapter.levels.push_back(std::move(entry));
        }
        chapters.push_back(std::move(chapter));
    }
    if (auto par = doc.find("par"); par != doc.end()) {
        if (!par->is_object()) {
            error = where + ": \"par\" must be an object of level names and seconds";
            return std::nullopt;
        }
        for (const auto& [level, seconds] : par->items()) {
            const std::string at = where + ": par." + level;
            ChapterLevel* entry = nullptr;
            for (Chapter& chapter : chapters) {
                for (ChapterLevel& listed : chapter.levels) {
                    if (listed.level == level) entry = &listed;
                }
            }
            if (!entry) {
                error = at + ": no chapter lists this level";
                return std::nullopt;
            }
            if (!seconds.is_number_integer() || seconds.get<long long>() < 1 ||
                seconds.get<long long>() > chapters_max_par_seconds) {
                error = at + ": the par time must be a whole number of seconds from 1 to " +
                        std::to_string(chapters_max_par_seconds) + ", got " + seconds.dump();
                return std::nullopt;
            }
            entry->par_seconds = seconds.get<int>();
        }
    }
    return Chapters(std::move(chapters));
}

std::optional<Chapters> load_chapters(const std::filesystem::path& path, std::string& error) {
    JsonLoad loaded = load_json_file(path, chapters_max_bytes, 8);
    if (!loaded.value) {
        error = loaded.error;
        return std::nullopt;
    }
    return parse_chapters(*loaded.value, path.string(), error);
}

}  // namespace qs
