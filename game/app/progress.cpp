// Progress file: load with checks, record completions, atomic save.
#include "game/app/progress.hpp"

#include <nlohmann/json.hpp>

#include "engine/json_file.hpp"
#include "engine/save_file.hpp"
#include "game/app/paths.hpp"
#include "game/levels/level_catalog.hpp"

namespace qs {

Progress Progress::load(const std::filesystem::path& path, std::string& message) {
    Progress progress;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return progress;
    JsonLoad doc = load_json_file(path, 4 << 20, 8);
    if (!doc.value) {
        message = doc.error + " - progress starts empty";
        return progress;
    }
    try {
        for (const auto& [name, entry] : doc.value->at("levels").items()) {
            LevelRecord record;
            record.completed = entry.at("completed").get<bool>();
            record.best_ticks = entry.at("best_ticks").get<std::int64_t>();
            record.best_coins = entry.at("best_coins").get<int>();
            record.coins_total = entry.at("coins_total").get<int>();
            progress.levels_[name] = record;
        }
    } catch (const nlohmann::json::exception& e) {
        message = path.string() + ": not a progress file (" + e.what() + ") - progress starts empty";
        return Progress{};
    }
    return progress;
}

bool Progress::save(const std::filesystem::path& path, std::string& message) const {
    nlohmann::json levels = nlohmann::json::object();
    for (const auto& [name, record] : levels_) {
        levels[name] = {{"completed", record.completed},
                        {"best_ticks", record.best_ticks},
                        {"best_coins", record.best_coins},
                        {"coins_total", record.coins_total}};
    }
    std::string text = nlohmann::json{{"levels", levels}}.dump(2) + "\n";
    return write_file_atomically(path, std::vector<std::uint8_t>(text.begin(), text.end()), message);
}

bool Progress::record(const std::string& level, std::int64_t ticks, int coins, int coins_total) {
    LevelRecord& record = levels_[level];
    bool best = !record.completed || ticks < record.best_ticks;
    if (best) record.best_ticks = ticks;
    record.completed = true;
    record.best_coins = std::max(record.best_coins, coins);
    record.coins_total = coins_total;
    return best;
}

const LevelRecord* Progress::find(const std::string& level) const {
    auto it = levels_.find(level);
    return it == levels_.end() ? nullptr : &it->second;
}

std::filesystem::path progress_path() {
    return user_data_dir() / "progress.json";
}

}  // namespace qs
