#!/usr/bin/env bash
# Regenerates the music: renders tools/music/*.txt with make_music (a seamless loop, levelled to
# -13.6 dBFS RMS) and encodes it as Ogg Vorbis (sox, quality 3: about 45 kbit/s mono) into assets/music.
# Usage: tools/make_music.sh [BUILD_DIR [NAME...]]   (default: build, every track; NAME: only those tracks,
#        e.g. `tools/make_music.sh build works`, so the others keep their bytes; needs Debian's sox with
#        Ogg Vorbis)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
sources=()
for name in "$@"; do sources+=("tools/music/$name.txt"); done
[ ${#sources[@]} -gt 0 ] || sources=(tools/music/*.txt)
mkdir -p assets/music
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/make_music" "$work" "${sources[@]}"
for wav in "$work"/*.wav; do
    name=$(basename "$wav" .wav)
    sox "$wav" -C 3 "assets/music/$name.ogg"
    echo "assets/music/$name.ogg: $(stat -c %s "assets/music/$name.ogg") bytes"
done
