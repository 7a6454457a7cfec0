#!/usr/bin/env bash
# Levels made in LDtk and Tiled (tests/data/editors: 01_first_steps, as frozen in tests/data/legacy/levels,
# as an LDtk project with an external level file and as Tiled .tmj (CSV and base64 zstd layers) and .tmx
# maps; a room from an image collection, and over an LDtk background image): listed as FOLDER/NAME, played
# by name to the goal with that level's solution in the same tick and to the same dump as its PNG folder,
# checked with warnings for what they hold that means nothing here, replayed; broken projects are listed with their reason.
source "$(dirname "$0")/lib/common.bash"
LEVELS=$SCRATCH/levels
SAVES=$SCRATCH/saves
mkdir -p "$LEVELS"
cp -r "$SRC/tests/data/editors/ldtk" "$SRC/tests/data/editors/tiled" "$SRC/tests/data/editors/ldtk_bg" "$LEVELS/"
SOLUTION=$SRC/tests/data/legacy/levels/01_first_steps/solution.txt
legacy_data "$SCRATCH/legacy_data"

# --list-levels: one line per level of each project, in project order.
"$QS" --list-levels --levels-dir "$LEVELS" >"$SCRATCH/list.txt" 2>"$SCRATCH/list.err"
for name in ldtk/First_Steps ldtk/Small_Room tiled/first_steps tiled/first_steps_xml tiled/first_steps_zstd; do
    if grep -q "^$name	ok	$LEVELS/$name	\$" "$SCRATCH/list.txt"; then pass "listed $name ok"
    else fail "listed $name: $(cat "$SCRATCH/list.txt" "$SCRATCH/list.err")"; fi
done

# Played by name with the solution: the goal in the same tick, the same world as the PNG folder they were
# made from (the frozen copy).
QUICKSTEP_DATA_DIR=$SCRATCH/legacy_data "$QS" 01_first_steps --headless --input "$SOLUTION" --save-dir "$SAVES/png" --dump-state "$SCRATCH/png.json" \
    >"$SCRATCH/png.out" 2>/dev/null
want=$(sed 's/01_first_steps/X/' "$SCRATCH/png.out")
for name in ldtk/First_Steps tiled/first_steps tiled/first_steps_xml tiled/first_steps_zstd; do
    file=${name//\//_}
    "$QS" "$name" --levels-dir "$LEVELS" --headless --input "$SOLUTION" --save-dir "$SAVES/$file" \
        --dump-state "$SCRATCH/$file.json" --record "$SCRATCH/$file.qsr" >"$SCRATCH/$file.out" 2>"$SCRATCH/$file.err"
    got=$(sed "s#$name#X#" "$SCRATCH/$file.out")
    if [ "$got" = "$want" ] && grep -q "^complete: $name tick" "$SCRATCH/$file.out"; then
        pass "$name plays to the goal like the PNG folder ($got)"
    else
        fail "$name: '$(cat "$SCRATCH/$file.out")' vs '$want' $(cat "$SCRATCH/$file.err")"
    fi
    if python3 - "$SCRATCH/png.json" "$SCRATCH/$file.json" "$name" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert b.pop("level") == sys.argv[3], "the dump names the level FOLDER/NAME"
a.pop("level")
sys.exit(0 if a == b else 1)
PY
    then pass "$name: the final dump equals the PNG folder's"; else fail "$name: dumps differ"; fi
    "$QS" --replay "$SCRATCH/$file.qsr" --levels-dir "$LEVELS" --headless --save-dir "$SAVES/r$file" \
        >"$SCRATCH/$file.replay" 2>&1
    if grep -qx "$(cat "$SCRATCH/$file.out")" "$SCRATCH/$file.replay"; then pass "$name: the replay finishes alike"
    else fail "$name replay: $(cat "$SCRATCH/$file.replay")"; fi
done
printf '0 +right\n' >"$SCRATCH/right.txt"
"$QS" ldtk/Small_Room --levels-dir "$LEVELS" --headless --input "$SCRATCH/right.txt" --frames 600 \
    --save-dir "$SAVES/room" >"$SCRATCH/room.out" 2>/dev/null
if grep -q '^complete: ldtk/Small_Room tick' "$SCRATCH/room.out"; then pass "the external .ldtkl level plays"
else fail "Small_Room: $(cat "$SCRATCH/room.out")"; fi
# Maps drawn from a Tiled image collection (each tile its own PNG), .tmj and .tmx, and LDtk levels over a
# background image: listed, played to the goal.
for name in tiled/collection tiled/collection_xml ldtk_bg/Framed ldtk_bg/Wallpaper; do
    if grep -q "^$name	ok	" "$SCRATCH/list.txt"; then pass "listed $name ok"
    else fail "listed $name: $(cat "$SCRATCH/list.txt")"; fi
    "$QS" "$name" --levels-dir "$LEVELS" --headless --input "$SCRATCH/right.txt" --frames 600 \
        --save-dir "$SAVES/${name//\//_}" >"$SCRATCH/coll.out" 2>"$SCRATCH/coll.err"
    if grep -q "^complete: $name tick" "$SCRATCH/coll.out"; then pass "$name plays to the goal"
    else fail "$name: $(cat "$SCRATCH/coll.out" "$SCRATCH/coll.err")"; fi
done

# --check FOLDER checks every level of the project; what means nothing here is a warning, not an error.
expect_exit 0 "--check of the LDtk project" -- "$QS" --check "$LEVELS/ldtk" >"$SCRATCH/check.out" 2>"$SCRATCH/check.err"
if grep -qx "$LEVELS/ldtk/First_Steps: ok" "$SCRATCH/check.out" && grep -qx "$LEVELS/ldtk/Small_Room: ok" "$SCRATCH/check.out"
then pass "--check lists each level"; else fail "--check output: $(cat "$SCRATCH/check.out")"; fi
if grep -q "first_steps.ldtk:3,15: level \"First_Steps\": entity \"Player\": warning: field \"hat\" means nothing to player" \
    "$SCRATCH/check.err"; then pass "an unknown field is a warning naming file, cell, level and entity"
else fail "warning: $(cat "$SCRATCH/check.err")"; fi
expect_exit 0 "--check of a Tiled map by name" -- "$QS" --check tiled/first_steps_xml --levels-dir "$LEVELS" \
    >/dev/null 2>&1

# Broken projects: listed broken with the reason, --check exits 1 naming file, layer and cell; no crash.
mkdir -p "$LEVELS/bad_json" "$LEVELS/bad_gid" "$LEVELS/no_tileset"
printf '{"levels": [\n  {"identifier": "A",}\n]}\n' >"$LEVELS/bad_json/p.ldtk"
sed 's/"data": \[0,/"data": [999999,/' "$LEVELS/tiled/first_steps.tmj" >"$LEVELS/bad_gid/m.tmj"
cp "$LEVELS/tiled/tiles.tsj" "$LEVELS/bad_gid/"
cp "$LEVELS/tiled/tiles.png" "$LEVELS/bad_gid/"
cp "$LEVELS/tiled/first_steps.tmj" "$LEVELS/no_tileset/m.tmj"
# The zstd map with its Ground layer's frame cut short.
mkdir -p "$LEVELS/bad_zstd"
cp "$LEVELS/tiled/tiles.tsj" "$LEVELS/tiled/tiles.png" "$LEVELS/bad_zstd/"
python3 - "$LEVELS/tiled/first_steps_zstd.tmj" "$LEVELS/bad_zstd/m.tmj" <<'PY'
import base64, json, sys
m = json.load(open(sys.argv[1]))
ground = m["layers"][0]
ground["data"] = base64.b64encode(base64.b64decode(ground["data"])[:-8]).decode()
json.dump(m, open(sys.argv[2], "w"))
PY
"$QS" --list-levels --levels-dir "$LEVELS" >"$SCRATCH/list2.txt" 2>&1
if grep -q "^bad_json	broken	$LEVELS/bad_json	$LEVELS/bad_json/p.ldtk: line 2, column 22: " "$SCRATCH/list2.txt"
then pass "a project with bad JSON is listed broken with the line"; else fail "bad_json: $(grep bad_json "$SCRATCH/list2.txt")"; fi
if grep -q "^bad_gid/m	broken	.*m.tmj:0,0: layer \"Decoration\": tile id 999999 is in no tileset" "$SCRATCH/list2.txt"
then pass "a bad tile id is listed broken naming layer and cell"; else fail "bad_gid: $(grep bad_gid "$SCRATCH/list2.txt")"; fi
if grep -q "^bad_zstd/m	broken	.*m.tmj: layer \"Ground\": broken zstd layer data" "$SCRATCH/list2.txt"
then pass "a cut zstd layer is listed broken naming the layer"; else fail "bad_zstd: $(grep bad_zstd "$SCRATCH/list2.txt")"; fi
if grep -q "^no_tileset/m	broken	.*tiles.tsj: cannot resolve the path" "$SCRATCH/list2.txt"
then pass "a missing tileset is listed broken"; else fail "no_tileset: $(grep no_tileset "$SCRATCH/list2.txt")"; fi
expect_exit 1 "--check of a broken project" -- "$QS" --check "$LEVELS/bad_gid" >/dev/null 2>&1
expect_exit 1 "playing a broken editor level" -- "$QS" bad_gid/m --levels-dir "$LEVELS" --headless --frames 1 \
    --save-dir "$SAVES/bad" >/dev/null 2>&1
expect_exit 2 "a level the project does not have" -- "$QS" ldtk/Nope --levels-dir "$LEVELS" --headless --frames 1 \
    --save-dir "$SAVES/bad" >/dev/null 2>&1
finish
