# Levels smaller than the screen (the --new-level template allows 8 tiles high): the level's ground ends
# the picture (no empty band of sky under it for the player to fall into), and a level narrower than the
# screen is centred between dark bands. Looks at the pixels of headless screenshots.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/data" XDG_CONFIG_HOME="$SCRATCH/config"

"$QS" --new-level low 40x8 >/dev/null 2>"$SCRATCH/new.err" && "$QS" --new-level narrow 16x8 >/dev/null 2>>"$SCRATCH/new.err" \
    && pass "templates 40x8 and 16x8 made" || fail "--new-level: $(cat "$SCRATCH/new.err")"
for level in low narrow; do
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
