#!/usr/bin/env bash
# The start of one big level made three ways, measured from outside: a WxH cave from game_stress_level as
# its PNG folder, the same level as an LDtk project (one IntGrid layer, no drawn tiles, as the PNG folder
# has no visuals) and as a Tiled map (CSV data, a tileset of classes without an image), both written by
# the test data's generator (tests/data/editors/make_editor_levels.py), and the Tiled map again with its
# tileset image, every tile drawn. Each is started headless for one tick; the table
# gives the median process wall (/usr/bin/time) and `level:` line over N runs, and the load at the time.
#   bash tools/bench/editor_level_start.sh BUILD_DIR OUT_DIR [WxH=1024x1024] [RUNS=5]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: editor_level_start.sh BUILD_DIR OUT_DIR [WxH=1024x1024] [RUNS=5]" >&2; exit 2; }
build=$(realpath "$1")
out=$(mkdir -p "$2" && realpath "$2")
size=${3:-1024x1024}
runs=${4:-5}
src=$(cd "$(dirname "$0")/../.." && pwd)
qs=$build/quickstep
[ -x "$qs" ] && [ -x "$build/game_stress_level" ] || { echo "editor_level_start.sh: no quickstep or game_stress_level in $build" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "editor_level_start.sh: /usr/bin/time is needed (Debian package time)" >&2; exit 2; }
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$out/data XDG_CONFIG_HOME=$out/config
# Made once per OUT_DIR (game_stress_level and the generator are deterministic) in levels/, then each kind
# moved to a levels dir of its own (sets/png, sets/ldtk, sets/tiled), so a start discovers only its own.
levels=$out/levels
sets=$out/sets
if [ ! -d "$sets" ]; then
rm -rf "$levels"
mkdir -p "$levels"
"$build/game_stress_level" --cave "$levels/cave" "$size" >/dev/null
python3 - "$src/tests/data/editors" "$qs" "$levels" <<'PY'
import json, os, shutil, subprocess, sys
sys.path.insert(0, sys.argv[1])
import make_editor_levels as gen
qs, levels = sys.argv[2], sys.argv[3]
fields = gen.editable_fields(qs)
dump = json.loads(subprocess.run([qs, "cave", "--levels-dir", levels, "--headless", "--frames", "0",
                                  "--save-dir", os.path.join(levels, "..", "saves"), "--dump-state", "-"],
                                 check=True, capture_output=True, text=True).stdout)
grid, entities = gen.grid_of(dump), gen.entity_list(dump, fields)
# The cave's own tile names; no drawn tiles (the PNG folder has none either).
def bare(level):
    for layer in level["layerInstances"]:
        layer.update(autoLayerTiles=[], gridTiles=[], __tilesetDefUid=None, __tilesetRelPath=None)
gen.write_ldtk(os.path.join(levels, "cave_ldtk"), [("Cave", 0, grid, entities, False)], "cave", bare)
tiled = os.path.join(levels, "cave_tiled")
os.makedirs(tiled, exist_ok=True)
shutil.copyfile(os.path.join(sys.argv[1], "tiled", "tiles.png"), os.path.join(tiled, "tiles.png"))
m = gen.tiled_map(grid, entities, "tiles.tsj", lambda gids: {"data": gids})
m["layers"] = [m["layers"][0], m["layers"][2]]  # no decoration layer
with open(os.path.join(tiled, "cave.tmj"), "w") as f:
    json.dump(m, f)
m["tilesets"][0]["source"] = "classes.tsj"
with open(os.path.join(tiled, "cave_bare.tmj"), "w") as f:
    json.dump(m, f)
with open(os.path.join(tiled, "tiles.tsj"), "w") as f:
    json.dump(gen.tileset_json(), f)
classes = {k: v for k, v in gen.tileset_json().items() if not k.startswith("image")}
with open(os.path.join(tiled, "classes.tsj"), "w") as f:
    json.dump(classes, f)
PY
mkdir -p "$sets/png" "$sets/ldtk" "$sets/tiled"
mv "$levels/cave" "$sets/png/" && mv "$levels/cave_ldtk" "$sets/ldtk/" && mv "$levels/cave_tiled" "$sets/tiled/"
fi
runs_dir=$out/runs
rm -rf "$runs_dir"
mkdir -p "$runs_dir"
load=$(cut -d' ' -f1 /proc/loadavg)
for i in $(seq "$runs"); do
    for name in png/cave ldtk/cave_ldtk/Cave tiled/cave_tiled/cave_bare tiled/cave_tiled/cave; do
        file=${name#*/}
        file=${file//\//_}
        /usr/bin/time -a -o "$runs_dir/$file.time" -f "%e %M" "$qs" "${name#*/}" --levels-dir "$sets/${name%%/*}" --headless \
            --frames 1 --save-dir "$out/saves" >/dev/null 2>>"$runs_dir/$file.err"
    done
done
echo "load average at the start: $load, at the end: $(cut -d' ' -f1 /proc/loadavg)"
python3 - "$runs_dir" "$size" <<'PY'
import re, statistics, sys
d, size = sys.argv[1:]
print(f"| {size} level | process wall, median | `level:` ms, median | peak RSS MB, median |")
print("|---|---|---|---|")
for name, label in (("cave", "PNG folder"), ("cave_ldtk_Cave", "LDtk project, IntGrid only"),
                    ("cave_tiled_cave_bare", "Tiled map, tile classes only"),
                    ("cave_tiled_cave", "Tiled map, every tile drawn from its tileset")):
    times = [line.split() for line in open(f"{d}/{name}.time") if re.match(r"^[0-9.]+ [0-9]+$", line.strip())]
    level = [float(m.group(1)) for m in re.finditer(r"^level: .* ([0-9.]+) ms$", open(f"{d}/{name}.err").read(), re.M)]
    wall = statistics.median(float(t[0]) for t in times) * 1000
    rss = statistics.median(int(t[1]) for t in times) / 1024
    print(f"| {label} | {wall:.0f} ms | {statistics.median(level):.0f} ms | {rss:.0f} |")
PY
