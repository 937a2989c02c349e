#!/bin/bash
# Run the project's date-sensitive test binaries under libfaketime, which the
# build puts in ./build/lib. LD_PRELOAD is set only for each child test
# process. A combined log is kept at a fixed path for the CI artifact step.
set -u

BUILD_DIR=${BUILD_DIR:-./build}
FAKETIME_LIB="$BUILD_DIR/lib/libfaketime.so.1"
LOG=/tmp/faketime-tests.log
TEST_GLOB="$BUILD_DIR/tests/test_*"
DATES=("2000-01-01 00:00:00" "2038-01-19 03:14:00" "@2024-02-29 12:00:00")
failures=0
ran=0

die() { echo "error: $*" >&2; exit 2; }

[[ -f $FAKETIME_LIB ]] || die "libfaketime not built; run 'make faketime' first"

case $(readlink -f -- "$FAKETIME_LIB") in
    "$(readlink -f -- "$BUILD_DIR")"/*) ;;
    *) die "refusing to preload a library from outside $BUILD_DIR" ;;
esac

: > "$LOG"
echo "== faketime run $(date -u +%FT%TZ) ==" >> "$LOG"

run_one() {
    local bin=$1 when=$2 rc
    printf -- '--- %s @ %s\n' "${bin##*/}" "$when" >> "$LOG"
    LD_PRELOAD="$FAKETIME_LIB" FAKETIME="$when" FAKETIME_NO_CACHE=1 \
        timeout 60 "$bin" >> "$LOG" 2>&1
    rc=$?
    if [[ $rc -eq 124 ]]; then
        echo "TIMEOUT ${bin##*/} @ $when"
    elif [[ $rc -ne 0 ]]; then
        echo "FAIL    ${bin##*/} @ $when (rc=$rc)"
    else
        echo "ok      ${bin##*/} @ $when"
    fi
    return $rc
}

shopt -s nullglob
tests=($TEST_GLOB)
shopt -u nullglob
[[ ${#tests[@]} -gt 0 ]] || die "no test binaries match $TEST_GLOB"

for bin in "${tests[@]}"; do
    [[ -x $bin ]] || { echo "skip    ${bin##*/} (not executable)"; continue; }
    for when in "${DATES[@]}"; do
        ran=$((ran + 1))
        run_one "$bin" "$when" || failures=$((failures + 1))
    done
done

echo
echo "$ran run(s), $failures failure(s); log: $LOG"
if [[ -n ${CI:-} ]]; then
    mkdir -p "$BUILD_DIR/artifacts"
    cp -- "$LOG" "$BUILD_DIR/artifacts/faketime-tests.log"
fi
[[ $failures -eq 0 ]]
