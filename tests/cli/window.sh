# The real game in a real window under Xvfb: starts, plays scripted input for a second, writes a frame,
# and the title screen opens without a level. Skipped (with a message) when xvfb-run is not installed.
source "$(dirname "$0")/lib/common.bash"

if ! command -v xvfb-run >/dev/null; then
    echo "xvfb-run not installed: window test skipped"
    echo "0 passed, 0 failed"
    exit 0
fi
unset SDL_VIDEODRIVER
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
printf '0 +right\n20 jump\n' >"$SCRATCH/walk.txt"
xvfb-run -a -s "-screen 0 1280x720x24" "$QS" 01_first_steps --frames 90 --input "$SCRATCH/walk.txt" \
    --screenshot "$SCRATCH/window.png" --dump-state "$SCRATCH/window.json" --save-dir "$SCRATCH/saves" \
    >"$SCRATCH/window.out" 2>"$SCRATCH/window.err"
code=$?
[ $code -eq 0 ] && pass "windowed run exits 0" || fail "windowed run: exit $code: $(cat "$SCRATCH/window.err")"
python3 - "$SCRATCH/window.png" <<'PY' && pass "windowed screenshot written" || fail "windowed screenshot missing or wrong"
import os, struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (1280, 720)
assert len(data) > 4000, len(data)  # a drawn level, not a blank frame (which packs to ~1 KB)
PY
[ "$(json_query "$SCRATCH/window.json" 'of("player")[0]["x"] > 8')" = True ] && pass "scripted input moved the player in a window" \
    || fail "player did not move: $(json_query "$SCRATCH/window.json" 'of("player")[0]')"
# A Steam Deck's 1280x800: the picture fills it (640x400 at x2), no black bars; with "fill_screen": false
# it keeps 640x360 at x2 with 40-pixel bars above and below.
deck_shot() {  # deck_shot NAME: a frame of First Steps in a 1280x800 screen
    xvfb-run -a -s "-screen 0 1280x800x24" timeout 20 "$QS" 01_first_steps --frames 30 \
        --screenshot "$SCRATCH/$1.png" --save-dir "$SCRATCH/saves" >/dev/null 2>"$SCRATCH/$1.err" \
        || fail "$1: $(cat "$SCRATCH/$1.err")"
}
deck_shot deck
mkdir -p "$SCRATCH/config/quickstep"
echo '{"fill_screen": false}' >"$SCRATCH/config/quickstep/settings.json"
deck_shot deck_bars
rm "$SCRATCH/config/quickstep/settings.json"
python3 - "$SRC/tests/cli/lib" "$SCRATCH/deck.png" "$SCRATCH/deck_bars.png" <<'PY' \
    && pass "1280x800: the picture fills the screen; with bars, 640x360 at x2 between 40-pixel bars" \
    || fail "1280x800: wrong fit"
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
def black_rows(path):
    w, h, pixel = read_png(path)
    assert (w, h) == (1280, 800), (w, h)
    return [y for y in range(h) if all(pixel(x, y)[:3] == (0, 0, 0) for x in range(0, w, 16))]
filled, bars = black_rows(sys.argv[2]), black_rows(sys.argv[3])
print("black rows: fill", len(filled), "bars", len(bars))
assert filled == [], filled[:5]
assert bars == list(range(0, 40)) + list(range(760, 800)), (bars[:3], bars[-3:])
PY
# Title screen without a level (quits by itself at tick 0: --frames 0 stops before any step).
xvfb-run -a -s "-screen 0 1280x720x24" timeout 20 "$QS" --frames 0 --screenshot "$SCRATCH/title.png" \
    >/dev/null 2>"$SCRATCH/title.err"
[ -s "$SCRATCH/title.png" ] && pass "title screen renders" || fail "title screen: $(cat "$SCRATCH/title.err")"
# The title's sky shows through the dimming (the menu dims a level well back, the title's scene only a
# little), while the panel behind the menu's text stays dark: mean brightness (0-255) left of the panel,
# half-way down, and inside the panel beside the title line.
if python3 - "$SRC/tests/cli/lib" "$SCRATCH/title.png" >"$SCRATCH/title.luma" 2>&1 <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
def luma(x0, y0, x1, y1):
    values = [sum(pixel(x, y)) / 3 for x in range(x0, x1, 2) for y in range(y0, y1, 2)]
    return int(sum(values) / len(values))
sky, panel = luma(20, h // 2 - 80, 160, h // 2 + 80), luma(w // 2 - 360, 30, w // 2 - 300, 60)
print(f"sky {sky}, panel {panel}")
assert sky >= 100 and panel <= 40
PY
then
    pass "title: a bright sky around a dark menu panel ($(cat "$SCRATCH/title.luma"))"
else
    fail "title: the sky too dark or the menu panel too bright: $(cat "$SCRATCH/title.luma")"
fi

# No display to reach (no X server on the display named, no Wayland): SDL would fall back to a driver that
# shows nothing; the game refuses instead of running unseen, and says why.
(unset SDL_VIDEODRIVER WAYLAND_DISPLAY XDG_RUNTIME_DIR
 DISPLAY=:4093 timeout 20 "$QS" 01_first_steps --frames 30 --save-dir "$SCRATCH/saves.nodisplay" \
    >/dev/null 2>"$SCRATCH/nodisplay.err")
code=$?
[ $code -eq 1 ] && grep -q "cannot open a window: no display could be reached (DISPLAY=:4093)" "$SCRATCH/nodisplay.err" &&
    pass "no display: exit 1 with the reason" || fail "no display: exit $code: $(tail -2 "$SCRATCH/nodisplay.err")"
finish
