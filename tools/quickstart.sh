#!/usr/bin/env bash
# Quick start: installs missing Debian packages, builds Quickstep, then plays (play) or tests (test).
#   bash tools/quickstart.sh play [game options]   build and start the game
#   bash tools/quickstart.sh test                  build and run every test through ctest
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-play}
shift || true

packages=(build-essential cmake pkg-config libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libbox2d-dev
          nlohmann-json3-dev doctest-dev libbenchmark-dev)
[ "$mode" = test ] && packages+=(xvfb xauth python3)

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
fi

jobs=$(( $(nproc) < 2 ? $(nproc) : 2 ))
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"

case "$mode" in
  play) exec ./build/quickstep "$@" ;;
  test) cd build && exec ctest --output-on-failure -j"$jobs" ;;
  *) echo "usage: bash tools/quickstart.sh play|test" >&2; exit 2 ;;
esac
