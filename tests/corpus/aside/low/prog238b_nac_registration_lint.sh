#!/usr/bin/env bash
# nac_registration_lint.sh - sanity-check a device registration export.
#
# Before the weekly import into the NAC, the export from the housing
# system (CSV: student_id,room,mac,device_type) is checked for malformed
# or duplicate MAC addresses, locally administered (randomised) MACs and
# rooms outside the known list. A cleaned file and a report are written
# to ./build/lint; the build directory is cleared on every run.
#
# Usage: nac_registration_lint.sh [-r rooms.txt] export.csv

set -euo pipefail

ROOMS_FILE="./rooms.txt"
BUILD_DIR="./build/lint"

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

while getopts ":r:h" opt; do
    case "$opt" in
        r) ROOMS_FILE="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done
shift $((OPTIND - 1))

EXPORT="${1:-}"
[[ -n "$EXPORT" && -f "$EXPORT" ]] || { log "usage: $0 [-r rooms.txt] export.csv"; exit 1; }

rm -rf -- "$BUILD_DIR"
mkdir -p "$BUILD_DIR"

CLEAN="$BUILD_DIR/clean.csv"
REPORT="$BUILD_DIR/report.txt"
NORMALISED="$BUILD_DIR/normalised.csv"

# 1. normalise MACs to lower-case colon form, strip CRs and blank lines
tail -n +2 "$EXPORT" | tr -d '\r' | awk -F',' 'NF >= 4 {
    mac = tolower($3)
    gsub(/[-. ]/, "", mac)
    gsub(/:/, "", mac)
    if (length(mac) == 12) {
        mac = substr(mac,1,2) ":" substr(mac,3,2) ":" substr(mac,5,2) ":" \
              substr(mac,7,2) ":" substr(mac,9,2) ":" substr(mac,11,2)
    }
    printf "%s,%s,%s,%s\n", $1, $2, mac, $4
}' > "$NORMALISED"

total=$(wc -l < "$NORMALISED")

{
    echo "Registration lint report - $(date '+%F %T')"
    echo "source: $EXPORT ($total rows)"
    echo

    echo "== malformed MACs =="
    awk -F',' '$3 !~ /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/ { print NR+1 ": " $0 }' "$NORMALISED"
    echo

    echo "== duplicate MACs =="
    cut -d',' -f3 "$NORMALISED" | sort | uniq -d | while read -r mac; do
        grep -n ",$mac," "$NORMALISED" | sed 's/^/  /'
    done
    echo

    echo "== randomised (locally administered) MACs =="
    awk -F',' '{ b = substr($3,2,1); if (b ~ /[26ae]/) print "  " $1 " room " $2 " " $3 }' "$NORMALISED"
    echo

    if [[ -f "$ROOMS_FILE" ]]; then
        echo "== unknown rooms =="
        awk -F',' 'NR==FNR { rooms[$1]=1; next } !($2 in rooms) { print "  " $1 " " $2 }' \
            "$ROOMS_FILE" "$NORMALISED"
    else
        echo "(no $ROOMS_FILE; room check skipped)"
    fi
} > "$REPORT"

# clean file: well-formed, first occurrence of each MAC, not randomised
echo "student_id,room,mac,device_type" > "$CLEAN"
awk -F',' '$3 ~ /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/ && substr($3,2,1) !~ /[26ae]/ && !seen[$3]++' \
    "$NORMALISED" >> "$CLEAN"

kept=$(( $(wc -l < "$CLEAN") - 1 ))
log "$kept of $total rows kept; report at $REPORT"
