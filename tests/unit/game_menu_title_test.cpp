// The title screen's back: Escape (which sends pause and back) and a gamepad's B first highlight Quit, and
// back again there quits; a quicksave on disk is offered as Continue.
#include <doctest/doctest.h>

#include "fake_menu_host.hpp"

namespace qs {

TEST_CASE("title: Escape (pause + back) highlights Quit, a second Escape quits; pause alone does nothing") {
    FakeHost host;
    MenuScreens menus(host);
    menus.open_title();
    const Menu* menu = menus.menu();
    REQUIRE(menu != nullptr);
    int quit = static_cast<int>(menu->items.size()) - 1;
    REQUIRE(menu->items[quit].label == "Quit");
    REQUIRE(menu->cursor != quit);

    menus.handle({{Action::pause, true}});  // a gamepad's Start alone
    CHECK(menus.menu()->cursor != quit);
    CHECK(host.quits == 0);

    menus.handle({{Action::pause, true}, {Action::back, true}});  // Escape
    CHECK(menus.menu()->cursor == quit);
    CHECK(host.quits == 0);

    menus.handle({{Action::pause, true}, {Action::back, true}});  // Escape again
    CHECK(host.quits == 1);
}

TEST_CASE("title: a quicksave on disk is offered as Continue from quicksave") {
    FakeHost host;
    MenuScreens menus(host);
    menus.open_title();
    for (const MenuItem& item : menus.menu()->items) CHECK(item.label != "Continue from quicksave");
    host.quicksave_ = true;
    menus.open_title();
    REQUIRE(menus.menu()->items.size() >= 2);
    CHECK(menus.menu()->items[1].label == "Continue from quicksave");
    menus.handle({{Action::down, true}});
    menus.handle({{Action::confirm, true}});
    CHECK(host.continues == 1);
}

}  // namespace qs
