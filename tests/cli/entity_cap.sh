#!/usr/bin/env bash
# The live-entity cap: a level of 1024 turrets firing every tick with shots that never move (it passes
# --check, with a warning) holds no more than 131072 entities at once; the refused spawns are said once on
# stderr, and the run goes on (the player still moves) with the player still moving.
source "$(dirname "$0")/lib/common.bash"
LEVELS=$SCRATCH/levels
mkdir -p "$LEVELS"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$SCRATCH/xdg
CAP=131072

# 32 rows of 32 turrets, each with a free tile on its left where its shots stay; the player and the goal
# on the floor below, out of their way.
{
    printf 'color . #00000000\ncolor # #000000\ncolor P #0000ff\ncolor g #ff00ff\ncolor t #ff8000\n'
    echo "image geometry/layer0 66 40"
    for _ in $(seq 39); do printf '%66s\n' '' | tr ' ' '.'; done
    printf '%66s\n' '' | tr ' ' '#'
    echo "image sprites/layer0 66 40"
    for _ in 1 2; do printf '%66s\n' '' | tr ' ' '.'; done
    for _ in $(seq 32); do printf '..%s\n' "$(printf '.t%.0s' $(seq 32))"; done
    for _ in $(seq 4); do printf '%66s\n' '' | tr ' ' '.'; done
    printf '.P%62sg.\n' '' | tr ' ' '.'
    printf '%66s\n' '' | tr ' ' '.'
} >"$SCRATCH/swarm.art"
"$BIN_DIR/pixelart" "$SCRATCH/swarm.art" "$LEVELS/swarm" >/dev/null || fail "pixelart swarm"
cat >"$LEVELS/swarm/swarm.lvl" <<'LVL'
{ "obj_colors": ["#000000"], "obj_prefabs": ["ground"],
  "spr_colors": ["#0000ff", "#ff00ff", "#ff8000"],
  "spr_prefabs": ["player", "goal", {"prefab": "turret", "interval": 1, "shot_speed": 0}] }
LVL

err=$("$QS" --check "$LEVELS/swarm" 2>&1 >/dev/null)
status=$?
[ "$status" -eq 0 ] && pass "--check accepts the level" || fail "--check exit $status: $err"
if grep -qF "warning: the level's turrets can keep up to" <<<"$err" && grep -qF "over the $CAP" <<<"$err"; then
    pass "--check warns that the turrets reach the cap"
else
    fail "--check gives no cap warning: $err"
fi

printf '0 +right\n' >"$SCRATCH/right.txt"
"$QS" swarm --levels-dir "$LEVELS" --headless --frames 170 \
    --input "$SCRATCH/right.txt" --dump-state "$SCRATCH/dump.json" 2>"$SCRATCH/err"
status=$?
[ "$status" -eq 0 ] && pass "the run ends normally" || fail "run exit $status: $(head -5 "$SCRATCH/err")"
lines=$(grep -c "no more are made" "$SCRATCH/err")
if [ "$lines" -eq 1 ] && grep -qF "holds $CAP things at once" "$SCRATCH/err"; then
    pass "the cap is said once on stderr"
else
    fail "cap lines on stderr: $lines: $(head -3 "$SCRATCH/err")"
fi
python3 - "$SCRATCH/dump.json" "$CAP" <<'PY' && pass "the world holds exactly the cap, the player moved" || fail "dump"
import json, sys
dump = json.load(open(sys.argv[1]))
cap = int(sys.argv[2])
entities = dump["entities"]
player = [e for e in entities if e["type"] == "player"][0]
print("entities:", len(entities), "player x:", player["x"])
sys.exit(0 if len(entities) == cap and player["x"] > 3 else 1)
PY
finish
