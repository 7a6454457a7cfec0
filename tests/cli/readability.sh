# What a newcomer reads and sees, checked on the pixels of headless screenshots: the HUD's lives counter
# sits on a dark panel over First Steps' white cloud, and Frozen Peaks' pits read as dark holes (not in the
# snow colour of the hills, like solid ground), and Turret Caverns' floor spike pits have the
# cave wall behind them, not a strip of sky.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/data" XDG_CONFIG_HOME="$SCRATCH/config"

shot() {  # shot NAME LEVEL X,Y
    "$QS" "$2" --start "$3" --headless --frames 5 --save-dir "$SCRATCH/saves" --screenshot "$SCRATCH/$1.png" \
        >/dev/null 2>"$SCRATCH/$1.err" || fail "$1: $(cat "$SCRATCH/$1.err")"
}
shot hud 01_first_steps 66,15
shot pit 05_frozen_peaks 42,17

# mean_luma FILE X0 Y0 X1 Y1: the mean brightness (0-255) of that rectangle of the 1280x720 screenshot (canvas pixels x2)
mean_luma() {
    python3 - "$SRC/tests/cli/lib" "$@" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
x0, y0, x1, y1 = map(int, sys.argv[3:7])
values = [sum(pixel(x, y)) / 3 for x in range(x0, x1, 2) for y in range(y0, y1, 2)]
print(int(sum(values) / len(values)))
PY
}
# Beside "x3", between the hearts and the coin counter, where the cloud passes behind the HUD.
luma=$(mean_luma "$SCRATCH/hud.png" 138 8 158 40)
[ "$luma" -lt 150 ] && pass "the HUD has a dark panel behind it over the cloud (brightness $luma)" \
    || fail "HUD background too bright over the cloud: $luma"
# The pit right of the grass ledge, under its rim (the moving platform crosses it).
luma=$(mean_luma "$SCRATCH/pit.png" 760 600 1100 680)
[ "$luma" -lt 150 ] && pass "Frozen Peaks' pit is dark, not snow (brightness $luma)" \
    || fail "the pit is bright like snow: $luma"
# Turret Caverns two thirds into its solution: three spike pits in the floor are on screen.
"$QS" 04_turret_caverns --headless --input "$SRC/levels/04_turret_caverns/solution.txt" --frames 684 \
    --save-dir "$SCRATCH/saves" --screenshot "$SCRATCH/cave.png" >/dev/null 2>"$SCRATCH/cave.err" \
    || fail "cave: $(cat "$SCRATCH/cave.err")"
sky=$(python3 - "$SRC/tests/cli/lib" "$SCRATCH/cave.png" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
# The sky backdrop's bands: blue 232, red 92 to 134 in steps of 6.
print(sum(1 for x in range(0, w, 2) for y in range(h // 2, h, 2)
          if pixel(x, y)[2] == 232 and pixel(x, y)[0] in range(92, 135, 6)))
PY
)
[ "$sky" -eq 0 ] && pass "no sky shows behind the cave's floor spike pits" || fail "$sky sky pixels in the cave's lower half"
finish
