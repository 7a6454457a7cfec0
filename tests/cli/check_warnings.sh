#!/usr/bin/env bash
# --check warnings: an unreachable goal (too high a wall, too wide a pit), a coin in a wall, a camera_area
# smaller than the screen and a door no switch targets are warned about as PATH:X,Y; the exit status stays 0.
source "$(dirname "$0")/lib/common.bash"
LEVELS=$SCRATCH/levels
mkdir -p "$LEVELS"

# make_level NAME GEOMETRY_ROWS SPRITE_ROWS: P player, c coin, g goal, d door, a camera_area (12x10).
make_level() {
    local name=$1 geo=$2 spr=$3 w h
    w=$(head -1 <<<"$geo" | tr -d '\n' | wc -c)
    h=$(wc -l <<<"$geo")
    {
        printf 'color . #00000000\ncolor # #000000\ncolor = #808080\ncolor ^ #ff0000\n'
        printf 'color P #0000ff\ncolor c #ffff00\ncolor g #ff00ff\ncolor d #00c000\ncolor a #ff80c0\n'
        echo "image geometry/layer0 $w $h"; echo "$geo"; echo "image sprites/layer0 $w $h"; echo "$spr"
    } >"$SCRATCH/$name.art"
    "$BIN_DIR/pixelart" "$SCRATCH/$name.art" "$LEVELS/$name" >/dev/null || fail "pixelart $name"
    cat >"$LEVELS/$name/$name.lvl" <<'LVL'
{ "obj_colors": ["#000000", "#808080", "#ff0000"], "obj_prefabs": ["ground", "oneway", "spikes"],
  "spr_colors": ["#0000ff", "#ffff00", "#ff00ff", "#00c000", "#ff80c0"],
  "spr_prefabs": ["player", "coin", "goal", "door", {"prefab": "camera_area", "w": 12, "h": 10}] }
LVL
}

# wall_level NAME HEIGHT: a wall HEIGHT tiles high between the player and the goal.
wall_level() {
    local geo="" spr="" row
    for row in 0 1 2 3 4 5 6; do
        if [ "$row" -ge $((7 - $2)) ]; then geo+="........#.......\n"; else geo+="................\n"; fi
        if [ "$row" -eq 6 ]; then spr+=".P...........g..\n"; else spr+="................\n"; fi
    done
    make_level "$1" "$(printf "$geo")
################" "$(printf "$spr")
................"
}
wall_level wall3 3
wall_level wall4 4
wall_level wall5 5

# pit_level NAME WIDTH: a pit WIDTH tiles wide.
pit_level() {
    local gap
    gap=$(printf '%*s' "$2" '' | tr ' ' '.')
    local ground="#######${gap}#######" sprites blank
    blank=$(printf '%*s' "${#ground}" '' | tr ' ' '.')
    sprites=".P$(printf '%*s' $((${#ground} - 4)) '' | tr ' ' '.')g."
    make_level "$1" "$(for _ in 1 2 3 4 5 6 7; do echo "$blank"; done)
$ground" "$(for _ in 1 2 3 4 5 6; do echo "$blank"; done)
$sprites
$blank"
}
pit_level pit4 4
pit_level pit9 9

make_level misc "................
................
................
................
................
................
................
################" "................
................
................
....a...........
................
.........d......
.P...........g..
.....c.........."

# check NAME: runs --check, keeps stderr in $err; the exit status must be 0 and stdout "PATH: ok".
check() {
    local out
    out=$("$QS" --check "$LEVELS/$1" 2>"$SCRATCH/$1.err")
    local rc=$?
    err=$(cat "$SCRATCH/$1.err")
    if [ $rc -eq 0 ] && [ "$out" = "$LEVELS/$1: ok" ]; then pass "$1: --check exit 0, ok"
    else fail "$1: --check exit $rc, stdout '$out', stderr '$err'"; fi
}

for name in wall3 pit4; do
    check $name
    if grep -q "reachable" <<<"$err"; then fail "$name: reachable goal warned about: $err"
    else pass "$name: reachable goal, no warning"; fi
done
for name in wall4 wall5 pit9; do
    check $name
    if grep -qE "^$LEVELS/$name/sprites/layer0.png:[0-9]+,6: warning: goal not reachable" <<<"$err"; then
        pass "$name: unreachable goal warned as PATH:X,Y"
    else
        fail "$name: no unreachable-goal warning: '$err'"
    fi
done

check misc
want=("$LEVELS/misc/sprites/layer0.png:5,7: warning: coin inside a solid tile"
      "$LEVELS/misc/sprites/layer0.png:4,3: warning: camera_area is 12x10 tiles, smaller than the screen"
      "$LEVELS/misc/sprites/layer0.png:9,5: warning: door that no switch targets")
for line in "${want[@]}"; do
    if grep -qF "$line" <<<"$err"; then pass "misc: warns '${line#*: warning: }'"; else fail "misc: missing '$line' in '$err'"; fi
done
if grep -q "reachable" <<<"$err"; then fail "misc: goal warned unreachable: $err"; else pass "misc: goal reachable"; fi

# The shipped levels and a fresh template give no warnings.
for dir in "$SRC"/levels/*/; do
    out=$("$QS" --check "$dir" 2>&1 >/dev/null)
    [ -z "$out" ] && pass "$(basename "$dir"): no warnings" || fail "$(basename "$dir") warns: $out"
done
XDG_DATA_HOME=$SCRATCH/xdg "$QS" --new-level fresh 40x12 --levels-dir "$SCRATCH/new" >/dev/null
out=$("$QS" --check "$SCRATCH/new/fresh" 2>&1 >/dev/null)
# The template places a door (every prefab has a colour) but no door pixel, so nothing to warn about.
[ -z "$out" ] && pass "template: no warnings" || fail "template warns: $out"
finish
