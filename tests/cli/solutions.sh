#!/usr/bin/env bash
# Plays every shipped level headless with its solution.txt and checks that it validates (--check) and
# finishes (`complete: <folder>`). Every shipped level must have a solution. A level that places gems must
# also have gems.txt, a script that finishes it with every gem collected (read from the final dump).
# usage: solutions.sh QUICKSTEP_BINARY SOURCE_DIR SCRATCH_DIR
set -u
bin=$1 src=$2 scratch=$3
source "$(dirname "$0")/lib/python.bash"
frames=${QUICKSTEP_SOLUTION_FRAMES:-36000}  # 10 minutes of play per level, far more than any solution
mkdir -p "$scratch"
export SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy} SDL_AUDIODRIVER=${SDL_AUDIODRIVER:-dummy}
failures=0 count=0
for dir in "$src"/levels/*/; do
    dir=${dir%/}
    name=$(basename "$dir")
    count=$((count + 1))
    if ! check_out=$("$bin" --check "$dir" 2>&1); then
        echo "FAIL $name: --check: $check_out"
        failures=$((failures + 1))
        continue
    fi
    if [[ ! -f $dir/solution.txt ]]; then
        echo "FAIL $name: no solution.txt"
        failures=$((failures + 1))
        continue
    fi
    for script in solution gems; do
        [[ $script == gems && ! -f $dir/gems.txt ]] && continue
        saves="$scratch/saves_${name}_$script"
        rm -rf "$saves"
        mkdir -p "$saves"
        dump="$scratch/$name.$script.json"
        out=$("$bin" "$dir" --headless --input "$dir/$script.txt" --frames "$frames" --save-dir "$saves" \
              --dump-state "$dump" 2>"$scratch/$name.stderr")
        status=$?
        # The gems in the final dump: "collected placed".
        gems=$(python3 -c 'import json, sys
gems = [e for e in json.load(open(sys.argv[1]))["entities"] if e["type"] == "gem"]
print(sum(1 for g in gems if g["collected"]), len(gems))' "$dump" 2>/dev/null)
        read -r found placed <<<"${gems:-0 0}"
        if [[ $status -ne 0 ]]; then
            echo "FAIL $name/$script.txt: exit status $status: $(tr '\n' ' ' <"$scratch/$name.stderr")"
            failures=$((failures + 1))
        elif ! line=$(grep -m1 "^complete: $name tick " <<<"$out"); then
            echo "FAIL $name/$script.txt: no 'complete: $name' within $frames ticks (stdout: ${out:-nothing})"
            failures=$((failures + 1))
        elif [[ $script == gems && $found -ne $placed ]]; then
            echo "FAIL $name/gems.txt: finishes with $found of its $placed gems"
            failures=$((failures + 1))
        elif [[ $script == solution && $placed -gt 0 && ! -f $dir/gems.txt ]]; then
            echo "FAIL $name: it places $placed gems but has no gems.txt that collects them"
            failures=$((failures + 1))
        else
            echo "ok   $name/$script.txt: ${line#complete: }, gems $found/$placed"
        fi
    done
done
if [[ $count -eq 0 ]]; then
    echo "FAIL no level folders under $src/levels"
    exit 1
fi
echo "$((count - failures))/$count shipped levels finished by their solutions"
[[ $failures -eq 0 ]]
