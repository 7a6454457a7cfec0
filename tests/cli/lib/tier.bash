# The test tier, read from QS_TEST_TIER (ctest sets it from the CMake option QUICKSTEP_TEST_TIER): "dev"
# plays a sample of the shipped levels (tests/data/dev_tier_levels.txt) and shorter long runs; "full", or no
# tier at all (a test run by hand), plays every level at full length. Sourced by common.bash.

# test_tier: prints dev or full.
test_tier() { if [ "${QS_TEST_TIER:-full}" = dev ]; then echo dev; else echo full; fi; }

# tiered FULL DEV: FULL, or DEV in the dev tier. The tests that use it say in their header what DEV is.
tiered() { if [ "$(test_tier)" = dev ]; then echo "$2"; else echo "$1"; fi; }

# tier_levels SRC: sets TIER_LEVEL_DIRS to the shipped level folders this tier plays ("SRC/levels/NAME/",
# as the glob SRC/levels/*/ gives them): every one in the full tier, the sample in dev, and says which on
# stdout in one line. Exits 1 when the sample names a folder that is not in SRC/levels.
tier_levels() {
    local src=$1 dir name
    local all=("$src"/levels/*/)
    TIER_LEVEL_DIRS=()
    if [ "$(test_tier)" = full ]; then
        TIER_LEVEL_DIRS=("${all[@]}")
        echo "full tier: all ${#all[@]} shipped levels"
        return 0
    fi
    local sample_file=$src/tests/data/dev_tier_levels.txt names=()
    while read -r name _; do
        [ -n "$name" ] && [ "${name:0:1}" != "#" ] || continue
        if [ ! -d "$src/levels/$name" ]; then
            echo "FAIL: $sample_file names $name, which is not a folder of $src/levels"
            exit 1
        fi
        TIER_LEVEL_DIRS+=("$src/levels/$name/")
        names+=("$name")
    done <"$sample_file"
    if [ ${#TIER_LEVEL_DIRS[@]} -eq 0 ]; then
        echo "FAIL: $sample_file names no level"
        exit 1
    fi
    echo "dev tier: ${#TIER_LEVEL_DIRS[@]} of ${#all[@]} levels (${names[*]}); every one: cmake -DQUICKSTEP_TEST_TIER=full build"
}
