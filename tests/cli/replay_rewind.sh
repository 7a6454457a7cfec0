#!/usr/bin/env bash
# A replay rewinds as its recorded run did: a windowed run whose rewind hold sped up (live keys in a
# window) is recorded with that choice, and the replay played headless goes back the same ticks to the
# same world.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
build_lab_level || { fail "cannot build the lab level"; finish; }
LAB="$SCRATCH/levels/qs_lab"

# Runs right for 290 frames, then holds the left trigger (rewind) for 190 frames.
cat >"$SCRATCH/hold.pad" <<'PAD'
5 attach
10 axis leftx 32767
300 axis leftx 0
400 press lefttrigger
590 release lefttrigger
650 axis leftx 0
PAD
timeout 120 "$QS" "$LAB" --pad-script "$SCRATCH/hold.pad" --save-dir "$SCRATCH/saves" \
    --record "$SCRATCH/hold.qsr" --dump-state "$SCRATCH/window.json" >/dev/null 2>"$SCRATCH/window.err" ||
    fail "windowed run: $(tail -3 "$SCRATCH/window.err")"
window_line=$(grep '^rewind: ' "$SCRATCH/window.err" | sed 's/,.*//')
ticks=$(echo "$window_line" | sed -n 's/^rewind: \([0-9]*\) ticks.*/\1/p')
[ -n "$ticks" ] && [ "$ticks" -gt 190 ] && pass "held 190 frames in a window, the rewind sped up ($window_line)" ||
    fail "windowed rewind line: $(grep '^rewind' "$SCRATCH/window.err")"
timeout 120 "$QS" --headless --replay "$SCRATCH/hold.qsr" --levels-dir "$SCRATCH/levels" --dump-state "$SCRATCH/replay.json" \
    >/dev/null 2>"$SCRATCH/replay.err" || fail "replay: $(tail -3 "$SCRATCH/replay.err")"
replay_line=$(grep '^rewind: ' "$SCRATCH/replay.err" | sed 's/,.*//')
[ -n "$window_line" ] && [ "$replay_line" = "$window_line" ] &&
    pass "the headless replay went back as far ($replay_line)" ||
    fail "replay rewind '$replay_line', recorded run '$window_line'"
same_dump "$SCRATCH/window.json" "$SCRATCH/replay.json" && pass "the replay ends in the recorded run's world" ||
    fail "the replay's final dump differs from the recorded run's"
finish
