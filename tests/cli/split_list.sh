#!/usr/bin/env bash
# The live split list (Options > "Split list", settings.json "split_list"): First Steps' solution is played
# to the goal in a window, which keeps it as the personal best with its splits; the same run stopped after
# its checkpoint draws, with the list on, the checkpoint's line with its delta in the colour of "ahead" on
# the left of the HUD, and nothing of that colour there with the list off (the control).
source "$(dirname "$0")/lib/common.bash"
export XDG_CONFIG_HOME=$SCRATCH/config XDG_DATA_HOME=$SCRATCH/data
level=01_first_steps
solution=$SRC/levels/$level/solution.txt
mkdir -p "$XDG_CONFIG_HOME/quickstep"

# window NAME SETTINGS [options...]: the solution in a 640x360 window with SETTINGS as settings.json.
window() {
    local name=$1
    echo "$2" >"$XDG_CONFIG_HOME/quickstep/settings.json"
    shift 2
    xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$level" --input "$solution" --save-dir "$SCRATCH/saves.$name" \
        "$@" >/dev/null 2>"$SCRATCH/$name.err"
}

printf '0 attach\n780 axis rightx 0\n' >"$SCRATCH/full.pad"
window full '{}' --pad-script "$SCRATCH/full.pad"
[ "$(json_query "$XDG_DATA_HOME/quickstep/progress.json" 'len(d["levels"]["'$level'"]["splits"]["best_run"])')" = 2 ] \
    && pass "the finished run is the personal best with its two splits (the checkpoint, the goal)" \
    || fail "no personal best splits: $(cat "$XDG_DATA_HOME/quickstep/progress.json" 2>&1 | head -20)"

window on '{"split_list": true}' --frames 600 --screenshot "$SCRATCH/on.png"
window off '{"split_list": false}' --frames 600 --screenshot "$SCRATCH/off.png"
# Pixels near the "ahead" green (90, 220, 110) in the left third of the top half.
ahead_pixels() {
    python3 - "$SRC/tests/cli/lib" "$1" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
n = 0
for y in range(h // 2):
    for x in range(w // 3):
        r, g, b = pixel(x, y)
        n += abs(r - 90) < 12 and abs(g - 220) < 12 and abs(b - 110) < 12
print(n)
PY
}
on=$(ahead_pixels "$SCRATCH/on.png")
off=$(ahead_pixels "$SCRATCH/off.png")
[ -n "$on" ] && [ -n "$off" ] && [ "$on" -gt $((off + 20)) ] \
    && pass "the split list draws the checkpoint's delta in green ($on pixels of it, $off without the list)" \
    || fail "the split list: '$on' green pixels with it, '$off' without ($(tail -2 "$SCRATCH/on.err"))"
finish
