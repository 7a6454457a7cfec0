#!/usr/bin/env bash
# Quick start: installs missing Debian packages, builds Quickstep, then plays (play) or tests (test).
#   bash tools/quickstart.sh play [game options]   build and start the game
#   bash tools/quickstart.sh test                  build and run every test through ctest
# QS_SANITIZE=1 (CI sets it) then runs every test again in a second build with AddressSanitizer + UBSan
# (build-sanitize/, clang) and every fuzzer in tests/fuzz/ briefly; QS_FUZZ=0 skips the fuzzers (the
# sanitizer build then uses GCC), QS_FUZZ_SECONDS=N sets each fuzzer's time.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-play}
shift || true

packages=(build-essential cmake pkg-config libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libbox2d-dev
          libpng-dev nlohmann-json3-dev doctest-dev libbenchmark-dev zlib1g-dev libtinyxml2-dev libzip-dev
          libzstd-dev)
fuzz=0
if [ "$mode" = test ]; then
  packages+=(xvfb xauth xdotool python3 imagemagick optipng)  # the last two: second PNG encoders in tests
  packages+=(libmsgpack-dev)  # msgpack-c: the reference bench_game_quicksave holds F9's disk path to
  [ "${QS_SANITIZE:-0}" = 1 ] && [ "${QS_FUZZ:-1}" != 0 ] && fuzz=1 && packages+=(clang-14 libclang-rt-14-dev)
fi

# Each part prints how long it took (wall seconds), so a CI log shows where the time goes.
part_start=$SECONDS
took() { echo "quickstart: $1 took $(( SECONDS - part_start )) s"; part_start=$SECONDS; }

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "quickstart: installing ${missing[*]}"
  as_root=()
  [ "$(id -u)" -ne 0 ] && as_root=(sudo)
  "${as_root[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
  took "installing packages"
fi

jobs=$(( $(nproc) < 2 ? $(nproc) : 2 ))
# A new build/ gets line tables instead of full debug info (enough for a backtrace with file and line, and
# quicker to build from scratch) and a unity build (CMake compiles eight sources of a target as one, so the
# big headers are parsed once per eight: a build from scratch takes about half the CPU time; a changed
# source then recompiles its seven neighbours too). An existing build/ keeps the settings it was made with.
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8)
configure=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
[ -f build/CMakeCache.txt ] || configure+=("-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" "${unity[@]}")
# The test command runs the full test tier in both builds (every shipped level, full lengths), and leaves
# build/ with it; a build configured by hand runs the dev tier unless told otherwise (CONTRIBUTING.md).
if [ "$mode" = test ]; then configure+=(-DQUICKSTEP_TEST_TIER=full); fi
cmake -S . -B build "${configure[@]}" >/dev/null
cmake --build build -j"$jobs"
took "release build"

case "$mode" in
  play) exec ./build/quickstep "$@" ;;
  test) ;;
  *) echo "usage: bash tools/quickstart.sh play|test" >&2; exit 2 ;;
esac

(cd build && ctest --output-on-failure -j"$jobs")
took "release ctest"

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer: any finding ends the test that hit it
# (-fno-sanitize-recover); LeakSanitizer is on, with tests/sanitizer/lsan.supp naming the system libraries
# whose own leaks are not ours. With the fuzzers on, this build uses clang and also builds tests/fuzz
# (everything instrumented for libFuzzer), then runs each fuzzer briefly; without them it uses the default
# compiler (GCC).
if [ "${QS_SANITIZE:-0}" = 1 ]; then
  sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  # Line tables are all a sanitizer's stack trace needs (file:line per frame); full debug info would make
  # this build slower for nothing.
  extra=("-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")
  compile_flags=$sanitize
  if [ "$fuzz" = 1 ]; then
    extra=(-DCMAKE_CXX_COMPILER=clang++-14 -DQUICKSTEP_FUZZ=ON
           "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG")
    compile_flags="$sanitize -fsanitize=fuzzer-no-link"
  fi
  cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQUICKSTEP_BENCHMARKS=OFF -DQUICKSTEP_TEST_TIER=full \
        "${unity[@]}" "${extra[@]}" \
        "-DCMAKE_CXX_FLAGS=$compile_flags" "-DCMAKE_EXE_LINKER_FLAGS=$sanitize" >/dev/null
  cmake --build build-sanitize -j"$jobs"
  took "sanitizer build"
  # The tests that quit from a real X window (Xvfb) run without LeakSanitizer: SDL's X11 backend dlcloses
  # the X libraries it loaded before the leak check, so their allocations have no module left to name in a
  # suppression. ASan and UBSan stay on for them.
  windowed="cli_window|cli_hot_reload|cli_editor_hot_reload|cli_rebinding|cli_rewind_catch_up|cli_transitions"
  (cd build-sanitize && \
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 && \
    ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1 \
    LSAN_OPTIONS="suppressions=$PWD/../tests/sanitizer/lsan.supp:print_suppressions=0" \
    ctest --output-on-failure -j"$jobs" -E "$windowed" && \
    ASAN_OPTIONS=detect_leaks=0:strict_string_checks=1 ctest --output-on-failure -j"$jobs" -R "$windowed")
  took "sanitizer ctest"
  if [ "$fuzz" = 1 ]; then
    bash tests/fuzz/run_all.sh build-sanitize "${QS_FUZZ_SECONDS:-20}" "$jobs"
    took "fuzzers"
  fi
fi
