#!/usr/bin/env bash
# Runs every fuzzer built in BUILD/tests/fuzz for SECONDS each, on a scratch corpus seeded from
# tests/fuzz/corpus/NAME (the seeds are never modified). Exits non-zero on the first finding, whose input is
# kept as BUILD/fuzz-NAME-crash-*.    usage: run_all.sh BUILD [SECONDS]
set -euo pipefail
build=$(cd "$1" && pwd)
seconds=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1
export LSAN_OPTIONS="suppressions=$here/../sanitizer/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for seeds in "$here"/corpus/*/; do
    name=$(basename "$seeds")
    work="$build/fuzz-corpus/$name"
    mkdir -p "$work"
    log="$build/fuzz-$name.log"
    if ! "$build/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/fuzz-$name-" "$work" "$seeds" >"$log" 2>&1; then
        tail -n 60 "$log"
        echo "fuzz_$name: FINDING (input kept next to $log)"
        exit 1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz_$name: ok, $runs executions in ${seconds} s, corpus $(ls "$work" | wc -l) inputs"
done
