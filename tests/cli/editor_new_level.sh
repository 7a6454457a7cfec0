#!/usr/bin/env bash
# --new-level NAME WxH --ldtk / --tiled: the project written is listed as FOLDER/LEVEL ok, passes --check
# with no warning and plays to the goal at once (held right); an existing folder is refused (exit 1) and
# the flags' usage errors exit 2 with a message.
source "$(dirname "$0")/lib/common.bash"
LEVELS=$SCRATCH/levels
printf '0 +right\n' >"$SCRATCH/right.txt"

for editor in ldtk tiled; do
    name=made_in_$editor
    if [ $editor = ldtk ]; then level=$name/Level_0; file=$name.ldtk; else level=$name/$name; file=$name.tmj; fi
    "$QS" --new-level "$name" 20x10 "--$editor" --levels-dir "$LEVELS" >"$SCRATCH/$editor.new" \
        2>"$SCRATCH/$editor.new.err"
    code=$?
    if [ $code -eq 0 ] && [ "$(cat "$SCRATCH/$editor.new")" = "$LEVELS/$name" ] && [ -f "$LEVELS/$name/$file" ] &&
        grep -qx "quickstep: level $level: open $LEVELS/$name/$file in .*" "$SCRATCH/$editor.new.err"; then
        pass "$editor: exit 0, prints the folder, names the level and the file to open"
    else
        fail "$editor: exit $code: $(cat "$SCRATCH/$editor.new" "$SCRATCH/$editor.new.err"; ls "$LEVELS/$name")"
    fi

    "$QS" --list-levels --levels-dir "$LEVELS" >"$SCRATCH/$editor.list" 2>&1
    if grep -qx "$level	ok	$LEVELS/$level	" "$SCRATCH/$editor.list"; then pass "$editor: listed $level ok"
    else fail "$editor: --list-levels: $(cat "$SCRATCH/$editor.list")"; fi

    "$QS" --check "$LEVELS/$name" >"$SCRATCH/$editor.check" 2>"$SCRATCH/$editor.check.err"
    code=$?
    if [ $code -eq 0 ] && [ "$(cat "$SCRATCH/$editor.check")" = "$LEVELS/$level: ok" ] &&
        [ ! -s "$SCRATCH/$editor.check.err" ]; then
        pass "$editor: --check says ok with no warning"
    else
        fail "$editor: --check exit $code: $(cat "$SCRATCH/$editor.check" "$SCRATCH/$editor.check.err")"
    fi

    "$QS" "$level" --levels-dir "$LEVELS" --headless --input "$SCRATCH/right.txt" --frames 600 \
        --save-dir "$SCRATCH/saves_$editor" --dump-state "$SCRATCH/$editor.json" >"$SCRATCH/$editor.out" \
        2>"$SCRATCH/$editor.err"
    if grep -q "^complete: $level tick [0-9]*$" "$SCRATCH/$editor.out" &&
        [ "$(json_query "$SCRATCH/$editor.json" 'd["level"]')" = "$level" ] &&
        [ "$(json_query "$SCRATCH/$editor.json" 'of("player")[0]["x"] > 17')" = True ]; then
        pass "$editor: plays to the goal at once ($(cat "$SCRATCH/$editor.out"))"
    else
        fail "$editor: play: $(cat "$SCRATCH/$editor.out" "$SCRATCH/$editor.err")"
    fi

    expect_exit 1 "$editor: an existing folder is refused" -- "$QS" --new-level "$name" 20x10 "--$editor" \
        --levels-dir "$LEVELS" >/dev/null 2>"$SCRATCH/$editor.again"
    if grep -q "already exists" "$SCRATCH/$editor.again"; then pass "$editor: says it exists"
    else fail "$editor: second --new-level: $(cat "$SCRATCH/$editor.again")"; fi
done

usage_error() {
    local want=$1
    shift
    expect_exit 2 "usage error: $*" -- "$QS" "$@" >/dev/null 2>"$SCRATCH/usage.err"
    if grep -qF "quickstep: $want" "$SCRATCH/usage.err"; then pass "says: $want"
    else fail "$*: $(head -3 "$SCRATCH/usage.err")"; fi
}
usage_error "--ldtk goes with --new-level NAME WxH" --ldtk --levels-dir "$LEVELS"
usage_error "--tiled goes with --new-level NAME WxH" 01_first_steps --tiled --headless
usage_error "--ldtk and --tiled each make a new level for one editor: give one" \
    --new-level x 20x10 --ldtk --tiled --levels-dir "$LEVELS"
usage_error "--new-level needs a size WxH" --new-level x 7x10 --tiled --levels-dir "$LEVELS"
if [ ! -e "$LEVELS/x" ]; then pass "nothing written for a usage error"; else fail "$LEVELS/x was written"; fi

finish
