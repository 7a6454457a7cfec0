# The command-line contract (options, exit codes, dump format, report lines) through the real binary: usage errors, spawn positions at tick 0 for k = 1 and
# k = 3, the merged rectangles in the dump, --check messages with PATH:X,Y, --list-levels, tick rules.
source "$(dirname "$0")/lib/common.bash"

# --- usage ---
expect_exit 0 "--help" -- "$QS" --help >/dev/null
expect_exit 0 "--version" -- "$QS" --version >/dev/null
expect_exit 2 "unknown option" -- "$QS" --bogus 2>/dev/null
expect_exit 2 "--frames without a number" -- "$QS" --headless --frames ten 2>/dev/null
expect_exit 2 "unknown level name" -- "$QS" no_such_level --headless --frames 1 2>/dev/null
printf '0 +right\n5 jmup\n' >"$SCRATCH/bad_script.txt"
"$QS" 01_first_steps --headless --frames 10 --input "$SCRATCH/bad_script.txt" 2>"$SCRATCH/bad_script.err"
code=$?
[ $code -eq 2 ] && grep -q "bad_script.txt:2: unknown action 'jmup'" "$SCRATCH/bad_script.err" \
    && pass "bad script line: exit 2 naming the line" || fail "bad script line: exit $code, $(cat "$SCRATCH/bad_script.err")"
printf '0 +right\nten jump\n' >"$SCRATCH/bad_tick.txt"
expect_exit 2 "bad tick in a script" -- "$QS" 01_first_steps --headless --frames 10 --input "$SCRATCH/bad_tick.txt" 2>/dev/null
expect_exit 2 "missing input file" -- "$QS" 01_first_steps --headless --frames 10 --input "$SCRATCH/none.txt" 2>/dev/null

# --- a level made here: geometry 8x6, sprites at k = 3, visuals at 2x ---
cat >"$SCRATCH/spawn.art" <<'EOF'
color . #00000000
color # #000000
color i #9ad0ff
color P #0000ff
color c #ffff00
color v #336699
image geometry/layer0 8 6
........
........
.##.....
.#i.....
.ii#####
########
image sprites/layer0 24 18
........................
..........c.............
........................
........................
........................
........................
........................
....P...................
........................
........................
........................
........................
........................
........................
........................
........................
.......................c
........................
image visuals/layer0 16 12
vvvvvvvvvvvvvvvv
v..............v
v..............v
v..............v
v..............v
v..............v
v..............v
v..............v
v..............v
v..............v
v..............v
vvvvvvvvvvvvvvvv
EOF
"$BIN_DIR/pixelart" "$SCRATCH/spawn.art" "$SCRATCH/levels/spawn_test" >/dev/null
cat >"$SCRATCH/levels/spawn_test/spawn.lvl" <<'EOF'
{ "name": "Spawn test",
  "obj_colors": ["#000000", "#9ad0ff"], "obj_prefabs": ["ground", "ice"],
  "spr_colors": ["#0000ff", "#ffff00"], "spr_prefabs": ["player", {"prefab": "coin", "value": 5}] }
EOF
expect_exit 0 "--check a good level" -- "$QS" --check "$SCRATCH/levels/spawn_test" >/dev/null
# A level name, as `quickstep NAME` takes it: a shipped level, and one in a --levels-dir.
(cd "$SCRATCH" && "$QS" --check 01_first_steps >"$SCRATCH/check_name.out" 2>&1) \
    && grep -q "^01_first_steps: ok" "$SCRATCH/check_name.out" && pass "--check NAME checks a shipped level by name" \
    || fail "--check 01_first_steps: $(cat "$SCRATCH/check_name.out")"
(cd / && "$QS" --levels-dir "$SCRATCH/levels" --check spawn_test >/dev/null 2>&1) \
    && pass "--check NAME finds a level in --levels-dir" || fail "--check spawn_test with --levels-dir"
(cd / && "$QS" --check no_such_level_here >/dev/null 2>&1)
[ $? -eq 1 ] && pass "--check of an unknown name is broken (exit 1)" || fail "--check unknown name"
"$QS" "$SCRATCH/levels/spawn_test" --headless --frames 0 --dump-state "$SCRATCH/spawn.json" 2>"$SCRATCH/spawn.err"
# The level line follows the first tick (it counts it); a run of no ticks still prints it, once.
[ "$(grep -cE '^level: spawn_test [0-9]+x[0-9]+ tiles, [0-9]+ rectangles, [0-9]+ entities, [0-9.]+ ms$' "$SCRATCH/spawn.err")" = 1 ] \
    && pass "--frames 0: one level line" || fail "--frames 0 level line: $(cat "$SCRATCH/spawn.err")"
"$QS" "$SCRATCH/levels/spawn_test" --headless --frames 2 2>"$SCRATCH/spawn_ticks.err" >/dev/null
[ "$(grep -c '^level: spawn_test ' "$SCRATCH/spawn_ticks.err")" = 1 ] \
    && pass "--frames 2: one level line" || fail "--frames 2 level line: $(cat "$SCRATCH/spawn_ticks.err")"
[ "$(json_query "$SCRATCH/spawn.json" '(of("player")[0]["x"], of("player")[0]["y"])')" = "(1.5, 2.5)" ] \
    && pass "player spawns at ((4+0.5)/3, (7+0.5)/3)" || fail "player spawn: $(json_query "$SCRATCH/spawn.json" 'of("player")')"
[ "$(json_query "$SCRATCH/spawn.json" '[(round(c["x"], 6), round(c["y"], 6), c["value"]) for c in of("coin")]')" = "[(3.5, 0.5, 5), (7.833333, 5.5, 5)]" ] \
    && pass "coins spawn at their pixel centres / k, with the configured value" \
    || fail "coin spawn: $(json_query "$SCRATCH/spawn.json" 'of("coin")')"
[ "$(json_query "$SCRATCH/spawn.json" 'd["tick"], d["level"]')" = "(0, 'spawn_test')" ] && pass "tick 0 and level name in the dump" || fail "tick/level in the dump"
want='[(1, 2, 2, 1, "ground"), (1, 3, 1, 1, "ground"), (2, 3, 1, 1, "ice"), (1, 4, 2, 1, "ice"), (3, 4, 5, 1, "ground"), (0, 5, 8, 1, "ground")]'
got=$(json_query "$SCRATCH/spawn.json" '[(r["x"], r["y"], r["w"], r["h"], r["type"]) for r in d["geometry"]]')
[ "$got" = "$(python3 -c "print($want)")" ] && pass "geometry rectangles by the scanline merge" || fail "geometry: $got"
[ "$(json_query "$SCRATCH/spawn.json" 'd["slotmap"] == {"slots": [{"generation": 1, "alive": True}] * 3, "free": []}')" = True ] \
    && pass "slotmap layout at tick 0" || fail "slotmap: $(json_query "$SCRATCH/spawn.json" 'd["slotmap"]')"
"$QS" "$SCRATCH/levels/spawn_test" --headless --frames 0 --dump-state "$SCRATCH/spawn2.json" 2>/dev/null
cmp -s "$SCRATCH/spawn.json" "$SCRATCH/spawn2.json" && pass "two dumps of the same run are byte-identical" || fail "dumps differ between runs"
"$QS" "$SCRATCH/levels/spawn_test" --headless --frames 0 --dump-state - 2>/dev/null >"$SCRATCH/stdout.json"
cmp -s "$SCRATCH/spawn.json" "$SCRATCH/stdout.json" && pass "--dump-state - writes to stdout" || fail "--dump-state - differs"

# --- ticks: commands of tick N apply before exit; a coin is collected and erased ---
printf '0 +right\n' >"$SCRATCH/walk.txt"
"$QS" "$SCRATCH/levels/spawn_test" --headless --frames 120 --input "$SCRATCH/walk.txt" --dump-state "$SCRATCH/walk.json" 2>/dev/null
[ "$(json_query "$SCRATCH/walk.json" 'd["tick"]')" = 120 ] && pass "--frames 120 dumps tick 120" || fail "tick after --frames 120"

# --- screenshots, headless ---
"$QS" "$SCRATCH/levels/spawn_test" --headless --frames 5 --screenshot "$SCRATCH/shot.png" 2>/dev/null
python3 - "$SCRATCH/shot.png" <<'PY' && pass "headless screenshot is a 1280x720 PNG (640x360 at x2)" || fail "headless screenshot"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (1280, 720), data[:24]
PY

# --- broken folders: --check exits 1 with PATH:X,Y messages; --list-levels lists them as broken ---
mkdir -p "$SCRATCH/broken"
cp -r "$SCRATCH/levels/spawn_test" "$SCRATCH/broken/unknown_colour"
cat >"$SCRATCH/bad_colour.art" <<'EOF'
color . #00000000
color # #000000
color x #101010
image geometry/layer0 8 6
........
........
........
....x...
........
########
EOF
"$BIN_DIR/pixelart" "$SCRATCH/bad_colour.art" "$SCRATCH/broken/unknown_colour" >/dev/null
"$QS" --check "$SCRATCH/broken/unknown_colour" 2>"$SCRATCH/check.err" >/dev/null
code=$?
[ $code -eq 1 ] && grep -q "unknown_colour/geometry/layer0.png:4,3: unknown colour #101010 (nearest known: #000000" "$SCRATCH/check.err" \
    && pass "--check: unknown colour at PATH:4,3 with the nearest colour" || fail "--check unknown colour: exit $code, $(cat "$SCRATCH/check.err")"
cp -r "$SCRATCH/levels/spawn_test" "$SCRATCH/broken/wrong_k"
"$BIN_DIR/pixelart" /dev/stdin "$SCRATCH/broken/wrong_k" >/dev/null <<'EOF'
color . #00000000
image sprites/layer0 20 15
....................
....................
....................
....................
....................
....................
....................
....................
....................
....................
....................
....................
....................
....................
....................
EOF
"$QS" --check "$SCRATCH/broken/wrong_k" 2>"$SCRATCH/check_k.err" >/dev/null
code=$?
[ $code -eq 1 ] && grep -q "wrong_k/sprites/layer0.png: .*20x15" "$SCRATCH/check_k.err" \
    && pass "--check: sprites layer not k x geometry" || fail "--check wrong k: exit $code, $(cat "$SCRATCH/check_k.err")"
cp -r "$SCRATCH/levels/spawn_test" "$SCRATCH/broken/two_players"
sed -i 's/"spr_prefabs": \["player", {"prefab": "coin", "value": 5}\]/"spr_prefabs": ["player", "player"]/' "$SCRATCH/broken/two_players/spawn.lvl"
"$QS" --check "$SCRATCH/broken/two_players" 2>"$SCRATCH/check_p.err" >/dev/null
code=$?
[ $code -eq 1 ] && grep -q "two_players/sprites/layer0.png:4,7: a second player (the first is at 10,1)" "$SCRATCH/check_p.err" \
    && pass "--check: a second player at its pixel" || fail "--check two players: exit $code, $(cat "$SCRATCH/check_p.err")"
cp -r "$SCRATCH/levels/spawn_test" "$SCRATCH/broken/bad_field"
sed -i 's/"value": 5/"value": "five", "colour": 1/' "$SCRATCH/broken/bad_field/spawn.lvl"
"$QS" --check "$SCRATCH/broken/bad_field" 2>"$SCRATCH/check_f.err" >/dev/null
grep -q "spr_prefabs\[1\] (coin): value must be a whole number, got a string" "$SCRATCH/check_f.err" \
    && grep -q "unknown field 'colour' (coin has: value)" "$SCRATCH/check_f.err" \
    && pass "--check: wrong field type and unknown field named" || fail "--check fields: $(cat "$SCRATCH/check_f.err")"
expect_exit 1 "--check with one good and one broken" -- "$QS" --check "$SCRATCH/levels/spawn_test" "$SCRATCH/broken/wrong_k" 2>/dev/null >/dev/null
expect_exit 1 "playing a broken level" -- "$QS" "$SCRATCH/broken/wrong_k" --headless --frames 1 2>/dev/null

"$QS" --list-levels --levels-dir "$SCRATCH/levels" --levels-dir "$SCRATCH/broken" >"$SCRATCH/list.txt"
grep -qP "^spawn_test\tok\t.*/levels/spawn_test\t$" "$SCRATCH/list.txt" && pass "--list-levels: a good level" || fail "--list-levels good: $(cat "$SCRATCH/list.txt")"
grep -qP "^wrong_k\tbroken\t.*/broken/wrong_k\t.*sprites/layer0.png" "$SCRATCH/list.txt" && pass "--list-levels: a broken level with its reason" || fail "--list-levels broken"
grep -qP "^01_first_steps\tok\t" "$SCRATCH/list.txt" && [ "$(head -n1 "$SCRATCH/list.txt" | cut -f1)" = 01_first_steps ] \
    && pass "--list-levels: shipped levels first" || fail "--list-levels order: $(cut -f1,2 "$SCRATCH/list.txt")"
"$QS" wrong_k --levels-dir "$SCRATCH/broken" --headless --frames 1 2>"$SCRATCH/play_broken.err"
[ $? -eq 1 ] && grep -q "wrong_k/sprites/layer0.png" "$SCRATCH/play_broken.err" && pass "playing a broken level by name: exit 1 with the reason" || fail "play broken by name"

finish
