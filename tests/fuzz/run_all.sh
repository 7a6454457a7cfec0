#!/usr/bin/env bash
# Runs every fuzzer built in BUILD/tests/fuzz for SECONDS each, JOBS of them at a time (default 1), on a
# scratch corpus seeded from tests/fuzz/corpus/NAME (the seeds are never modified). Exits non-zero when any
# fuzzer finds something, whose input is kept as BUILD/fuzz-NAME-crash-*.
#     usage: run_all.sh BUILD [SECONDS] [JOBS]
set -euo pipefail
build=$(cd "$1" && pwd)
seconds=${2:-20}
parallel=${3:-1}
case "$seconds$parallel" in *[!0-9]*) echo "run_all.sh: SECONDS and JOBS are whole numbers" >&2; exit 2 ;; esac
[ "$parallel" -ge 1 ] || parallel=1
here=$(cd "$(dirname "$0")" && pwd)
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1
export LSAN_OPTIONS="suppressions=$here/../sanitizer/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# One fuzzer: its log in BUILD/fuzz-NAME.log, its one-line result in BUILD/fuzz-NAME.result.
fuzz_one() {
    local name=$1 seeds=$2
    local work="$build/fuzz-corpus/$name" log="$build/fuzz-$name.log" result="$build/fuzz-$name.result"
    mkdir -p "$work"
    if "$build/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/fuzz-$name-" "$work" "$seeds" >"$log" 2>&1; then
        local runs
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
        echo "fuzz_$name: ok, $runs executions in ${seconds} s, corpus $(ls "$work" | wc -l) inputs" >"$result"
    else
        echo "fuzz_$name: FINDING (input kept next to $log)" >"$result"
    fi
}

names=()
for seeds in "$here"/corpus/*/; do
    name=$(basename "$seeds")
    names+=("$name")
    rm -f "$build/fuzz-$name.result"
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
    fuzz_one "$name" "$seeds" &
done
wait

status=0
for name in "${names[@]}"; do
    line=$(cat "$build/fuzz-$name.result" 2>/dev/null || echo "fuzz_$name: no result")
    if [[ "$line" != *": ok,"* ]]; then
        tail -n 60 "$build/fuzz-$name.log" 2>/dev/null || true
        status=1
    fi
    echo "$line"
done
exit "$status"
