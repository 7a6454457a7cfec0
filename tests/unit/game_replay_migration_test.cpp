// Replay files written before an action was added (15 actions, before retry_spot) still decode, with
// their held actions where they were; files from a newer build (more actions) are refused with the reason;
// settings files older than an action keep its default key unless they gave that key to another action.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "game/app/settings.hpp"
#include "game/save/replay.hpp"
#include "game/save/save_codec.hpp"

using namespace qs;

namespace {

template <class T>
void put(std::vector<std::uint8_t>& out, T value) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof value);
}

/// A replay file as a build with `actions` actions wrote it (format 1): right held, then right and jump.
std::vector<std::uint8_t> replay_file(std::uint32_t actions, std::uint64_t extra_bits = 0) {
    std::vector<std::uint8_t> body = {'Q', 'S', 'R', 'E', 'P', 'L', 'A', 'Y'};
    put(body, std::uint32_t{1});
    put(body, actions);
    put(body, std::int64_t{0});
    put(body, std::int64_t{100});
    put(body, std::int64_t{-1});
    put(body, std::uint8_t{0});
    put(body, std::uint32_t{2});
    put(body, std::uint32_t{0});
    put(body, std::uint64_t{1} << static_cast<int>(Action::right));
    put(body, std::uint32_t{50});
    put(body, (std::uint64_t{1} << static_cast<int>(Action::right)) |
                  (std::uint64_t{1} << static_cast<int>(Action::jump)) | extra_bits);
    return wrap_save_body(quickstep_saves, body, 2, "01_first_steps", 42);
}

}  // namespace

TEST_CASE("replay: a file from before retry_spot (15 actions) still plays as recorded") {
    static_assert(static_cast<int>(Action::retry_spot) == 15, "actions are only ever appended");
    std::string error;
    std::optional<Replay> old = decode_replay(replay_file(15), error);
    REQUIRE_MESSAGE(old, error);
    CHECK(old->held_at(10) == std::uint64_t{1} << static_cast<int>(Action::right));
    ActionState actions;
    actions.begin_tick();
    old->apply(60, actions);
    CHECK(actions.held(Action::right));
    CHECK(actions.held(Action::jump));
    CHECK_FALSE(actions.held(Action::retry_spot));

    // A bit past the file's own actions is damage, even if this build knows that action.
    CHECK_FALSE(decode_replay(replay_file(15, std::uint64_t{1} << 15), error));
    CHECK(error.find("unknown actions") != std::string::npos);
    // The current format round-trips; a newer build's file (more actions) is refused with the reason.
    CHECK(decode_replay(replay_file(static_cast<std::uint32_t>(action_count)), error));
    CHECK_FALSE(decode_replay(replay_file(static_cast<std::uint32_t>(action_count) + 1), error));
    CHECK(error.find("a newer build's replay") != std::string::npos);
}

TEST_CASE("settings: a file older than retry_spot gets T for it, unless the file gave T to another action") {
    namespace fs = std::filesystem;
    const fs::path path = fs::temp_directory_path() / "quickstep-settings-before-retry.json";
    auto load = [&](const char* text) {
        std::ofstream(path) << text;
        std::string message;
        Settings s = Settings::load(path, message);
        CHECK(message.empty());
        return s;
    };
    auto retry_keys = [](const Settings& s) { return s.keys[static_cast<std::size_t>(Action::retry_spot)]; };
    CHECK(retry_keys(load(R"({ "keys": { "jump": ["Space"] } })")) ==
          std::vector<SDL_Scancode>{SDL_SCANCODE_T});
    Settings taken = load(R"({ "keys": { "jump": ["Space", "T"] } })");
    CHECK(retry_keys(taken).empty());  // no conflict made behind the player's back
    CHECK(taken.keys[static_cast<std::size_t>(Action::jump)] ==
          std::vector<SDL_Scancode>{SDL_SCANCODE_SPACE, SDL_SCANCODE_T});
    fs::remove(path);
}
