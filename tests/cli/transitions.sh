# Transitions in a window: a level started again (R) comes up from black within a third of a second, and
# the fade is the picture's alone (the run's dump is the headless one's). Under Xvfb, when installed.
source "$(dirname "$0")/lib/common.bash"

command -v xvfb-run >/dev/null || { echo "xvfb-run not installed: skipped"; finish; }
level=01_first_steps
printf '0 +right\n30 restart\n' >"$SCRATCH/restart.txt"
window() {  # window NAME FRAMES: the level in a window up to FRAMES ticks, its last frame as NAME.png
    (unset SDL_VIDEODRIVER SDL_AUDIODRIVER
     XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data" xvfb-run -a -s "-screen 0 1280x720x24" \
        timeout 60 "$QS" "$level" --frames "$2" --input "$SCRATCH/restart.txt" --save-dir "$SCRATCH/saves.$1" \
        --dump-state "$SCRATCH/$1.json" --screenshot "$SCRATCH/$1.png" >/dev/null 2>"$SCRATCH/$1.err") ||
        fail "$1: $(tail -3 "$SCRATCH/$1.err")"
}
window started 0    # the level named on the command line: shown at once, no fade
window fading 32    # two ticks after R
window faded 90     # a second after R
"$QS" "$level" --headless --frames 90 --input "$SCRATCH/restart.txt" --save-dir "$SCRATCH/saves.h" \
    --dump-state "$SCRATCH/headless.json" >/dev/null 2>&1 || fail "headless run"

brightness() {  # brightness PNG: the mean of r+g+b over the picture, on a grid of points
    PYTHONPATH="$SRC/tests/cli/lib" python3 -c '
import sys
from png import read_png
w, h, pixel = read_png(sys.argv[1])
points = [pixel(x, y) for x in range(8, w, 16) for y in range(40, h - 8, 16)]
print(round(sum(sum(p) for p in points) / len(points)))' "$1"
}
b0=$(brightness "$SCRATCH/started.png")
b1=$(brightness "$SCRATCH/fading.png")
b2=$(brightness "$SCRATCH/faded.png")
[ -n "$b0" ] && [ -n "$b2" ] && [ "$b0" -gt 150 ] && pass "the level named on the command line shows at once (brightness $b0)" ||
    fail "the first frame is dark: $b0"
[ -n "$b1" ] && [ "$((b1 * 2))" -lt "$b2" ] && pass "two ticks after R the picture is still coming up from black ($b1 against $b2)" ||
    fail "no fade after R: brightness $b1 two ticks after, $b2 a second after"
same_dump "$SCRATCH/faded.json" "$SCRATCH/headless.json" && pass "the windowed run ends in the headless run's dump" ||
    fail "the fade changed the run: the windowed dump differs from the headless one"
finish
