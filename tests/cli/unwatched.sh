# A window no one sees or hears (SDL's dummy video and audio drivers, as every CLI test runs the whole game)
# plays one tick per frame and draws no frame but the screenshot's: the frame report has a line per tick,
# each stepping one tick with no drawing time; the world at the end equals the headless run's; --screenshot
# still writes the level as it looks. With SDL's disk audio driver (someone listens) the same run keeps the
# clock and draws its frames.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
level=01_first_steps
solution="$SRC/levels/$level/solution.txt"
frames=240

"$QS" "$level" --headless --input "$solution" --frames $frames --save-dir "$SCRATCH/saves.h" \
    --dump-state "$SCRATCH/headless.json" >/dev/null 2>&1
XDG_DATA_HOME="$SCRATCH/data.u" XDG_CONFIG_HOME="$SCRATCH/config.u" "$QS" "$level" --input "$solution" \
    --frames $frames --save-dir "$SCRATCH/saves.u" --dump-state "$SCRATCH/unwatched.json" \
    --frame-report "$SCRATCH/unwatched.frames" --screenshot "$SCRATCH/unwatched.png" >/dev/null 2>"$SCRATCH/u.err"
code=$?
[ $code -eq 0 ] && pass "the unwatched run exits 0" || fail "the unwatched run: exit $code: $(tail -3 "$SCRATCH/u.err")"

if python3 - "$SCRATCH/unwatched.frames" $frames <<'PY'; then
import sys
rows = [line.split() for line in open(sys.argv[1]).read().splitlines()[1:]]
frames = int(sys.argv[2])
# frames 0..N-1 step a tick each; frame N applies tick N's commands and exits (DESIGN 5.2)
assert len(rows) == frames + 1, f"{len(rows)} frame lines for {frames} ticks"
for k, row in enumerate(rows[:frames]):
    assert int(row[0]) == k and int(row[1]) == k and int(row[2]) == 1, f"frame line {row}"
    assert float(row[4]) == 0 and float(row[5]) == 0, f"frame {k} was drawn: {row}"
PY
    pass "one tick per frame, no frame drawn ($frames frames)"
else
    fail "the unwatched run's frames are not one tick each without drawing"
fi
same_dump "$SCRATCH/headless.json" "$SCRATCH/unwatched.json" &&
    pass "the world at tick $frames equals the headless run's" ||
    fail "the unwatched run's world differs from the headless run's"

# The screenshot: the dummy display's 1024x768 with the level's sky and ground in it, not a blank frame.
if python3 - "$SRC/tests/cli/lib" "$SCRATCH/unwatched.png" <<'PY'; then
import sys
sys.path.insert(0, sys.argv[1])
from png import read_png
w, h, pixel = read_png(sys.argv[2])
colours = {pixel(x, y) for x in range(0, w, 16) for y in range(0, h, 16)}
assert len(colours) > 8, f"{len(colours)} colours in a {w}x{h} screenshot"
PY
    pass "--screenshot draws the last frame of an unwatched run"
else
    fail "the unwatched run's screenshot is missing or blank"
fi

# Someone listening (the disk driver writes what plays): the frames are drawn and follow the clock.
XDG_DATA_HOME="$SCRATCH/data.d" XDG_CONFIG_HOME="$SCRATCH/config.d" SDL_AUDIODRIVER=disk \
    SDL_DISKAUDIOFILE="$SCRATCH/audio.raw" "$QS" "$level" --input "$solution" --frames 60 \
    --save-dir "$SCRATCH/saves.d" --frame-report "$SCRATCH/heard.frames" >/dev/null 2>"$SCRATCH/d.err"
if python3 - "$SCRATCH/heard.frames" <<'PY'; then
import sys
rows = [line.split() for line in open(sys.argv[1]).read().splitlines()[1:]]
drawn = sum(1 for row in rows if float(row[4]) > 0)
assert drawn >= len(rows) // 2, f"{drawn} of {len(rows)} frames drawn"
PY
    pass "with the disk audio driver the frames are drawn"
else
    fail "with the disk audio driver the frames are not drawn: $(tail -3 "$SCRATCH/d.err")"
fi

finish
