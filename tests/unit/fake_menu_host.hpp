// A MenuHost for menu tests: settings, level listings and progress it is given, and counters for what the
// menus asked of it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/app/menu_screens.hpp"

namespace qs {

/// Levels and progress as the test sets them; settings start at the defaults.
class FakeHost final : public MenuHost {
   public:
    Settings settings_ = Settings::defaults();
    int captures = 0, saves = 0, quits = 0;
    std::vector<LevelListing> levels_;
    Progress progress_;
    Chapters chapters_;

    const std::vector<LevelListing>& rescan_levels() override { return levels_; }
    const std::vector<LevelListing>& levels() const override { return levels_; }
    const Progress& progress() const override { return progress_; }
    const Chapters& chapters() const override { return chapters_; }
    std::uint64_t tuning_digest() const override { return qs::tuning_digest(Tuning{}); }
    Settings& settings() override { return settings_; }
    void settings_changed() override { ++saves; }
    void capture_binding() override { ++captures; }
    std::string level_name() const override { return ""; }
    bool in_play() const override { return false; }
    void start_level(const std::filesystem::path& folder) override { started.push_back(folder); }
    std::vector<std::filesystem::path> started;
    bool has_best_run(const LevelListing&) const override { return best_run_; }
    bool best_run_ = false;
    void watch_best_run(const LevelListing&) override { ++best_watches; }
    int best_watches = 0;
    void watch_maker_clear(const LevelListing&) override { ++maker_watches; }
    void share_level(const LevelListing&) override { ++shares; }
    int maker_watches = 0, shares = 0;
    void restart_level() override {}
    void next_level() override {}
    bool can_skip_level() const override { return skippable_; }
    void skip_level() override { ++skips; }
    bool skippable_ = false;
    int skips = 0;
    void quit_to_title() override {}
    void quit_game() override { ++quits; }
    bool has_quicksave() const override { return quicksave_; }
    void continue_from_quicksave() override { ++continues; }
    bool quicksave_ = false;
    int continues = 0;
    void play_sound(const std::string&) override {}
};

}  // namespace qs
