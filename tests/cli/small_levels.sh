# Levels smaller than the screen (the --new-level template allows 8 tiles high): the level's ground ends
# the picture (no empty band of sky under it for the player to fall into), above the level the sky shows
# over open columns and a closed ceiling goes on up, and a level narrower than the screen is centred
# between dark bands. Looks at the pixels of headless screenshots.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/data" XDG_CONFIG_HOME="$SCRATCH/config"

"$QS" --new-level low 40x8 >/dev/null 2>"$SCRATCH/new.err" && "$QS" --new-level narrow 16x8 >/dev/null 2>>"$SCRATCH/new.err" \
    && pass "templates 40x8 and 16x8 made" || fail "--new-level: $(cat "$SCRATCH/new.err")"
# "lid": the 40x8 template with a solid top row, a closed ceiling: above the level it goes on up as earth.
cp -r "$XDG_DATA_HOME/quickstep/levels/low" "$XDG_DATA_HOME/quickstep/levels/lid"
convert "$XDG_DATA_HOME/quickstep/levels/lid/geometry/layer0.png" -alpha on -fill '#000000ff' \
    -draw 'line 0,0 39,0' "PNG32:$SCRATCH/lid.png" && mv "$SCRATCH/lid.png" "$XDG_DATA_HOME/quickstep/levels/lid/geometry/layer0.png"
for level in low narrow lid; do
    "$QS" "$XDG_DATA_HOME/quickstep/levels/$level" --headless --frames 60 --save-dir "$SCRATCH/saves" \
        --screenshot "$SCRATCH/$level.png" >/dev/null 2>"$SCRATCH/$level.err" \
        && pass "$level: screenshot written" || fail "$level: $(cat "$SCRATCH/$level.err")"
done

python3 - "$SRC/tests/cli/lib" "$SCRATCH/low.png" <<'PY' && pass "40x8: the ground fills the bottom of the screen" \
    || fail "40x8: not ground at the bottom of the screen"
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
bottom = [pixel(x, y) for x in range(0, w, 8) for y in range(h - 24, h, 4)]
dirt = [p for p in bottom if p[0] > p[1] > p[2]]  # brown earth, not blue sky
print(f"{len(dirt)} of {len(bottom)} pixels of the bottom rows are earth")
sys.exit(0 if len(dirt) > 0.9 * len(bottom) else 1)
PY

# Above the level's top: the sky over the open template, earth over the closed one.
for case in "low sky" "lid earth"; do
    set -- $case
    python3 - "$SRC/tests/cli/lib" "$SCRATCH/$1.png" "$2" <<'PY' && pass "$1: $2 above the level's top" \
        || fail "$1: not $2 above the level's top"
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
top = [pixel(x, y) for x in range(0, w, 16) for y in range(60, 200, 10)]  # under the HUD, above the level
if sys.argv[3] == "sky":
    hits = [p for p in top if p[2] > p[0] and p[2] > 150]  # blue
else:
    hits = [p for p in top if p[0] > p[1] > p[2]]  # brown earth
print(f"{len(hits)} of {len(top)} pixels above the level are {sys.argv[3]}")
sys.exit(0 if len(hits) > 0.9 * len(top) else 1)
PY
done

python3 - "$SRC/tests/cli/lib" "$SCRATCH/narrow.png" <<'PY' && pass "16x8: centred between dark bands, ground at the bottom" \
    || fail "16x8: not letterboxed"
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
# 16 tiles = 256 canvas pixels = 512 screenshot pixels in the middle of 1280.
left = {pixel(x, y) for x in range(0, 200, 10) for y in range(60, h, 20)}
right = {pixel(x, y) for x in range(w - 200, w, 10) for y in range(60, h, 20)}
print("left", left, "right", right)
middle_bottom = pixel(w // 2, h - 4)
print("middle bottom", middle_bottom)
sys.exit(0 if len(left) == 1 and left == right and max(next(iter(left))) < 40 and
         middle_bottom[0] > middle_bottom[1] > middle_bottom[2] else 1)
PY
finish
