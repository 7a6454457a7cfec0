// Settings: defaults, a save/load round trip with rebound keys and buttons, and malformed files that
// give a message naming the file and fall back to the defaults.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "game/app/settings.hpp"

using namespace qs;
namespace fs = std::filesystem;

namespace {
fs::path write_temp(const std::string& name, const std::string& text) {
    fs::path path = fs::temp_directory_path() / ("quickstep-settings-" + name + ".json");
    std::ofstream(path) << text;
    return path;
}
}  // namespace

TEST_CASE("settings: rebound keys, buttons, volume and fullscreen survive save and load") {
    Settings settings = Settings::defaults();
    settings.volume = 30;
    settings.music_volume = 45;
    settings.fullscreen = true;
    settings.screen_shake = false;
    settings.livesplit = true;
    settings.split_timer = true;
    settings.input_display = true;
    settings.game_speed = 60;
    settings.livesplit_server = "[::1]:9000";
    settings.keys[static_cast<std::size_t>(Action::jump)] = {SDL_SCANCODE_X};
    settings.buttons[static_cast<std::size_t>(Action::jump)] = {SDL_CONTROLLER_BUTTON_B};
    fs::path path = fs::temp_directory_path() / "quickstep-settings-roundtrip.json";
    std::string message;
    REQUIRE(settings.save(path, message));
    Settings loaded = Settings::load(path, message);
    CHECK(message.empty());
    CHECK(loaded.volume == 30);
    CHECK(loaded.music_volume == 45);
    CHECK(loaded.fullscreen);
    CHECK_FALSE(loaded.screen_shake);
    CHECK(loaded.livesplit);
    CHECK(loaded.split_timer);
    CHECK(loaded.input_display);
    CHECK(loaded.game_speed == 60);
    CHECK(loaded.livesplit_server == "[::1]:9000");
    CHECK(loaded.keys[static_cast<std::size_t>(Action::jump)] == std::vector<SDL_Scancode>{SDL_SCANCODE_X});
    CHECK(loaded.buttons[static_cast<std::size_t>(Action::jump)] ==
          std::vector<SDL_GameControllerButton>{SDL_CONTROLLER_BUTTON_B});
    CHECK(loaded.keys[static_cast<std::size_t>(Action::left)] ==
          settings.keys[static_cast<std::size_t>(Action::left)]);
    fs::remove(path);
}

TEST_CASE("settings: a missing file gives the defaults quietly") {
    std::string message;
    Settings loaded = Settings::load(fs::temp_directory_path() / "quickstep-no-such-settings.json", message);
    CHECK(message.empty());
    CHECK(loaded.volume == Settings::defaults().volume);
}

TEST_CASE("settings: malformed files give a message naming the file and the defaults") {
    struct Case {
        const char* name;
        const char* text;
        const char* expected;
    };
    for (const Case& c : {
             Case{"syntax", "{ \"volume\": 50,\n  \"fullscreen\": tru }", "line 2, column"},
             Case{"volume", "{ \"volume\": 500 }", "volume must be a whole number from 0 to 100"},
             Case{"screen shake", "{ \"screen_shake\": 1 }", "screen_shake must be true or false"},
             Case{"volume 2^32+50", "{ \"volume\": 4294967346 }",
                  "volume must be a whole number from 0 to 100"},
             Case{"volume 2^63", "{ \"volume\": 9223372036854775808 }",
                  "volume must be a whole number from 0 to 100"},
             Case{"volume 2^64-1", "{ \"volume\": 18446744073709551615 }",
                  "volume must be a whole number from 0 to 100"},
             Case{"volume 50.0", "{ \"volume\": 50.0 }", "volume must be a whole number from 0 to 100"},
             Case{"music 2^32", "{ \"music_volume\": 4294967296 }",
                  "music_volume must be a whole number from 0 to 100"},
             Case{"rewind 2^32+5", "{ \"rewind_seconds\": 4294967301 }",
                  "rewind_seconds must be a whole number from 0 to 600"},
             Case{"music volume", "{ \"music_volume\": -1 }",
                  "music_volume must be a whole number from 0 to 100"},
             Case{"type", "{ \"fullscreen\": \"yes\" }", "fullscreen must be true or false"},
             Case{"action", "{ \"keys\": { \"jmup\": [\"X\"] } }", "unknown action 'jmup'"},
             Case{"key", "{ \"keys\": { \"jump\": [\"NoSuchKey\"] } }", "unknown key 'NoSuchKey'"},
             Case{"array", "[1, 2, 3]", "settings must be a JSON object"},
             Case{"livesplit", "{ \"livesplit\": \"on\" }", "livesplit must be true or false"},
             Case{"split timer", "{ \"split_timer\": 1 }", "split_timer must be true or false"},
             Case{"input display", "{ \"input_display\": null }", "input_display must be true or false"},
             Case{"game speed", "{ \"game_speed\": 40 }", "game_speed must be a whole number from 50 to 100"},
             Case{"game speed 2", "{ \"game_speed\": 75.5 }", "game_speed must be a whole number from 50 to 100"},
             Case{"livesplit server", "{ \"livesplit_server\": \"localhost\" }",
                  "livesplit_server needs HOST:PORT"},
             Case{"livesplit port", "{ \"livesplit_server\": \"localhost:70000\" }",
                  "livesplit_server needs HOST:PORT"},
         }) {
        CAPTURE(c.name);
        fs::path path = write_temp(c.name, c.text);
        std::string message;
        Settings loaded = Settings::load(path, message);
        CHECK(message.find(path.string()) != std::string::npos);
        CHECK(message.find(c.expected) != std::string::npos);
        CHECK(message.find("using default settings") != std::string::npos);
        CHECK(loaded.volume == Settings::defaults().volume);
        CHECK(loaded.keys[static_cast<std::size_t>(Action::jump)] ==
              Settings::defaults().keys[static_cast<std::size_t>(Action::jump)]);
        fs::remove(path);
    }
}
