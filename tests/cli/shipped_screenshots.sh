#!/usr/bin/env bash
# Renders a headless screenshot of every shipped level at tick 0 and at the middle of its solution
# (the tick of the solution's last command, halved) and checks that each PNG exists, has a PNG
# signature, the expected size, and is not blank (many distinct bytes, 3 KB at least). The dev test tier
# (lib/tier.bash) renders its sample of the levels.
# usage: shipped_screenshots.sh QUICKSTEP_BINARY SOURCE_DIR SCRATCH_DIR
set -u
bin=$1 src=$2 scratch=$3
source "$(dirname "$0")/lib/python.bash"
source "$(dirname "$0")/lib/tier.bash"
tier_levels "$src"
mkdir -p "$scratch"
export SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy} SDL_AUDIODRIVER=${SDL_AUDIODRIVER:-dummy}
failures=0
check_png() {  # FILE -> prints a reason and fails when the PNG looks wrong
    python3 - "$1" <<'PY'
import struct, sys, zlib
path = sys.argv[1]
try:
    data = open(path, "rb").read()
except OSError as e:
    sys.exit(f"missing: {e}")
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit("not a PNG")
width, height = struct.unpack(">II", data[16:24])
if width < 320 or height < 180:
    sys.exit(f"too small: {width}x{height}")
if len(data) < 3 * 1024:
    sys.exit(f"only {len(data)} bytes: blank?")
# Decode enough to be sure it is not one flat colour: count distinct pixel rows.
chunks, pos = [], 8
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT":
        chunks.append(data[pos + 8:pos + 8 + length])
    pos += 12 + length
raw = zlib.decompress(b"".join(chunks))
stride = len(raw) // height
rows = {raw[y * stride + 1:(y + 1) * stride] for y in range(height)}
if len(rows) < height // 8:
    sys.exit(f"only {len(rows)} distinct rows of {height}: blank?")
print(f"{width}x{height}, {len(data)} bytes")
PY
}
for dir in "${TIER_LEVEL_DIRS[@]}"; do
    dir=${dir%/}
    name=$(basename "$dir")
    last=0
    if [[ -f $dir/solution.txt ]]; then
        last=$(awk '!/^[[:space:]]*(#|$)/ { if ($1 + 0 > m) m = $1 + 0 } END { print m + 0 }' "$dir/solution.txt")
    fi
    for tick in 0 $((last / 2)); do
        png="$scratch/${name}_$tick.png"
        rm -f "$png"
        args=("$dir" --headless --frames "$tick" --save-dir "$scratch/saves" --screenshot "$png")
        [[ -f $dir/solution.txt ]] && args+=(--input "$dir/solution.txt")
        "$bin" "${args[@]}" >/dev/null 2>"$scratch/${name}_$tick.stderr"
        status=$?
        if [[ $status -ne 0 ]]; then
            echo "FAIL $name tick $tick: exit status $status"
            failures=$((failures + 1))
        elif reason=$(check_png "$png" 2>&1); then
            echo "ok   $name tick $tick: $reason"
        else
            echo "FAIL $name tick $tick: $reason"
            failures=$((failures + 1))
        fi
    done
done
[[ $failures -eq 0 ]]
