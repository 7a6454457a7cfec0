# --replay-to-script RUN.qsr OUT.txt: every shipped level's solution is recorded, written as a script and
# played with --input in a new process: the same "complete:" line and the same final dump. So is a run
# with restarts, quicksaves, quickloads and a rewind. Replays a
# script cannot play as recorded are refused with the reason (exit 1), bad arguments are usage errors.
# The dev test tier (lib/tier.bash) round-trips its sample of the levels.
source "$(dirname "$0")/lib/common.bash"
tier_levels "$SRC"

# round_trip NAME LEVEL SCRIPT [ARGS...]: record, convert, play; compares the complete line and the dump.
round_trip() {
    local name=$1 level=$2 script=$3
    shift 3
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$name.a" --input "$script" "$@" \
        --record "$SCRATCH/$name.qsr" --dump-state "$SCRATCH/$name.a.json" >"$SCRATCH/$name.a.out" 2>/dev/null
    if ! "$QS" --replay-to-script "$SCRATCH/$name.qsr" "$SCRATCH/$name.txt" 2>"$SCRATCH/$name.err"; then
        fail "$name: --replay-to-script failed: $(cat "$SCRATCH/$name.err")"
        return
    fi
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$name.b" --input "$SCRATCH/$name.txt" "$@" \
        --dump-state "$SCRATCH/$name.b.json" >"$SCRATCH/$name.b.out" 2>/dev/null
    if cmp -s "$SCRATCH/$name.a.out" "$SCRATCH/$name.b.out" && cmp -s "$SCRATCH/$name.a.json" "$SCRATCH/$name.b.json"; then
        pass "$name: the script plays to the same end and dump: $(cat "$SCRATCH/$name.b.out") ($(grep -vc '^#' "$SCRATCH/$name.txt") lines)"
    else
        fail "$name: the script's run differs: '$(cat "$SCRATCH/$name.a.out")' vs '$(cat "$SCRATCH/$name.b.out")'"
    fi
}

for level_dir in "${TIER_LEVEL_DIRS[@]}"; do
    level=$(basename "$level_dir")
    [ -f "$level_dir/solution.txt" ] || continue
    round_trip "$level" "$level" "$level_dir/solution.txt"
    grep -q "^complete: $level tick" "$SCRATCH/$level.a.out" || fail "$level: its solution does not finish"
done

# A run with restarts (one key held for three ticks), quicksaves, quickloads, a rewind and jumps while
# right is held (the game lets go of it at the restart). What a replay recorded in a window needs (actions
# pressed again after a restart) is checked against a model of the game in core_tests.replay_script.
cat >"$SCRATCH/held.txt" <<'S'
0 +right
40 quicksave
60 jump
90 restart
130 +restart
133 -restart
150 quicksave
170 +jump
180 -jump
200 quickload
230 +rewind
250 -rewind
260 quickload_older
300 -right
310 +left
S
round_trip held 01_first_steps "$SCRATCH/held.txt" --frames 400

# Refused: a damaged file, a missing level, other tuning; usage errors.
head -c 100 "$SCRATCH/01_first_steps.qsr" >"$SCRATCH/cut.qsr"
expect_exit 1 "a damaged replay is refused" -- "$QS" --replay-to-script "$SCRATCH/cut.qsr" "$SCRATCH/cut.txt"
[ -e "$SCRATCH/cut.txt" ] && fail "a refused replay left a script" || pass "a refused replay writes no script"
DATA=$SCRATCH/data
mkdir -p "$DATA/assets" "$DATA/levels"
for asset in "$SRC"/assets/*; do
    [ "$(basename "$asset")" = tuning.json ] || ln -s "$asset" "$DATA/assets/"
done
python3 - "$SRC/assets/tuning.json" "$DATA/assets/tuning.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["jump_speed"] = 22.5
json.dump(d, open(sys.argv[2], "w"))
PY
cp -r "$SRC/levels/01_first_steps" "$DATA/levels/mine"
ln -s "$SRC/levels/01_first_steps" "$DATA/levels/"
QUICKSTEP_DATA_DIR=$DATA expect_exit 1 "a replay played with other tuning is refused" -- \
    "$QS" --replay-to-script "$SCRATCH/01_first_steps.qsr" "$SCRATCH/tuned.txt" 2>"$SCRATCH/tuned.err"
grep -q "other tuning" "$SCRATCH/tuned.err" && pass "... naming the tuning" || fail "tuning: $(cat "$SCRATCH/tuned.err")"
cp "$SRC/assets/tuning.json" "$DATA/assets/tuning.json"
QUICKSTEP_DATA_DIR=$DATA "$QS" mine --headless --save-dir "$SCRATCH/saves.mine" --frames 30 --record "$SCRATCH/mine.qsr" 2>/dev/null
rm -r "$DATA/levels/mine"
QUICKSTEP_DATA_DIR=$DATA expect_exit 1 "a replay of a level that is not installed is refused" -- \
    "$QS" --replay-to-script "$SCRATCH/mine.qsr" "$SCRATCH/mine.txt" 2>"$SCRATCH/mine.err"
grep -q "'mine' is not installed" "$SCRATCH/mine.err" && pass "... naming the level" || fail "missing level: $(cat "$SCRATCH/mine.err")"
expect_exit 2 "--replay-to-script without OUT is a usage error" -- "$QS" --replay-to-script "$SCRATCH/x.qsr"
expect_exit 2 "--replay-to-script with a LEVEL is a usage error" -- \
    "$QS" 01_first_steps --replay-to-script "$SCRATCH/01_first_steps.qsr" "$SCRATCH/y.txt"
"$QS" --replay-to-script "$SCRATCH/01_first_steps.qsr" - >"$SCRATCH/stdout.txt" 2>/dev/null
cmp -s "$SCRATCH/stdout.txt" "$SCRATCH/01_first_steps.txt" && pass "OUT '-' writes the script to stdout" \
    || fail "OUT '-' differs from the file"

finish
