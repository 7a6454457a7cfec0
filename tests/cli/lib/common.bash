# Shared helpers for the CLI tests: arguments, failure reporting, JSON comparison through python3.
# Each test is run by ctest as: bash tests/cli/NAME.sh QUICKSTEP_BINARY SOURCE_DIR SCRATCH_DIR
set -u
QS=$1
SRC=$2
SCRATCH=$3
BIN_DIR=$(dirname "$QS")
source "$(dirname "${BASH_SOURCE[0]}")/python.bash"
source "$(dirname "${BASH_SOURCE[0]}")/tier.bash"
# The tests' python3 snippets import their helpers from lib/ (input_script.py, png.py).
export PYTHONPATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)${PYTHONPATH:+:$PYTHONPATH}"
export QS_BIN_DIR=$BIN_DIR  # where tools such as png_to_ppm are (lib/png.py uses it)
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
failures=0
checks=0

# sized FULL SHORT: FULL, or SHORT in a build with AddressSanitizer (ctest sets QS_SANITIZER_BUILD=1 there)
# unless QS_TEST_FULL_LENGTH=1. The tests that use it say in their header what they shorten.
sized() {
    if [ "${QS_SANITIZER_BUILD:-0}" = 1 ] && [ "${QS_TEST_FULL_LENGTH:-0}" != 1 ]; then echo "$2"; else echo "$1"; fi
}

# xvfb-run -a, each call starting its search for a free display at a number of its own: tests run in
# parallel, and an X server that finds its display taken can remove the other server's socket on its way
# out, leaving that server's clients without a display. The number mixes the calling process, a count of
# its calls and bash's RANDOM (reseeded in every subshell) over 30 000 displays: two tests' calls at the
# same moment, or two calls a test starts at once, pick the same one about once in 30 000.
qs_xvfb_calls=0
xvfb-run() {
    qs_xvfb_calls=$((qs_xvfb_calls + 1))
    command xvfb-run -n $((100 + (BASHPID * 7919 + qs_xvfb_calls * 4099 + RANDOM) % 30000)) "$@"
}

pass() { checks=$((checks + 1)); echo "ok: $*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL: $*"; }

# edit_png FILE X,Y=#rrggbb ...: sets pixels of a PNG as a maker's image editor would, re-encoding the whole
# file (ImageMagick, 8-bit RGBA) and replacing it in one rename.
edit_png() {
    local file=$1 spec args=()
    shift
    for spec in "$@"; do args+=(-fill "${spec#*=}" -draw "color ${spec%%=*} point"); done
    convert "$file" -alpha on "${args[@]}" "PNG32:$file.edit.png" && mv "$file.edit.png" "$file"
}

# legacy_data DIR: a data dir (for QUICKSTEP_DATA_DIR) with the shipped assets whose levels are the frozen
# copies in tests/data/legacy/levels: the level files, byte for byte, that tests/data/legacy was written on.
legacy_data() {
    mkdir -p "$1" && ln -sfn "$SRC/assets" "$1/assets" && ln -sfn "$SRC/tests/data/legacy/levels" "$1/levels"
}

# expect_exit CODE DESCRIPTION -- command...
expect_exit() {
    local want=$1 what=$2
    shift 3
    "$@"
    local got=$?
    if [ "$got" -eq "$want" ]; then pass "$what (exit $got)"; else fail "$what: exit $got, expected $want"; fi
}

# same_dump A.json B.json: the same world: equal ignoring "tick" and "rewind" (what the rewind recording
# holds: a quickload starts a new recording, so two equal worlds may have recorded different spans)
same_dump() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d.pop("tick", None); d.pop("rewind", None)
if a != b:
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            print(f"  differs in {key!r}")
            if key == "entities":
                ea = {e["index"]: e for e in a[key]}; eb = {e["index"]: e for e in b[key]}
                for i in sorted(set(ea) | set(eb)):
                    if ea.get(i) != eb.get(i):
                        print(f"    entity {i}: {ea.get(i)}\n         vs {eb.get(i)}"); break
    sys.exit(1)
PY
}

# queue_dump_check RULE A.json B.json PASS FAIL: compares two dumps later, with the other queued ones, in
# one python3 run (check_queued_dumps): RULE "strict" ignores only "tick", "world" also "rewind" (same_dump).
queue_dump_check() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>"$SCRATCH/queued_dump_checks"; }
check_queued_dumps() {
    [ -f "$SCRATCH/queued_dump_checks" ] || return 0
    local line queued answered=0
    queued=$(wc -l <"$SCRATCH/queued_dump_checks")
    while IFS= read -r line; do
        case $line in
            "ok: "*) answered=$((answered + 1)); pass "${line#ok: }" ;;
            "FAIL: "*) answered=$((answered + 1)); fail "${line#FAIL: }" ;;
            *) echo "$line" ;;
        esac
    done < <(python3 - "$SCRATCH/queued_dump_checks" <<'PY'
import json, sys
for row in open(sys.argv[1]):
    rule, a_path, b_path, good, bad = row.rstrip("\n").split("\t")
    try:
        a, b = json.load(open(a_path)), json.load(open(b_path))
    except (OSError, ValueError) as e:
        print(f"FAIL: {bad}: {e}")
        continue
    for d in (a, b):
        d.pop("tick", None)
        if rule == "world":
            d.pop("rewind", None)
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    if not keys:
        print(f"ok: {good}")
    else:
        k = keys[0]
        print(f"FAIL: {bad}: differs in {k!r}: {str(a.get(k))[:200]} vs {str(b.get(k))[:200]}")
PY
)
    [ "$answered" -eq "$queued" ] || fail "$queued dump comparisons queued, $answered answered"
    rm -f "$SCRATCH/queued_dump_checks"
}

# json_query FILE EXPRESSION: prints eval(EXPRESSION) with d = the parsed file
json_query() {
    python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
entities = d.get("entities", [])
def of(t): return [e for e in entities if e["type"] == t]
print(eval(sys.argv[2]))
PY
}

# dash_level FOLDER [GROUND]: a 16 x 5 level in FOLDER (its .lvl named after it): run right from the player
# to the goal along the bottom row GROUND (16 characters, '#' ground, '.' a gap; a full row by default).
dash_level() {
    "$BIN_DIR/pixelart" /dev/stdin "$1" >/dev/null <<EOF2
color . #00000000
color # #000000
color P #0000ff
color G #00ff00
image geometry/layer0 16 5
................
................
................
................
${2:-################}
image sprites/layer0 16 5
................
................
................
.P.........G....
................
EOF2
    printf '{ "obj_colors": ["#000000"], "obj_prefabs": ["ground"], "spr_colors": ["#0000ff", "#00ff00"], "spr_prefabs": ["player", "goal"] }\n' \
        >"$1/$(basename "$1").lvl"
}

# build_lab_level: the quicksave lab level into $SCRATCH/levels/qs_lab
build_lab_level() {
    "$BIN_DIR/pixelart" "$SRC/tests/data/levels/qs_lab.art" "$SCRATCH/levels/qs_lab" >/dev/null || return 1
    cp "$SRC/tests/data/levels/qs_lab.lvl" "$SCRATCH/levels/qs_lab/"
}

finish() {
    echo "$((checks - failures)) passed, $failures failed"
    [ "$failures" -eq 0 ]
    exit $?
}
