// The doctest runner shared by core_tests, engine_tests and game_tests.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
