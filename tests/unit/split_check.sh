#!/usr/bin/env bash
# Checks that the ctest entries of one doctest binary run every test case of it exactly once: ENTRIES has
# one line per entry, the doctest filters it passes (tab-separated). Each entry must list at least one
# test case, no test case may be in two entries, and together they must list the whole binary.
# usage: split_check.sh BINARY ENTRIES
set -euo pipefail
bin=$1
entries=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The test cases a run with these filters would execute, one "file:line name" line each.
list() {
    "$bin" --list-test-cases --reporters=xml "$@" | grep -o '<TestCase [^>]*>' | sort
}

list >"$scratch/whole"
: >"$scratch/union"
failures=0
count=0
while IFS=$'\t' read -r -a filters; do
    [ ${#filters[@]} -eq 0 ] && continue
    count=$((count + 1))
    list "${filters[@]}" >"$scratch/entry"
    if [ ! -s "$scratch/entry" ]; then
        echo "FAIL: the entry '${filters[*]}' runs no test case"
        failures=$((failures + 1))
    fi
    cat "$scratch/entry" >>"$scratch/union"
done <"$entries"
sort -o "$scratch/union" "$scratch/union"
twice=$(uniq -d "$scratch/union")
if [ -n "$twice" ]; then
    echo "FAIL: in more than one entry:"
    echo "$twice"
    failures=$((failures + 1))
fi
missing=$(comm -23 "$scratch/whole" <(uniq "$scratch/union"))
if [ -n "$missing" ]; then
    echo "FAIL: in no entry:"
    echo "$missing"
    failures=$((failures + 1))
fi
whole=$(wc -l <"$scratch/whole")
if [ "$whole" -eq 0 ]; then
    echo "FAIL: $bin lists no test case"
    failures=$((failures + 1))
fi
echo "$count entries, $whole test cases, $(wc -l <"$scratch/union") run by the entries"
[ "$failures" -eq 0 ]
