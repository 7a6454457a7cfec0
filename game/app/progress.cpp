// Progress file: load with checks, record completions, atomic save.
#include "game/app/progress.hpp"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "engine/json_file.hpp"
#include "engine/save_file.hpp"
#include "game/app/paths.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/sim/world.hpp"
#include "game/view/hud.hpp"

namespace qs {

namespace {

using nlohmann::json;

/// `value` as an integer in [lo, hi] (a float, a string or an integer out of range is refused).
bool read_integer(const json& value, std::int64_t lo, std::int64_t hi, std::int64_t& out) {
    if (value.is_number_unsigned()) {
        const std::uint64_t u = value.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(hi)) return false;
        out = static_cast<std::int64_t>(u);
    } else if (value.is_number_integer()) {
        out = value.get<std::int64_t>();
    } else {
        return false;
    }
    return out >= lo && out <= hi;
}

/// A digest as 16 hex digits (JSON numbers lose precision above 2^53 in many readers).
std::string digest_text(std::uint64_t digest) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(digest));
    return text;
}

/// 16 lowercase hex digits back to a digest; false for anything else.
bool parse_digest(const json& value, std::uint64_t& digest) {
    if (!value.is_string()) return false;
    const std::string& text = value.get_ref<const std::string&>();
    if (text.size() != 16) return false;
    digest = 0;
    for (char c : text) {
        const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0) return false;
        digest = digest << 4 | static_cast<std::uint64_t>(digit);
    }
    return true;
}

/// Reads a split record; empty when valid, else what is wrong with it.
std::string read_splits(const json& value, SplitRecord& record) {
    if (!value.is_object()) return "not an object";
    auto play = value.find("play");
    if (play == value.end() || !parse_digest(*play, record.play)) return "\"play\" is not 16 hex digits";
    // A split point is a checkpoint's entity index, the goal (-1) or, where a segment starts, the start (-2).
    constexpr std::int64_t max_index = 0xFFFFFFFF;
    const std::string range =
        "lists of [place, ticks] (best_run) and [from, to, ticks] (best_segments), at most " +
        std::to_string(SplitRecord::max_splits) + ", places from -2 to " + std::to_string(max_index) +
        ", ticks from 0 to " + std::to_string(SplitRecord::max_ticks);
    for (const char* name : {"best_run", "best_segments"}) {
        auto list = value.find(name);
        const bool segments = std::string(name) == "best_segments";
        if (list == value.end() || !list->is_array() || list->size() > SplitRecord::max_splits) return range;
        for (const json& entry : *list) {
            const std::size_t size = segments ? 3 : 2;
            if (!entry.is_array() || entry.size() != size) return range;
            std::int64_t numbers[3] = {};
            for (std::size_t i = 0; i < size; ++i) {
                const bool ticks = i + 1 == size;
                const std::int64_t low = ticks ? 0 : (segments && i == 0 ? split_at_start : split_at_goal);
                if (!read_integer(entry[i], low, ticks ? SplitRecord::max_ticks : max_index, numbers[i]))
                    return range;
            }
            if (segments) {
                record.best_segments.push_back({numbers[0], numbers[1], numbers[2]});
            } else {
                record.best_run.push_back({numbers[0], numbers[1]});
            }
        }
    }
    return {};
}

/// Reads a list of gem indices (each 1 to Gem::max_index, none twice) into a mask; false for anything else.
bool read_gems(const json& value, unsigned& mask) {
    if (!value.is_array() || value.size() > static_cast<std::size_t>(Gem::max_index)) return false;
    mask = 0;
    for (const json& index : value) {
        std::int64_t number = 0;
        if (!read_integer(index, 1, Gem::max_index, number)) return false;
        const unsigned bit = 1u << (number - 1);
        if (mask & bit) return false;
        mask |= bit;
    }
    return true;
}

/// A gem mask as the list of its indices, lowest first.
json gem_list(unsigned mask) {
    json list = json::array();
    for (int index = 1; index <= Gem::max_index; ++index) {
        if (mask & (1u << (index - 1))) list.push_back(index);
    }
    return list;
}

/// Reads one entry; empty when valid, else what is wrong with it.
std::string read_entry(const json& entry, LevelRecord& record) {
    if (!entry.is_object()) return "not an object";
    auto field = [&](const char* name) -> const json* {
        auto it = entry.find(name);
        return it == entry.end() ? nullptr : &*it;
    };
    const json* completed = field("completed");
    if (!completed || !completed->is_boolean()) return "\"completed\" is not true or false";
    record.completed = completed->get<bool>();
    for (auto [name, target] : {std::pair{"skipped", &record.skipped}, {"par_beaten", &record.par_beaten}}) {
        if (const json* flag = field(name)) {  // optional: files written before it have none
            if (!flag->is_boolean()) return std::string("\"") + name + "\" is not true or false";
            *target = flag->get<bool>();
        }
    }
    std::int64_t number = 0;
    const json* ticks = field("best_ticks");
    if (!ticks || !read_integer(*ticks, 0, LevelRecord::max_ticks, number))
        return "\"best_ticks\" is not an integer from 0 to " + std::to_string(LevelRecord::max_ticks);
    record.best_ticks = number;
    for (auto [name, target] :
         {std::pair{"best_coins", &record.best_coins}, {"coins_total", &record.coins_total}}) {
        const json* coins = field(name);
        if (!coins || !read_integer(*coins, 0, LevelRecord::max_coins, number))
            return std::string("\"") + name + "\" is not an integer from 0 to " +
                   std::to_string(LevelRecord::max_coins);
        *target = static_cast<int>(number);
    }
    // A record written before tuning was kept counts as made with the defaults.
    record.best_tuning = tuning_digest(Tuning{});
    for (auto [name, target] :
         {std::pair{"best_tuning", &record.best_tuning}, {"best_play", &record.best_play}}) {
        const json* digest = field(name);
        if (digest && !parse_digest(*digest, *target))
            return std::string("\"") + name + "\" is not 16 hex digits";
    }
    // Gems: optional (files written before gems have none), each a list of distinct indices.
    for (auto [name, target] : {std::pair{"gems", &record.gems}, {"gems_placed", &record.gems_placed}}) {
        const json* gems = field(name);
        if (gems && !read_gems(*gems, *target))
            return std::string("\"") + name + "\" is not a list of distinct gem indices from 1 to " +
                   std::to_string(Gem::max_index);
    }
    if (const json* splits = field("splits")) {
        if (std::string problem = read_splits(*splits, record.splits); !problem.empty())
            return "\"splits\": " + problem;
    }
    return {};
}

}  // namespace

Progress Progress::load(const std::filesystem::path& path, std::string& message) {
    Progress progress;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return progress;
    JsonLoad doc = load_json_file(path, 4 << 20, 8);
    const json* levels = nullptr;
    if (doc.value && doc.value->is_object()) {
        auto it = doc.value->find("levels");
        if (it != doc.value->end() && it->is_object()) levels = &*it;
    }
    if (!levels) {
        progress.damaged_ = true;
        message = (doc.value ? path.string() + ": not a progress file" : doc.error) +
                  " - progress starts empty; the file will be kept as " + path.filename().string() +
                  ".damaged";
        return progress;
    }
    std::size_t bad = 0;
    std::string first_problem;
    for (const auto& [name, entry] : levels->items()) {
        LevelRecord record;
        std::string problem = read_entry(entry, record);
        if (problem.empty()) {
            progress.levels_[name] = record;
        } else if (bad++ == 0) {
            first_problem = "level '" + name + "': " + problem;
        }
    }
    if (bad > 0) {
        progress.damaged_ = true;
        message = path.string() + ": " + std::to_string(bad) + " of " + std::to_string(levels->size()) +
                  " entries left out (" + first_problem + "); the file will be kept as " +
                  path.filename().string() + ".damaged";
    }
    return progress;
}

bool Progress::save(const std::filesystem::path& path, std::string& message) {
    namespace fs = std::filesystem;
    if (damaged_) {
        // What could not be read is never overwritten: it goes aside first.
        std::error_code ec;
        fs::path aside = path;
        aside += ".damaged";
        for (int n = 2; fs::exists(aside, ec) || ec; ++n) {
            if (n > 1000 || ec) {
                message = path.string() + ": cannot set the damaged progress file aside - not overwritten";
                return false;
            }
            aside = path;
            aside += ".damaged-" + std::to_string(n);
        }
        fs::rename(path, aside, ec);
        if (std::error_code gone; ec && fs::exists(path, gone)) {
            message = path.string() + ": cannot set the damaged progress file aside (" + ec.message() +
                      ") - not overwritten";
            return false;
        }
        damaged_ = false;
    }
    json levels = json::object();
    for (const auto& [name, record] : levels_) {
        levels[name] = {{"completed", record.completed},
                        {"best_ticks", record.best_ticks},
                        {"best_coins", record.best_coins},
                        {"coins_total", record.coins_total},
                        {"best_tuning", digest_text(record.best_tuning)},
                        {"best_play", digest_text(record.best_play)}};
        if (record.skipped) levels[name]["skipped"] = true;
        if (record.par_beaten) levels[name]["par_beaten"] = true;
        if (record.gems_placed != 0 || record.gems != 0) {
            levels[name]["gems"] = gem_list(record.gems);
            levels[name]["gems_placed"] = gem_list(record.gems_placed);
        }
        if (record.splits.play == 0) continue;
        json run = json::array(), segments = json::array();
        for (const Split& split : record.splits.best_run) run.push_back({split.at, split.ticks});
        for (const Segment& segment : record.splits.best_segments)
            segments.push_back({segment.from, segment.to, segment.ticks});
        levels[name]["splits"] = {
            {"play", digest_text(record.splits.play)}, {"best_run", run}, {"best_segments", segments}};
    }
    std::string text = json{{"levels", levels}}.dump(2) + "\n";
    return write_file_atomically(path, std::vector<std::uint8_t>(text.begin(), text.end()), message);
}

bool Progress::record(const std::string& level, std::int64_t ticks, int coins, int coins_total,
                      const PlayIdentity& play, GemsFound gems, std::int64_t par_ticks) {
    LevelRecord& record = levels_[level];
    // A level finished only with assists has no best time (0) to beat.
    const bool best = !record.completed || record.best_ticks == 0 || record.best_tuning != play.tuning ||
                      ticks < record.best_ticks;
    if (best) {
        record.best_ticks = ticks;
        record.best_tuning = play.tuning;
        record.best_play = play.id();
    }
    record.completed = true;
    if (par_ticks > 0 && ticks <= par_ticks) record.par_beaten = true;
    record.best_coins = std::max(record.best_coins, coins);
    record.coins_total = coins_total;
    keep_gems(record, gems);
    return best;
}

void Progress::keep_gems(LevelRecord& record, GemsFound gems) {
    record.gems |= gems.found & LevelRecord::max_gem_mask;
    record.gems_placed = gems.placed & LevelRecord::max_gem_mask;
}

int Progress::gems_found() const {
    int total = 0;
    for (const auto& [name, record] : levels_) total += gem_count(record.gems);
    return total;
}

GemsFound gems_of(const World& world) {
    GemsFound gems;
    for (const Entity& entity : world.entities) {
        const auto* gem = std::get_if<Gem>(&entity);
        if (!gem) continue;
        gems.placed |= gem->bit();
        if (gem->collected) gems.found |= gem->bit();
    }
    return gems;
}

std::string gems_summary(unsigned kept_before, GemsFound run) {
    if (run.placed == 0) return {};
    std::string text =
        "Gems " + std::to_string(gem_count(run.found)) + "/" + std::to_string(gem_count(run.placed));
    if (run.found & ~kept_before) text += ", new!";
    return text;
}

std::string par_summary(std::int64_t ticks, std::int64_t par_ticks) {
    if (par_ticks <= 0) return {};
    const std::string par = "Par " + format_time(par_ticks);
    const std::int64_t margin = ticks <= par_ticks ? par_ticks - ticks : ticks - par_ticks;
    // Tenths of a second, rounded down as the times are shown.
    const std::string seconds = std::to_string(margin / 60) + "." + std::to_string(margin % 60 / 6) + " s";
    if (ticks > par_ticks) return par + ", " + seconds + " over";
    return margin < 6 ? par + ", beaten" : par + ", beaten by " + seconds;
}

int gem_count(unsigned mask) {
    int count = 0;
    for (; mask != 0; mask &= mask - 1) ++count;
    return count;
}

SplitRecord Progress::splits_for(const std::string& level, std::uint64_t play) const {
    const LevelRecord* record = find(level);
    return record && record->splits.play == play ? record->splits : SplitRecord{};
}

const LevelRecord* Progress::find(const std::string& level) const {
    auto it = levels_.find(level);
    return it == levels_.end() ? nullptr : &it->second;
}

const LevelRecord* Progress::find_listed(const std::string& name, bool shipped) const {
    const std::string key = listed_key(name, shipped);
    return key.empty() ? nullptr : find(key);
}

std::string Progress::listed_key(const std::string& name, bool shipped) const {
    if (shipped) return levels_.count(name) ? name : std::string();
    const std::string prefix = name + "@";
    std::string found;
    for (auto it = levels_.lower_bound(prefix); it != levels_.end() && it->first.rfind(prefix, 0) == 0;
         ++it) {
        const std::string digest = it->first.substr(prefix.size());
        if (digest.size() != 16 || digest.find_first_not_of("0123456789abcdef") != std::string::npos)
            continue;  // a level whose own name goes on with '@'
        if (!found.empty()) return {};
        found = it->first;
    }
    return found;
}

bool Progress::adopt_unkeyed(const std::string& name, const std::string& key, const PlayIdentity& play) {
    auto it = levels_.find(name);
    if (key == name || it == levels_.end() || levels_.count(key) || it->second.best_play != play.id())
        return false;
    levels_[key] = it->second;
    levels_.erase(name);
    return true;
}

ChapterProgress Progress::for_chapters() const {
    ChapterProgress result;
    for (const auto& [name, record] : levels_) result.coins += record.best_coins;
    result.gems = gems_found();
    result.gems_in = [this](const std::string& level) {
        const LevelRecord* record = find(level);
        return record ? gem_count(record->gems) : 0;
    };
    result.finished = [this](const std::string& level) {
        const LevelRecord* record = find(level);
        return record && (record->completed || record->skipped);
    };
    return result;
}

std::string record_key(const std::string& name, bool shipped, const PlayIdentity& play) {
    return shipped ? name : name + "@" + digest_text(play.layout_id());
}

std::string record_file_stem(const std::string& key) {
    std::string stem;
    for (char c : key) {
        if (c == '%')
            stem += "%25";
        else if (c == '/')
            stem += "%2F";
        else
            stem += c;
    }
    return stem;
}

std::filesystem::path progress_path() {
    return user_data_dir() / "progress.json";
}

}  // namespace qs
