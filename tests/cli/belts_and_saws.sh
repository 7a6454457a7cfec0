# Conveyors and saws in .lvl files: every number is checked against its documented range, and a value
# outside it (or of the wrong kind) is an error naming the file, the entry, the prefab and the field;
# values at the ends of the ranges are accepted.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME="$SCRATCH/data"

# edited LEVEL FROM TO: a copy of the shipped LEVEL with FROM replaced by TO in its .lvl; prints its folder.
edited() {
    local dir
    dir=$(mktemp -d "$SCRATCH/case.XXXXXX") && cp -r "$SRC/levels/$1" "$dir/" || return 1
    local lvl=("$dir/$1"/*.lvl)
    python3 - "${lvl[0]}" "$2" "$3" <<'PY' || return 1
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
assert text.count(old) == 1, f"{old!r} is not once in {path}"
open(path, "w").write(text.replace(old, new))
PY
    echo "$dir/$1"
}

# refused LEVEL FROM TO MESSAGE: the edited level fails --check with MESSAGE (a regex) naming its .lvl.
refused() {
    local dir
    dir=$(edited "$1" "$2" "$3") || { fail "$1: could not make the case $3"; return; }
    local out
    out=$("$QS" --check "$dir" 2>&1)
    local status=$?
    if [ "$status" -eq 1 ] && grep -Eq "^$dir/[a-z_]+\.lvl: .*$4" <<<"$out"; then
        pass "$1 with $3: refused, $4"
    else
        fail "$1 with $3: exit $status, expected 1 and /$4/ naming the .lvl: $out"
    fi
}

# accepted LEVEL FROM TO: the edited level passes --check.
accepted() {
    local dir
    dir=$(edited "$1" "$2" "$3") || { fail "$1: could not make the case $3"; return; }
    "$QS" --check "$dir" >/dev/null 2>"$SCRATCH/accepted.err" && pass "$1 with $3: accepted" ||
        fail "$1 with $3: refused: $(cat "$SCRATCH/accepted.err")"
}

belt='{"prefab": "conveyor", "width": 9, "speed": 3}'
refused 16_belt_line "$belt" '{"prefab": "conveyor", "width": 9, "speed": 9}' \
    'spr_prefabs\[4\] \(conveyor\): speed is 9, outside -8 to 8 tiles/s'
refused 16_belt_line "$belt" '{"prefab": "conveyor", "width": 9, "speed": -8.5}' \
    'spr_prefabs\[4\] \(conveyor\): speed is -8.5, outside -8 to 8'
refused 16_belt_line "$belt" '{"prefab": "conveyor", "width": 0, "speed": 3}' \
    'spr_prefabs\[4\] \(conveyor\): width is 0, outside 1 to 64'
refused 16_belt_line "$belt" '{"prefab": "conveyor", "width": 9, "speed": "fast"}' \
    'spr_prefabs\[4\] \(conveyor\): speed'
accepted 16_belt_line "$belt" '{"prefab": "conveyor", "width": 9, "speed": -8}'

saw='{"prefab": "saw", "dx": 6, "dy": 0, "speed": 3}'
refused 17_saw_mill "$saw" '{"prefab": "saw", "dx": 65, "dy": 0, "speed": 3}' \
    'spr_prefabs\[6\] \(saw\): dx is 65, outside -64 to 64 tiles'
refused 17_saw_mill "$saw" '{"prefab": "saw", "dx": 6, "dy": -1e9, "speed": 3}' \
    'spr_prefabs\[6\] \(saw\): dy is -1000000000, outside -64 to 64'
refused 17_saw_mill "$saw" '{"prefab": "saw", "dx": 6, "dy": 0, "speed": 21}' \
    'spr_prefabs\[6\] \(saw\): speed is 21, outside 0 to 20 tiles/s'
refused 17_saw_mill "$saw" '{"prefab": "saw", "dx": 6, "dy": 0, "speed": -1}' \
    'spr_prefabs\[6\] \(saw\): speed is -1, outside 0 to 20'
refused 17_saw_mill "$saw" '{"prefab": "saw", "dx": 6, "dy": 0, "speed": 3, "progress": 0.5}' \
    'spr_prefabs\[6\] \(saw\): .*progress'
accepted 17_saw_mill "$saw" '{"prefab": "saw", "dx": -64, "dy": 64, "speed": 20}'
finish
