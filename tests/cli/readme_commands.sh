#!/usr/bin/env bash
# Runs what README.md shows: every level name given to the game exists, and every `./build/quickstep`
# command in a code block runs (from the source tree, with the binary under test) and exits 0.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/xdg"

levels=$(cd "$SRC" && "$QS" --list-levels | awk -F'\t' '$2 == "ok" {print $1}')

# Level names: `quickstart.sh play NAME` and `quickstep NAME` / `./build/quickstep NAME` in the README.
names=$(grep -oE '(quickstart\.sh play|build/quickstep|^quickstep) [0-9A-Za-z_.-]+' "$SRC/README.md" |
        awk '{print $NF}' | grep -vE '^-|^[A-Z_]+$' | sort -u)  # LEVEL, NAME: placeholders
[ -n "$names" ] && pass "README names levels: $(echo $names)" || fail "no level names found in README.md"
for name in $names; do
    if grep -qx -- "$name" <<<"$levels"; then pass "README level '$name' exists"
    else fail "README names level '$name', which is not a shipped level (levels: $(echo $levels))"; fi
done

# Commands: lines in code blocks that start with ./build/quickstep.
commands=$(awk '/^```/ {inside = !inside; next} inside && /^\.\/build\/quickstep / {print}' "$SRC/README.md")
[ -n "$commands" ] && pass "README shows commands" || fail "no ./build/quickstep commands in README.md"
while IFS= read -r line; do
    [ -z "$line" ] && continue
    read -r -a words <<<"${line#./build/quickstep }"
    if (cd "$SRC" && "$QS" "${words[@]}" >"$SCRATCH/out.txt" 2>"$SCRATCH/err.txt"); then
        pass "README command runs: $line"
    else
        fail "README command fails: $line: $(tr '\n' ' ' <"$SCRATCH/err.txt")"
    fi
done <<<"$commands"
finish
