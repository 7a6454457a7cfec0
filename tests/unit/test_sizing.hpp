// How long the heaviest suites run: in full in a normal build, shorter in a build with AddressSanitizer
// (tools/quickstart.sh test), where a tick costs about ten times as much and the sanitizers look for memory
// and undefined-behaviour errors, which the code paths show in the first hundreds of ticks as well as in
// the thousandth. Each suite that uses this says in its header what it shortens there. QS_TEST_FULL_LENGTH=1
// in the environment runs the full lengths in a sanitizer build too. Apart from that, the test tier
// (QS_TEST_TIER, which ctest sets from the CMake option QUICKSTEP_TEST_TIER) runs some suites shorter in
// "dev", as their headers say; without it (a test program run by hand) they run in full.
#pragma once

#include <cstdlib>
#include <cstring>

namespace qs::test {

#if defined(__SANITIZE_ADDRESS__)  // GCC
inline constexpr bool sanitizer_build = true;
#elif defined(__has_feature)  // clang
#if __has_feature(address_sanitizer)
inline constexpr bool sanitizer_build = true;
#else
inline constexpr bool sanitizer_build = false;
#endif
#else
inline constexpr bool sanitizer_build = false;
#endif

/// Whether the heaviest suites run shortened: in a sanitizer build, unless QS_TEST_FULL_LENGTH=1.
inline bool shortened() {
    if (!sanitizer_build) return false;
    const char* full = std::getenv("QS_TEST_FULL_LENGTH");
    return !(full && std::strcmp(full, "1") == 0);
}

/// `full`, or `short_length` when the heavy suites run shortened.
template <class T>
T sized(T full, T short_length) {
    return shortened() ? short_length : full;
}

/// Whether ctest runs the dev test tier (QS_TEST_TIER=dev): a sample of the shipped levels
/// (game_shipped_levels.hpp: tier_levels), shorter long runs. Any other value or none is the full tier.
inline bool dev_tier() {
    const char* tier = std::getenv("QS_TEST_TIER");
    return tier && std::strcmp(tier, "dev") == 0;
}

/// `full`, or `dev` in the dev test tier.
template <class T>
T tiered(T full, T dev) {
    return dev_tier() ? dev : full;
}

}  // namespace qs::test
