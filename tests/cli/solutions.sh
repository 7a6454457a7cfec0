#!/usr/bin/env bash
# Plays every shipped level headless with its solution.txt and checks that it validates (--check) and
# finishes (`complete: <folder>`). Every shipped level must have a solution.
# usage: solutions.sh QUICKSTEP_BINARY SOURCE_DIR SCRATCH_DIR
set -u
bin=$1 src=$2 scratch=$3
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
    saves="$scratch/saves_$name"
    rm -rf "$saves"
    mkdir -p "$saves"
    out=$("$bin" "$dir" --headless --input "$dir/solution.txt" --frames "$frames" --save-dir "$saves" \
          --dump-state "$scratch/$name.json" 2>"$scratch/$name.stderr")
    status=$?
    if [[ $status -ne 0 ]]; then
        echo "FAIL $name: exit status $status: $(tr '\n' ' ' <"$scratch/$name.stderr")"
        failures=$((failures + 1))
    elif line=$(grep -m1 "^complete: $name tick " <<<"$out"); then
        echo "ok   $name: ${line#complete: }"
    else
        echo "FAIL $name: no 'complete: $name' within $frames ticks (stdout: ${out:-nothing})"
        failures=$((failures + 1))
    fi
done
if [[ $count -eq 0 ]]; then
    echo "FAIL no level folders under $src/levels"
    exit 1
fi
echo "$((count - failures))/$count shipped levels finished by their solutions"
[[ $failures -eq 0 ]]
