// The controls model and the Options screens that edit it: adding and removing single keys, conflicts
// found before they are made (jump to Right while Right moves), moves that would leave an action without
// a key refused, player-facing names in the menus, and bindings kept through settings.json.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "fake_menu_host.hpp"
#include "game/app/bindings.hpp"
#include "game/app/menu_screens.hpp"

using namespace qs;
namespace fs = std::filesystem;

namespace {

const std::vector<SDL_Scancode>& keys(const Settings& s, Action a) {
    return s.keys[static_cast<std::size_t>(a)];
}

/// Highlights the first item whose label starts with `prefix` and confirms it.
void choose(MenuScreens& menus, const std::string& prefix) {
    const Menu* menu = menus.menu();
    REQUIRE(menu);
    auto it = std::find_if(menu->items.begin(), menu->items.end(),
                           [&](const MenuItem& item) { return item.label.rfind(prefix, 0) == 0; });
    REQUIRE_MESSAGE(it != menu->items.end(), "no item '" << prefix << "' in " << menu->title);
    int target = static_cast<int>(it - menu->items.begin());
    while (menus.menu()->cursor != target) menus.handle({{Action::down, true}});
    menus.handle({{Action::confirm, true}});
}

bool has_item(const MenuScreens& menus, const std::string& prefix) {
    const Menu* menu = menus.menu();
    return std::any_of(menu->items.begin(), menu->items.end(),
                       [&](const MenuItem& item) { return item.label.rfind(prefix, 0) == 0; });
}

}  // namespace

TEST_CASE("bindings: the built-in controls have no conflicts; the contexts decide what conflicts") {
    CHECK(describe_conflicts(Settings::defaults()).empty());
    CHECK(actions_conflict(Action::jump, Action::right));  // in play
    CHECK(actions_conflict(Action::jump, Action::up));     // in menus: confirm and move up
    CHECK(actions_conflict(Action::rewind, Action::restart));
    CHECK_FALSE(actions_conflict(Action::jump, Action::confirm));  // both confirm in a menu
    CHECK_FALSE(actions_conflict(Action::pause, Action::back));    // both go back in a menu
    CHECK_FALSE(actions_conflict(Action::rewind, Action::back));   // Backspace: rewind in play, back in menus
    CHECK_FALSE(actions_conflict(Action::quicksave, Action::up));  // up does nothing in play
}

TEST_CASE("bindings: adding a key keeps the others, removing takes one, the last key stays") {
    Settings s = Settings::defaults();
    BindCheck check = check_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_X));
    CHECK(check.kind == BindCheck::Kind::add);
    add_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_X));
    CHECK(keys(s, Action::jump) ==
          std::vector<SDL_Scancode>{SDL_SCANCODE_SPACE, SDL_SCANCODE_Z, SDL_SCANCODE_K, SDL_SCANCODE_X});
    CHECK(check_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_X)).kind == BindCheck::Kind::already);

    CHECK(remove_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_Z)));
    CHECK(keys(s, Action::jump) ==
          std::vector<SDL_Scancode>{SDL_SCANCODE_SPACE, SDL_SCANCODE_K, SDL_SCANCODE_X});
    CHECK_FALSE(remove_binding(s, Action::quicksave, InputCode::key(SDL_SCANCODE_F5)));  // its only key
    CHECK(keys(s, Action::quicksave) == std::vector<SDL_Scancode>{SDL_SCANCODE_F5});
    // A gamepad button may go: the keyboard still has the action.
    CHECK(remove_binding(s, Action::quicksave, InputCode::button(SDL_CONTROLLER_BUTTON_LEFTSHOULDER)));
    CHECK(s.buttons[static_cast<std::size_t>(Action::quicksave)].empty());
    CHECK(check_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_ESCAPE)).kind ==
          BindCheck::Kind::cancel_input);
}

TEST_CASE("bindings: jump to Right while Right moves is a conflict, settled by moving the key") {
    Settings s = Settings::defaults();
    InputCode right = InputCode::key(SDL_SCANCODE_RIGHT);
    BindCheck check = check_binding(s, Action::jump, right);
    REQUIRE(check.kind == BindCheck::Kind::conflict);
    CHECK(check.other == Action::right);
    CHECK(check.other_keeps == std::vector<InputCode>{InputCode::key(SDL_SCANCODE_D)});
    REQUIRE(move_binding(s, Action::jump, right));
    CHECK(keys(s, Action::right) == std::vector<SDL_Scancode>{SDL_SCANCODE_D});
    CHECK(std::count(keys(s, Action::jump).begin(), keys(s, Action::jump).end(), SDL_SCANCODE_RIGHT) == 1);
    CHECK(describe_conflicts(s).empty());

    // Now D is the only key of Move right: taking it too is refused, nothing changes.
    InputCode d = InputCode::key(SDL_SCANCODE_D);
    check = check_binding(s, Action::quicksave, d);
    CHECK(check.kind == BindCheck::Kind::conflict);
    CHECK(check.other_keeps.empty());
    Settings before = s;
    CHECK_FALSE(move_binding(s, Action::quicksave, d));
    CHECK(s.keys == before.keys);

    // Sharing without a conflict is allowed: Enter confirms in menus and may also jump.
    CHECK(check_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_RETURN)).kind == BindCheck::Kind::add);
    // Gamepad: quicksave on A (jump's button) conflicts, and jump would be left without a button.
    check = check_binding(s, Action::quicksave, InputCode::button(SDL_CONTROLLER_BUTTON_A));
    CHECK(check.kind == BindCheck::Kind::conflict);
    CHECK(check.other == Action::jump);
    CHECK(check.other_keeps.empty());
}

TEST_CASE("bindings: player-facing names for actions and inputs") {
    CHECK(action_label(Action::quickload_older) == "Older save");
    CHECK(action_label(Action::left) == "Move left");
    for (Action a : rebindable_actions()) CHECK(action_label(a).find('_') == std::string_view::npos);
    CHECK(input_label(InputCode::key(SDL_SCANCODE_SPACE)) == "Space");
    CHECK(input_label(InputCode::button(SDL_CONTROLLER_BUTTON_LEFTSHOULDER)) == "pad LB");
    CHECK(input_label(InputCode::button(left_trigger_button)) == "pad LT");
}

TEST_CASE("options: the controls screens add, remove and settle a conflict, with player-facing names") {
    FakeHost host;
    MenuScreens menus(host);
    menus.open_options(MenuScreens::Scene::title);
    choose(menus, "Controls");
    CHECK(menus.menu()->title == "CONTROLS");
    for (const MenuItem& item : menus.menu()->items)
        CHECK(item.label.find("quickload_older") == std::string::npos);
    CHECK(has_item(menus, "Older save: F8  /  pad Y"));
    CHECK(has_item(menus, "Jump: Space, Z, K  /  pad A"));

    // Add X to jump: the old keys stay.
    choose(menus, "Jump");
    CHECK(menus.menu()->title == "Jump");
    choose(menus, "Add a key or button");
    CHECK(host.captures == 1);
    menus.binding_captured(InputCode::key(SDL_SCANCODE_X));
    CHECK(keys(host.settings_, Action::jump).size() == 4);
    CHECK(menus.menu()->subtitle == "Added X");
    CHECK(has_item(menus, "Remove X"));

    // Right: a conflict screen, nothing changed until the player chooses.
    choose(menus, "Add a key or button");
    menus.binding_captured(InputCode::key(SDL_SCANCODE_RIGHT));
    CHECK(menus.menu()->title == "ALREADY IN USE");
    CHECK(menus.menu()->subtitle == "Right already does: Move right");
    CHECK(keys(host.settings_, Action::right).size() == 2);
    choose(menus, "Keep Right for Move right");
    CHECK(keys(host.settings_, Action::right).size() == 2);
    CHECK(keys(host.settings_, Action::jump).size() == 4);
    choose(menus, "Add a key or button");
    menus.binding_captured(InputCode::key(SDL_SCANCODE_RIGHT));
    choose(menus, "Use Right for Jump instead");
    CHECK(keys(host.settings_, Action::right) == std::vector<SDL_Scancode>{SDL_SCANCODE_D});
    CHECK(menus.menu()->subtitle == "Right moved here from Move right");
    CHECK(describe_conflicts(host.settings_).empty());

    // Remove Z; cancelling a capture changes nothing.
    choose(menus, "Remove Z");
    CHECK(std::count(keys(host.settings_, Action::jump).begin(), keys(host.settings_, Action::jump).end(),
                     SDL_SCANCODE_Z) == 0);
    choose(menus, "Add a key or button");
    menus.binding_captured(std::nullopt);
    CHECK(menus.menu()->subtitle == "Nothing changed");

    // Back walks the pages: action -> controls (on Jump) -> options -> title.
    menus.handle({{Action::back, true}});
    CHECK(menus.menu()->title == "CONTROLS");
    CHECK(menus.menu()->items[menus.menu()->cursor].label.rfind("Jump", 0) == 0);
    menus.handle({{Action::back, true}});
    CHECK(menus.menu()->title == "OPTIONS");
    menus.handle({{Action::back, true}});
    CHECK(menus.scene() == MenuScreens::Scene::title);
}

TEST_CASE("options: a removable-only-if-not-last key is shown disabled with the reason") {
    FakeHost host;
    MenuScreens menus(host);
    menus.open_options(MenuScreens::Scene::title);
    choose(menus, "Controls");
    choose(menus, "Quicksave");
    const Menu* menu = menus.menu();
    auto f5 = std::find_if(menu->items.begin(), menu->items.end(),
                           [](const MenuItem& item) { return item.label == "Remove F5"; });
    REQUIRE(f5 != menu->items.end());
    CHECK_FALSE(f5->enabled);
    CHECK(f5->detail.find("needs at least one key") != std::string::npos);
}

TEST_CASE("settings: single keys added and removed survive settings.json; old one-key files still load") {
    Settings s = Settings::defaults();
    add_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_X));
    remove_binding(s, Action::jump, InputCode::key(SDL_SCANCODE_Z));
    move_binding(s, Action::quickload_older, InputCode::key(SDL_SCANCODE_G));
    fs::path path = fs::temp_directory_path() / "quickstep-bindings-roundtrip.json";
    std::string message;
    REQUIRE(s.save(path, message));
    Settings loaded = Settings::load(path, message);
    CHECK(message.empty());
    CHECK(loaded.keys == s.keys);
    CHECK(loaded.buttons == s.buttons);
    fs::remove(path);
}
