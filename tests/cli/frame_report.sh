# --frame-report FILE: one line per frame of the real game loop. It changes nothing in the simulation: a
# shipped level's solution (with its F5) and the same run with a rewind give byte-identical dumps with and
# without the report, headless and in a window. The report has a line per frame whose fields parse, ticks that add up, the F5 frame
# marked f5, the rewound frames marked rewind and the release marked release. With sound heard and nothing
# shown, frames wait for their tick. A report path in a missing folder or naming a folder is a usage error
# (exit 2).
source "$(dirname "$0")/lib/common.bash"

level=01_first_steps
solution="$SRC/levels/$level/solution.txt"
save_tick=$(sed -n 's/^\([0-9]*\) quicksave$/\1/p' "$solution" | head -1)
[ -n "$save_tick" ] || { fail "$level: its solution presses no quicksave"; finish; }

run() {  # run NAME [options...]: the level headless with a scratch save folder of its own
    local name=$1
    shift
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$name" --dump-state "$SCRATCH/$name.json" "$@" \
        >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.err"
}

# check_report FILE FRAMES LAST_TICK EVENTS...: FRAMES lines after the header, frame k on line k, fields
# that parse, ticks stepped adding up to LAST_TICK; each EVENTS item "name:first-last" says the ticks whose
# frames are marked with that event (and no others are).
check_report() {
    python3 - "$@" <<'PY'
import sys
path, frames, last_tick, *marks = sys.argv[1:]
lines = open(path).read().splitlines()
assert lines and lines[0] == "# frame tick steps tick_ms render_ms present_ms events faults", lines[:1]
rows = lines[1:]
assert len(rows) == int(frames), f"{len(rows)} frame lines, expected {frames}"
tick = 0
seen = {}
for k, row in enumerate(rows):
    fields = row.split(" ")
    assert len(fields) == 8, f"line {k + 2}: {row!r}"
    frame, start, steps = (int(x) for x in fields[:3])
    ms = [float(x) for x in fields[3:6]]
    assert frame == k, f"line {k + 2}: frame {frame}, expected {k}"
    assert start == tick, f"frame {k}: tick {start}, expected {tick}"
    assert steps in (0, 1), f"frame {k}: {steps} steps headless"
    assert all(m >= 0 for m in ms) and ms[1] == 0 and ms[2] == 0, f"frame {k}: {ms} (headless draws nothing)"
    events = fields[6].split(",")
    assert events == ["none"] or "none" not in events, f"frame {k}: {fields[6]}"
    assert int(fields[7]) >= 0, f"frame {k}: {fields[7]} page faults"
    for e in events:
        if e != "none":
            seen.setdefault(e, []).append(start)
    tick += steps
assert tick == int(last_tick), f"the frames step {tick} ticks, expected {last_tick}"
for mark in marks:
    name, span = mark.split(":")
    first, last = (int(x) for x in span.split("-"))
    want = list(range(first, last + 1))
    assert seen.pop(name, []) == want, f"{name} marked at ticks {seen.get(name)}, expected {first}..{last}"
assert not seen, f"unexpected events: { {k: v[:5] for k, v in seen.items()} }"
PY
}

# 1. The solution to the goal, with and without the report.
run plain --input "$solution"
run reported --input "$solution" --frame-report "$SCRATCH/solution.frames"
complete=$(sed -n 's/^complete: .* tick \([0-9]*\)$/\1/p' "$SCRATCH/plain.out")
[ -n "$complete" ] || fail "$level: the solution does not complete: $(cat "$SCRATCH/plain.err")"
cmp -s "$SCRATCH/plain.json" "$SCRATCH/reported.json" && pass "$level: the dump is byte for byte the same with --frame-report" \
    || fail "$level: --frame-report changed the dump"
cmp -s "$SCRATCH/plain.out" "$SCRATCH/reported.out" && pass "$level: the same complete: line" \
    || fail "$level: stdout differs: $(cat "$SCRATCH/reported.out")"
# Headless, a frame is a tick: one line per tick up to the goal's.
if msg=$(check_report "$SCRATCH/solution.frames" "$complete" "$complete" "f5:$save_tick-$save_tick" 2>&1); then
    pass "$level: $complete frame lines that parse, the F5 at tick $save_tick marked f5"
else
    fail "$level: frame report: $msg"
fi

# 2. A rewind of 60 ticks after the F5 and its release; --frames N makes N + 1 frames (the last applies
# tick N's commands and steps nothing).
T=$((save_tick + 100)) R=60 N=$((save_tick + 300))
{ cat "$solution"; echo "$T +rewind"; echo "$((T + R)) -rewind"; } >"$SCRATCH/rewind.txt"
run rw_plain --input "$SCRATCH/rewind.txt" --frames $N
run rw_reported --input "$SCRATCH/rewind.txt" --frames $N --frame-report "$SCRATCH/rewind.frames"
cmp -s "$SCRATCH/rw_plain.json" "$SCRATCH/rw_reported.json" \
    && pass "$level: a rewind and its release: the same dump with --frame-report" \
    || fail "$level: --frame-report changed the dump of a rewind"
if msg=$(check_report "$SCRATCH/rewind.frames" $((N + 1)) "$N" "f5:$save_tick-$save_tick" \
    "rewind:$T-$((T + R - 1))" "release:$((T + R))-$((T + R))" 2>&1); then
    pass "$level: rewound frames marked rewind, the release marked release"
else
    fail "$level: frame report of a rewind: $msg"
fi

# 3. In a window (under Xvfb, when installed): frames and ticks part ways; the report's steps add up to the
# ticks run, frames are drawn and presented, the F5 is marked in the frame that ran its tick, and the dump
# is byte for byte the one of the same windowed run without the report.
if command -v xvfb-run >/dev/null; then
    printf '0 +right\n20 jump\n30 quicksave\n' >"$SCRATCH/walk.txt"
    window() {  # window NAME [options...]
        local name=$1
        shift
        (unset SDL_VIDEODRIVER SDL_AUDIODRIVER
         XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data" xvfb-run -a -s "-screen 0 1280x720x24" \
            timeout 60 "$QS" "$level" --frames 90 --input "$SCRATCH/walk.txt" --save-dir "$SCRATCH/saves.$name" \
            --dump-state "$SCRATCH/$name.json" "$@" >/dev/null 2>"$SCRATCH/$name.err")
    }
    window win_plain
    window win_reported --frame-report "$SCRATCH/window.frames"
    cmp -s "$SCRATCH/win_plain.json" "$SCRATCH/win_reported.json" \
        && pass "window: the same dump with --frame-report" \
        || fail "window: --frame-report changed the dump: $(cat "$SCRATCH/win_reported.err")"
    python3 - "$SCRATCH/window.frames" <<'PY' && pass "window: steps add up to 90 ticks, frames presented, the F5 frame marked" \
        || fail "window: frame report wrong"
import sys
rows = [r.split(" ") for r in open(sys.argv[1]).read().splitlines()[1:]]
assert rows, "no frames"
tick = 0
for k, r in enumerate(rows):
    assert len(r) == 8 and int(r[0]) == k and int(r[1]) == tick and int(r[7]) >= 0, r
    tick += int(r[2])
assert tick == 90, tick
assert any(float(r[5]) > 0 for r in rows), "nothing presented"
marked = [int(r[1]) for r in rows if "f5" in r[6].split(",")]
assert len(marked) == 1, marked
f5 = [r for r in rows if "f5" in r[6]][0]
assert int(f5[1]) <= 30 < int(f5[1]) + int(f5[2]), f5
PY
else
    echo "xvfb-run not installed: the window part skipped"
fi

# 4. Sound heard, nothing shown (SDL's dummy video, the disk audio driver): no display paces the frames, so
# the game waits for each tick instead of drawing the same tick over and over. 120 ticks take about 120
# frames, at most 10 % more (a loop that does not wait draws a frame as soon as the last is presented).
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$SCRATCH/heard.raw" \
    XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data" timeout 60 "$QS" "$level" --frames 120 \
    --save-dir "$SCRATCH/saves.heard" --frame-report "$SCRATCH/heard.frames" >/dev/null 2>"$SCRATCH/heard.err"
frames=$(($(wc -l <"$SCRATCH/heard.frames") - 1))
ticks=$(awk 'NR > 1 { t += $3 } END { print t + 0 }' "$SCRATCH/heard.frames")
[ "$ticks" -eq 120 ] && [ "$frames" -le 132 ] \
    && pass "sound only: $ticks ticks in $frames frames (at most 132: frames wait for their tick)" \
    || fail "sound only: $ticks ticks in $frames frames: $(tail -2 "$SCRATCH/heard.err")"

# 5. Usage errors: a report in a folder that does not exist, or a folder as the report.
"$QS" "$level" --headless --frames 1 --frame-report "$SCRATCH/no/such/folder/f.txt" >/dev/null 2>"$SCRATCH/bad1.err"
code=$?
[ $code -eq 2 ] && grep -q "^quickstep: --frame-report .*no/such/folder/f.txt" "$SCRATCH/bad1.err" \
    && pass "a report in a missing folder: usage error (exit 2) naming it" \
    || fail "a report in a missing folder: exit $code: $(head -1 "$SCRATCH/bad1.err")"
"$QS" "$level" --headless --frames 1 --frame-report "$SCRATCH" >/dev/null 2>"$SCRATCH/bad2.err"
code=$?
[ $code -eq 2 ] && grep -q "^quickstep: --frame-report .*: a folder" "$SCRATCH/bad2.err" \
    && pass "a folder as the report: usage error (exit 2)" \
    || fail "a folder as the report: exit $code: $(head -1 "$SCRATCH/bad2.err")"
finish
