# Saves, replays and ghosts belong to the level's play identity, from its decoded content (docs/reference.md §8):
# every PNG re-encoded (ImageMagick, optipng) and a visuals pixel edited, the quicksave loads exactly and
# the replay reaches the same tick and final dump; under changed tuning the replay still plays exactly
# (it carries its tuning) while a live run differs; a geometry edit refuses the replay naming "geometry".
# Files written before play identities (tests/data/legacy): the quicksave loads exactly while the level's
# files are unchanged (the frozen copy in tests/data/legacy/levels) and is refused with the reason when they
# are not (today's shipped level, and an edited copy); the replay is refused with the reason.
source "$(dirname "$0")/lib/common.bash"

for tool in convert optipng; do
    command -v "$tool" >/dev/null || fail "$tool is missing (tools/quickstart.sh test installs imagemagick and optipng)"
done

# A data dir of our own: the shipped assets, one level to edit, a tuning.json to change.
DATA=$SCRATCH/data
LEVEL=$DATA/levels/01_first_steps
mkdir -p "$DATA/assets" "$DATA/levels"
for asset in "$SRC"/assets/*; do
    [ "$(basename "$asset")" = tuning.json ] || ln -s "$asset" "$DATA/assets/"
done
cp "$SRC/assets/tuning.json" "$DATA/assets/"
cp -r "$SRC/levels/01_first_steps" "$DATA/levels/"
export QUICKSTEP_DATA_DIR=$DATA XDG_DATA_HOME=$SCRATCH/xdg
SOLUTION=$SRC/levels/01_first_steps/solution.txt
printf '5 quickload\n' >"$SCRATCH/load.txt"

# quickload_dump SAVE_DIR OUT.json [LEVEL]: loads the newest save at tick 5 and dumps the world.
quickload_dump() {
    "$QS" "${3:-01_first_steps}" --headless --save-dir "$1" --input "$SCRATCH/load.txt" --frames 5 \
        --dump-state "$2" 2>"$2.err" >/dev/null
}

"$QS" 01_first_steps --headless --save-dir "$SCRATCH/saves" --input "$SOLUTION" --record "$SCRATCH/run.qsr" \
    --dump-state "$SCRATCH/run.json" >"$SCRATCH/run.out" 2>/dev/null
grep -q "^complete: 01_first_steps tick" "$SCRATCH/run.out" && pass "the solution completes and is recorded" \
    || fail "the solution did not complete: $(cat "$SCRATCH/run.out")"
quickload_dump "$SCRATCH/saves" "$SCRATCH/load.before.json"

# Every PNG through ImageMagick (8-bit RGBA, another compression) and optipng, then one visuals pixel.
for png in "$LEVEL"/*/*.png; do
    convert "$png" -define png:compression-level=1 "PNG32:$png.im.png" && mv "$png.im.png" "$png" &&
        optipng -quiet -o1 "$png" || fail "re-encoding $png"
done
visual=$LEVEL/visuals/layer0.png
convert "$visual" -fill '#123456' -draw 'point 3,2' "PNG32:$visual.edit.png" && mv "$visual.edit.png" "$visual"
changed=0
for png in "$LEVEL"/*/*.png; do cmp -s "$png" "$SRC/levels/01_first_steps/${png#"$LEVEL"/}" || changed=$((changed + 1)); done
[ "$changed" -eq "$(ls "$LEVEL"/*/*.png | wc -l)" ] && pass "every PNG's bytes changed ($changed files)" \
    || fail "only $changed PNG files changed"

"$QS" --headless --replay "$SCRATCH/run.qsr" --dump-state "$SCRATCH/art.json" >"$SCRATCH/art.out" 2>"$SCRATCH/art.err"
cmp -s "$SCRATCH/run.out" "$SCRATCH/art.out" && cmp -s "$SCRATCH/run.json" "$SCRATCH/art.json" &&
    pass "after re-encoding and an art edit the replay completes at the same tick with the same dump" ||
    fail "the replay after an art edit differs: $(cat "$SCRATCH/art.out") $(tail -1 "$SCRATCH/art.err")"
quickload_dump "$SCRATCH/saves" "$SCRATCH/load.art.json"
same_dump "$SCRATCH/load.before.json" "$SCRATCH/load.art.json" &&
    pass "after re-encoding and an art edit the quicksave loads exactly" ||
    fail "the quicksave after an art edit: $(cat "$SCRATCH/load.art.json.err")"

# Other tuning: a live run differs, the replay plays as recorded, the quicksave loads exactly.
python3 - "$DATA/assets/tuning.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["jump_speed"] = 22.5
json.dump(d, open(sys.argv[1], "w"))
PY
"$QS" 01_first_steps --headless --save-dir "$SCRATCH/saves.live" --input "$SOLUTION" --frames 700 \
    --dump-state "$SCRATCH/live.json" >/dev/null 2>&1
QUICKSTEP_DATA_DIR=$SRC "$QS" 01_first_steps --headless --save-dir "$SCRATCH/saves.ref" --input "$SOLUTION" \
    --frames 700 --dump-state "$SCRATCH/live.ref.json" >/dev/null 2>&1
same_dump "$SCRATCH/live.ref.json" "$SCRATCH/live.json" >/dev/null &&
    fail "jump_speed 22.5 plays like the default tuning (the test cannot tell)" ||
    pass "with jump_speed 22.5 the same inputs give another run"
"$QS" --headless --replay "$SCRATCH/run.qsr" --dump-state "$SCRATCH/tuned.json" >"$SCRATCH/tuned.out" 2>"$SCRATCH/tuned.err"
cmp -s "$SCRATCH/run.out" "$SCRATCH/tuned.out" && cmp -s "$SCRATCH/run.json" "$SCRATCH/tuned.json" &&
    pass "under other tuning the replay plays with its own: the same tick and dump" ||
    fail "the replay under other tuning: $(cat "$SCRATCH/tuned.out") $(tail -1 "$SCRATCH/tuned.err")"
quickload_dump "$SCRATCH/saves" "$SCRATCH/load.tuned.json"
same_dump "$SCRATCH/load.before.json" "$SCRATCH/load.tuned.json" &&
    pass "under other tuning the quicksave loads exactly" ||
    fail "the quicksave under other tuning: $(cat "$SCRATCH/load.tuned.json.err")"

# A geometry edit: one empty tile made ground. The replay is refused, naming it.
geometry=$LEVEL/geometry/layer0.png
spot=$(convert "$geometry" txt:- | awk -F'[,:]' '/#00000000|none/ {print $1 "," $2; exit}')
convert "$geometry" -fill '#000000' -draw "point $spot" "PNG32:$geometry.edit.png" && mv "$geometry.edit.png" "$geometry"
"$QS" --headless --replay "$SCRATCH/run.qsr" >/dev/null 2>"$SCRATCH/geometry.err"
code=$?
[ $code -eq 1 ] && grep -q "run.qsr: .*(geometry)" "$SCRATCH/geometry.err" &&
    pass "after a geometry edit (tile $spot) the replay is refused naming geometry (exit 1)" ||
    fail "replay after a geometry edit: exit $code: $(cat "$SCRATCH/geometry.err")"

# Files written before play identities, on the level files they were written on (the frozen copy of
# 01_first_steps in tests/data/legacy/levels).
legacy_data "$SCRATCH/legacy_data"
export QUICKSTEP_DATA_DIR=$SCRATCH/legacy_data
mkdir -p "$SCRATCH/legacy"
cp "$SRC/tests/data/legacy/first_steps.qss" "$SCRATCH/legacy/quicksave-1.qss"
quickload_dump "$SCRATCH/legacy" "$SCRATCH/legacy.json"
# That build's dump has no "placement" field: its save knows no placements, so every entity has -1 now
# (the dump without them is written only when that holds).
python3 - "$SCRATCH/legacy.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
if {e.pop("placement", None) for e in d["entities"]} == {-1}:
    json.dump(d, open(sys.argv[1] + ".old.json", "w"))
PY
same_dump "$SRC/tests/data/legacy/first_steps.quickload.json" "$SCRATCH/legacy.json.old.json" &&
    pass "an older build's quicksave loads exactly while the level's files are unchanged (placements unknown)" ||
    fail "the older build's quicksave: $(cat "$SCRATCH/legacy.json.err")"
quickload_dump "$SCRATCH/legacy" "$SCRATCH/legacy.edited.json" "$LEVEL"
grep -q "made by an older version of Quickstep" "$SCRATCH/legacy.edited.json.err" &&
    pass "an older build's quicksave of files changed since is refused with the reason" ||
    fail "the older build's quicksave on changed files: $(cat "$SCRATCH/legacy.edited.json.err")"
QUICKSTEP_DATA_DIR=$SRC quickload_dump "$SCRATCH/legacy" "$SCRATCH/legacy.shipped.json"
grep -q "made by an older version of Quickstep" "$SCRATCH/legacy.shipped.json.err" &&
    pass "an older build's quicksave on today's shipped 01_first_steps (files changed since) is refused" ||
    fail "the older build's quicksave on the shipped level: $(cat "$SCRATCH/legacy.shipped.json.err")"
"$QS" --headless --replay "$SRC/tests/data/legacy/first_steps.qsr" >/dev/null 2>"$SCRATCH/legacy.replay.err"
code=$?
[ $code -eq 1 ] && grep -q "first_steps.qsr: made by an older version of Quickstep" "$SCRATCH/legacy.replay.err" &&
    pass "an older build's replay is refused with the reason (exit 1)" ||
    fail "the older build's replay: exit $code: $(cat "$SCRATCH/legacy.replay.err")"
finish
