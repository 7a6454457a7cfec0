# Releasing a rewind in a window on a big world, after a short rewind and after a long one, both back past
# the keyframes kept whole: the live world is rebuilt on a second thread while the rewound one stays on screen, so
# no frame re-simulates the ticks since the keyframe. By the frame
# report (not by wall time): the release frame and the frames after it run no tick until the rebuild is
# in (marked catchup, no tick time), then ticks go on; the run ends in the same dump as the same script
# headless (where the release rebuilds at once), and the `rewind:` line says the same ticks. How long those
# frames take is a benchmark's business (BENCHMARKS.md), not this test's: here the frame report shows
# where the work went. The dev test tier (lib/tier.bash) runs the short rewind only.
source "$(dirname "$0")/lib/common.bash"

command -v xvfb-run >/dev/null || { echo "xvfb-run not installed: skipped"; finish; }
mkdir -p "$SCRATCH/levels"
"$BIN_DIR/game_stress_level" "$SCRATCH/levels/stress_10k" 10000 >/dev/null || { fail "cannot make the 10 000-entity level"; finish; }

# At 10 000 entities the world is rebuilt canonically every 30 level ticks (a rewind keyframe;
# PlaySession::rebuild_ticks_for), and the rewind buffer keeps whole only the newest of them (about 240
# ticks' worth) and older ones 600 ticks apart. A release within those steps at most 29 ticks again, which
# a fast machine does within the 4 ms a release waits, so both cases go back further. short: rewinding 300
# ticks from 600 (letting go at 900) to level tick 300, before the keyframes kept whole (about 360 to 600;
# older ones are kept at 0 and 600): 300 ticks stepped again from the level's start, rebuilding every 30 on
# the way, more than a frame of a loaded machine's Xvfb takes (80 ticks were not: the rebuild was sometimes
# in before the next frame began). long: rewinding 590 ticks from 1000 (letting go at 1590) to level tick
# 410: 410 ticks from the level's start. Either is far more than those 4 ms, so the frames after the
# release are seen waiting.
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
cat >"$SCRATCH/check.py" <<'PY'
import sys
path, last_tick, release_tick = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = [r.split(" ") for r in open(path).read().splitlines()[1:]]
tick = 0
for k, r in enumerate(rows):
    assert len(r) == 8 and int(r[0]) == k and int(r[1]) == tick, f"line {k + 2}: {r}"
    tick += int(r[2])
assert tick == last_tick, f"the frames ran {tick} ticks, expected {last_tick}"
release = [k for k, r in enumerate(rows) if "release" in r[6].split(",")]
assert len(release) == 1, f"release frames: {release}"
k = release[0]
assert int(rows[k][1]) + int(rows[k][2]) == release_tick, f"the release frame ran its tick: {rows[k]}"
waiting = k + 1
while waiting < len(rows) and "catchup" in rows[waiting][6].split(","):
    r = rows[waiting]
    assert int(r[2]) == 0 and float(r[3]) == 0, f"a catchup frame ran ticks: {r}"
    waiting += 1
assert waiting > k + 1, "no frame waited for the rebuild (it was done within the release frame)"
assert waiting < len(rows) and int(rows[waiting][2]) >= 1, f"ticks did not go on after the catchup: {rows[waiting:waiting + 1]}"
others = [r for r in rows if "catchup" in r[6]]
assert len(others) == waiting - k - 1, "catchup frames away from the release"
print(f"release frame {rows[k][3]} ms of ticks, then {waiting - k - 1} frames waiting")
PY

# check_case NAME PRESS RELEASE: the rewind held from level tick PRESS to RELEASE, headless and in a window.
check_case() {
    local name=$1 press=$2 release=$3
    local n=$((release + 20)) back=$((release - press))
    printf '0 +right\n%d +rewind\n%d -rewind\n' "$press" "$release" >"$SCRATCH/$name.txt"
    "$QS" stress_10k --levels-dir "$SCRATCH/levels" --headless --frames $n --input "$SCRATCH/$name.txt" \
        --save-dir "$SCRATCH/saves.$name.h" --dump-state "$SCRATCH/$name.headless.json" \
        --frame-report "$SCRATCH/$name.headless.frames" >/dev/null 2>"$SCRATCH/$name.headless.err" ||
        fail "$name: headless run: $(tail -3 "$SCRATCH/$name.headless.err")"
    (unset SDL_VIDEODRIVER SDL_AUDIODRIVER
     xvfb-run -a -s "-screen 0 1280x720x24" timeout 300 "$QS" stress_10k --levels-dir "$SCRATCH/levels" \
        --frames $n --input "$SCRATCH/$name.txt" --save-dir "$SCRATCH/saves.$name.w" \
        --dump-state "$SCRATCH/$name.window.json" --frame-report "$SCRATCH/$name.window.frames" \
        >/dev/null 2>"$SCRATCH/$name.window.err") ||
        fail "$name: windowed run: $(tail -3 "$SCRATCH/$name.window.err")"

    same_dump "$SCRATCH/$name.headless.json" "$SCRATCH/$name.window.json" &&
        pass "$name: the windowed run, rebuilt off the game's thread, ends in the headless run's dump" ||
        fail "$name: the windowed run's final dump differs from the headless one's"
    local h_line w_line
    h_line=$(grep '^rewind: ' "$SCRATCH/$name.headless.err" | sed 's/,.*//')
    w_line=$(grep '^rewind: ' "$SCRATCH/$name.window.err" | sed 's/,.*//')
    [ "$h_line" = "rewind: $back ticks" ] && [ "$w_line" = "$h_line" ] && pass "$name: both went back $back ticks" ||
        fail "$name: rewind lines: headless '$h_line', window '$w_line'"
    grep -q catchup "$SCRATCH/$name.headless.frames" && fail "$name: headless, a release caught up over frames" ||
        pass "$name: headless, the release rebuilds within its tick (no catchup frame)"
    local msg
    if msg=$(python3 "$SCRATCH/check.py" "$SCRATCH/$name.window.frames" "$n" "$release" 2>&1); then
        pass "$name: the release ran no tick in its frame, frames went on meanwhile ($msg)"
    else
        fail "$name: frame report: $msg"
        echo "the window's frame report around the release:"
        grep -n -B2 -A4 release "$SCRATCH/$name.window.frames" | head -20
    fi
}
check_case short 600 900
if [ "$(test_tier)" = dev ]; then
    echo "dev tier: the short rewind only; the long one, back near the level's start, runs in the full tier"
else
    check_case long 1000 1590
fi
finish
