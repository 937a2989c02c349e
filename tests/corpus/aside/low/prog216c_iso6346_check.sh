#!/usr/bin/env bash
# iso6346_check.sh - checks container numbers typed at the gate against the
# ISO 6346 check digit, to catch OCR misreads and typos before the
# gate-in is confirmed.
# Numbers come as arguments, or one per line on stdin / from a file (-f).
set -uo pipefail

INPUT_FILE=""
RESULT_FILE="${RESULT_FILE:-./iso6346_results.txt}"
QUIET=0

usage() {
    echo "usage: $0 [-q] [-f file] [CONTAINER_NO ...]"
}

while getopts ":f:o:qh" opt; do
    case "$opt" in
        f) INPUT_FILE="$OPTARG" ;;
        o) RESULT_FILE="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

# the check digit calculation lives in python; the number comes in CN
CHECK_PY='
import os, sys
cn = os.environ["CN"].strip().upper().replace(" ", "").replace("-", "")
if len(cn) != 11 or not cn[:4].isalpha() or not cn[4:].isdigit():
    print("FORMAT")
    sys.exit(0)
if cn[3] not in "UJZ":
    print("CATEGORY")
    sys.exit(0)
values = {}
v = 10
for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
    if v % 11 == 0:
        v += 1
    values[ch] = v
    v += 1
total = 0
for i, ch in enumerate(cn[:10]):
    n = values[ch] if ch.isalpha() else int(ch)
    total += n * (2 ** i)
digit = total % 11 % 10
print("OK" if digit == int(cn[10]) else "CHECK:%d" % digit)
'

check_one() {
    local raw="$1" verdict
    verdict="$(CN="$raw" python3 -c "$CHECK_PY")"
    case "$verdict" in
        OK)       msg="valid" ;;
        FORMAT)   msg="bad format (need 4 letters + 7 digits)" ;;
        CATEGORY) msg="bad equipment category (4th letter must be U, J or Z)" ;;
        CHECK:*)  msg="check digit wrong, expected ${verdict#CHECK:}" ;;
        *)        msg="could not check" ;;
    esac
    printf '%s\t%s\n' "$raw" "$msg" >> "$RESULT_FILE"
    (( QUIET )) || printf '%-14s %s\n' "$raw" "$msg"
    [[ "$verdict" == OK ]]
}

: > "$RESULT_FILE"
total=0
failed=0

process_stream() {
    local line
    while IFS= read -r line; do
        line="${line%%#*}"
        [[ -z "${line// /}" ]] && continue
        total=$((total + 1))
        check_one "$line" || failed=$((failed + 1))
    done
}

if [[ -n "$INPUT_FILE" ]]; then
    [[ -r "$INPUT_FILE" ]] || { echo "cannot read $INPUT_FILE" >&2; exit 1; }
    process_stream < "$INPUT_FILE"
elif [[ $# -gt 0 ]]; then
    process_stream < <(printf '%s\n' "$@")
else
    process_stream
fi

echo "$total checked, $failed failed; details in $RESULT_FILE" >&2
(( failed == 0 ))
