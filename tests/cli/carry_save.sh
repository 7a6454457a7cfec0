# F9 into an edited level through the real binary: a shipped level copied, played to a quicksave, edited
# (a coin added to its sprites layer, then a wall where the player stood), and loaded again: the place and
# progress come back, the new coin is there, the stderr line says what was carried; an unedited level,
# or one whose look only changed, still loads exactly.
source "$(dirname "$0")/lib/common.bash"
LEVEL="$SCRATCH/levels/carry_lab"
mkdir -p "$SCRATCH/levels"
cp -r "$SRC/levels/01_first_steps" "$LEVEL"
# play NAME FRAMES SAVES SCRIPT: runs the copy with SCRIPT (text), dump in NAME.json, stderr in NAME.err
play() {
    printf "$4" >"$SCRATCH/$1.txt"
    "$QS" "$LEVEL" --headless --frames "$2" --input "$SCRATCH/$1.txt" --dump-state "$SCRATCH/$1.json" \
        --save-dir "$3" 2>"$SCRATCH/$1.err" >/dev/null
}
# same_place A B: the player and the game state of dump A equal dump B's (but for the spawn point)
same_place() {
    python3 - "$SCRATCH/$1.json" "$SCRATCH/$2.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
pa, pb = ([e for e in d["entities"] if e["type"] == "player"][0] for d in (a, b))
for p in (pa, pb):
    for key in ("index", "generation", "placement", "checkpoint", "riding"):
        p.pop(key)
ga, gb = a["game"], b["game"]
for g in (ga, gb):
    for key in ("player", "checkpoint", "coins_total"):
        g.pop(key)
if pa != pb or ga != gb:
    print("player", pa, "\n    vs", pb, "\ngame", ga, "\n    vs", gb)
    sys.exit(1)
PY
}

# 1. Run right for a second, collecting coins, and save at tick 60.
play saved 60 "$SCRATCH/s1" '0 +right\n60 quicksave\n'
[ "$(json_query "$SCRATCH/saved.json" 'd["game"]["coins"] >= 2')" = True ] && pass "the run collected coins" \
    || fail "no coins collected: $(cat "$SCRATCH/saved.err")"

# 2. Unedited: F9 loads exactly (every slot, generation and reference).
play exact 0 "$SCRATCH/s1" '0 quickload\n'
same_dump "$SCRATCH/saved.json" "$SCRATCH/exact.json" && pass "an unedited level loads exactly" \
    || fail "the exact load differs"
grep -q "changed since the quicksave" "$SCRATCH/exact.err" && fail "an unedited level was carried" \
    || pass "an unedited level is not carried"

# 2b. A change of look only (the name, a visuals pixel): F9 still loads exactly, nothing is carried.
sed -i 's/"name": "First Steps"/"name": "First Steps, renamed"/' "$LEVEL/first_steps.lvl"
edit_png "$LEVEL/visuals/layer0.png" '3,2=#123456'
play look 0 "$SCRATCH/s1" '0 quickload\n'
same_dump "$SCRATCH/saved.json" "$SCRATCH/look.json" && pass "a look-only edit loads exactly" \
    || fail "the load after a look-only edit differs: $(cat "$SCRATCH/look.err")"
grep -q "changed since the quicksave" "$SCRATCH/look.err" && fail "a look-only edit was carried" \
    || pass "a look-only edit is not carried"

# 3. A coin added in the air: F9 carries the place and progress into the edited level.
edit_png "$LEVEL/sprites/layer0.png" '7,12=#ffff00'
play carried 0 "$SCRATCH/s1" '0 quickload\n'
saved_entities=$(json_query "$SCRATCH/saved.json" 'len(d["entities"])')
grep -q "^quickstep: level 'carry_lab' changed since the quicksave: kept your place, $saved_entities of $saved_entities entities; 1 new coin\$" \
    "$SCRATCH/carried.err" && pass "the stderr line says what was carried" \
    || fail "no carry line: $(cat "$SCRATCH/carried.err")"
grep -q "^quickload: $((saved_entities + 1)) entities, " "$SCRATCH/carried.err" && pass "the quickload report line follows" \
    || fail "no quickload line"
same_place saved carried && pass "the player and the game state come back" || fail "place or progress lost"
saved_coins=$(json_query "$SCRATCH/saved.json" 'len(of("coin"))')
[ "$(json_query "$SCRATCH/carried.json" 'len(of("coin"))')" = $((saved_coins + 1)) ] \
    && pass "collected coins stay collected, the new coin is there" || fail "wrong coins after the carry"
[ "$(json_query "$SCRATCH/carried.json" '[(c["x"], c["y"]) for c in of("coin") if c["x"] == 7.5 and c["y"] == 12.5] != []')" = True ] \
    && pass "the new coin is where it was drawn" || fail "the new coin is missing"
[ "$(json_query "$SCRATCH/carried.json" 'd["game"]["coins_total"]')" = "$(( $(json_query "$SCRATCH/saved.json" 'd["game"]["coins_total"]') + 1 ))" ] \
    && pass "the coin total is the edited level's" || fail "coin total not the edited level's"

# 4. The carried game goes on: 60 more ticks right from the carried place.
play carried_on 60 "$SCRATCH/s1" '0 quickload\n0 +right\n'
[ "$(json_query "$SCRATCH/carried_on.json" 'of("player")[0]["x"] > 15')" = True ] && pass "play goes on from the carried place" \
    || fail "the carried game did not go on"

# 5. A wall where the player stood: the nearest free spot, and the line says so.
x=$(json_query "$SCRATCH/saved.json" 'int(of("player")[0]["x"])')
y=$(json_query "$SCRATCH/saved.json" 'int(of("player")[0]["y"])')
edit_png "$LEVEL/geometry/layer0.png" "$x,$y=#000000"
play walled 0 "$SCRATCH/s1" '0 quickload\n'
grep -q "changed since the quicksave: kept your place (moved [0-9.]* tiles out of a wall), " "$SCRATCH/walled.err" \
    && pass "a walled-in spot moves to the nearest free one, and says so" || fail "walled: $(cat "$SCRATCH/walled.err")"
[ "$(json_query "$SCRATCH/walled.json" "(p := of('player')[0]) and not ($x - 0.35 < p['x'] < $x + 1.35 and $y - 0.45 < p['y'] < $y + 1.45) and p['vx'] == 0")" = True ] \
    && pass "the player is out of the new wall, standing still" || fail "the player is not out of the wall"
finish
