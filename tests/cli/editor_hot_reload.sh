#!/usr/bin/env bash
# A maker's loop in a real window (Xvfb): a level made by --new-level --ldtk / --tiled runs, the project is
# edited the way the editor saves it (LDtk rewrites its .ldtk in place, Tiled saves its .tmj through a
# temporary file and a rename): a cell painted ground, the goal moved; the running game reloads it, says
# so, and the dump at the end holds the new tile and the goal at its new place. Skipped without xvfb-run.
source "$(dirname "$0")/lib/common.bash"

if ! command -v xvfb-run >/dev/null; then
    echo "xvfb-run not installed: editor hot reload test skipped"
    echo "0 passed, 0 failed"
    exit 0
fi
unset SDL_VIDEODRIVER
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
LEVELS=$SCRATCH/levels

# save_ldtk EDITED FILE: LDtk rewrites its project in place; save_tiled EDITED FILE: Tiled's safe save, a
# temporary file renamed over the map.
save_ldtk() { cat "$1" >"$2"; }
save_tiled() { cp "$1" "$2.tmp" && mv -f "$2.tmp" "$2"; }

# after_start LOG LEVEL: waits (up to 30 s) until the game has played the level's first tick (its level
# line is in LOG), then half a second more, so the edit lands while the level runs.
after_start() {
    for _ in $(seq 300); do grep -qF "level: $2 " "$1" 2>/dev/null && break; sleep 0.1; done
    sleep 0.5
}

# The edit, made on a copy of the project file before the run (so the save itself is instant): cell (8, 6)
# painted ground, the goal moved to cell (12, 8).
edit_ldtk() {
    python3 - "$1" <<'PY'
import json, sys
path = sys.argv[1]
project = json.load(open(path))
level = project["levels"][0]
tiles = next(l for l in level["layerInstances"] if l["__type"] == "IntGrid")
things = next(l for l in level["layerInstances"] if l["__type"] == "Entities")
ground = next(v["value"] for d in project["defs"]["layers"] for v in d["intGridValues"] if v["identifier"] == "ground")
width, grid = tiles["__cWid"], tiles["__gridSize"]
cell = 6 * width + 8
tiles["intGridCsv"][cell] = ground
top = tiles["autoLayerTiles"][0]  # LDtk adds the tile its rules draw there: the floor's grass top
tiles["autoLayerTiles"].append(dict(top, px=[8 * grid, 6 * grid], d=[top["d"][0], cell]))
goal = next(e for e in things["entityInstances"] if e["__identifier"] == "goal")
goal.update({"__grid": [12, 8], "px": [12 * grid + grid // 2, 8 * grid + grid // 2]})
with open(path, "w") as f:
    json.dump(project, f, indent=1)
PY
}
edit_tiled() {
    python3 - "$1" <<'PY'
import json, sys
path = sys.argv[1]
tmj = json.load(open(path))
layer = next(l for l in tmj["layers"] if l["type"] == "tilelayer")
width, tile = tmj["width"], tmj["tilewidth"]
layer["data"][6 * width + 8] = layer["data"][-1]  # the floor's tile: ground
things = next(l for l in tmj["layers"] if l["type"] == "objectgroup")
goal = things["objects"][-1]  # placed last by --new-level
goal.update({"x": 12 * tile, "y": 9 * tile})  # a tile object hangs from its bottom-left corner
with open(path, "w") as f:
    json.dump(tmj, f)
PY
}

# level_of EDITOR, file_of EDITOR: the level's name and the project's file --new-level makes.
level_of() { if [ "$1" = ldtk ]; then echo "loop_ldtk/Level_0"; else echo "loop_tiled/loop_tiled"; fi; }
file_of() { if [ "$1" = ldtk ]; then echo "loop_ldtk.ldtk"; else echo "loop_tiled.tmj"; fi; }
# The windows fill a 640x360 screen: a quarter of the pixels to draw (the picture is cli_window's test).
# play EDITOR: the run, with the edit saved once its level runs. Both editors' runs go at once, each with its
# own project, save folder and X server: the checks below read what each left.
play() {
    local editor=$1 name=loop_$1 level file
    level=$(level_of "$editor") file=$(file_of "$editor")
    ( after_start "$SCRATCH/$editor.err" "$level"; "save_$editor" "$SCRATCH/$file" "$LEVELS/$name/$file" ) &
    xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$level" --levels-dir "$LEVELS" --frames 300 \
        --dump-state "$SCRATCH/$editor.json" --save-dir "$SCRATCH/saves.$editor" >"$SCRATCH/$editor.out" \
        2>"$SCRATCH/$editor.err"
    wait
}
for editor in ldtk tiled; do
    name=loop_$editor file=$(file_of "$editor")
    "$QS" --new-level "$name" 20x10 "--$editor" --levels-dir "$LEVELS" >/dev/null 2>&1 ||
        fail "$editor: --new-level failed"
    cp "$LEVELS/$name/$file" "$SCRATCH/$file" && "edit_$editor" "$SCRATCH/$file"
done
play ldtk &
play tiled &
wait
for editor in ldtk tiled; do
    level=$(level_of "$editor")
    [ "$(json_query "$SCRATCH/$editor.json" '{"x": 8, "y": 6, "w": 1, "h": 1, "type": "ground"} in d["geometry"]')" = True ] &&
        pass "$editor: the painted cell is in the running level" || fail "$editor: no new tile: $(cat "$SCRATCH/$editor.err")"
    [ "$(json_query "$SCRATCH/$editor.json" '[(g["x"], g["y"]) for g in of("goal")] == [(12.5, 8.5)]')" = True ] &&
        pass "$editor: the goal moved" || fail "$editor: goal: $(json_query "$SCRATCH/$editor.json" 'of("goal")')"
    [ "$(grep -cF "level: $level " "$SCRATCH/$editor.err")" -ge 2 ] &&
        grep -qF "quickstep: hot reload of '$level': kept your place" "$SCRATCH/$editor.err" &&
        pass "$editor: reloaded while playing, the player kept its place" ||
        fail "$editor: no reload lines: $(cat "$SCRATCH/$editor.err")"
done

finish
