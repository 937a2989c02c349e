#!/usr/bin/env bash
# pack_list_builder.sh - build per-truck pack lists for the puppet tour.
#
# Reads the touring inventory CSV (case_id,item,dept,weight_kg,truck) and
# writes one pack list per truck into ./build/packlists, plus a weight
# summary so the production manager can check payloads before the load-out.
#
# Usage: pack_list_builder.sh [-i inventory.csv] [-l max_kg] [-c] [-v]
#   -c   remove ./build before building (clean run)

set -euo pipefail

INVENTORY="inventory.csv"
MAX_KG=3500
CLEAN=0
VERBOSE=0
BUILD_DIR="./build"
OUT_DIR="${BUILD_DIR}/packlists"

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "$2" >&2; }
info() { log INFO "$*"; }
warn() { log WARN "$*"; }
debug() { [[ $VERBOSE -eq 1 ]] && log DEBUG "$*" || true; }
die()  { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":i:l:cvh" opt; do
    case "$opt" in
        i) INVENTORY="$OPTARG" ;;
        l) MAX_KG="$OPTARG" ;;
        c) CLEAN=1 ;;
        v) VERBOSE=1 ;;
        h) usage 0 ;;
        :) die "option -$OPTARG needs a value" ;;
        *) usage 1 ;;
    esac
done

[[ -f "$INVENTORY" ]] || die "inventory not found: $INVENTORY"
[[ "$MAX_KG" =~ ^[0-9]+$ ]] || die "max weight must be a whole number of kg"

if [[ $CLEAN -eq 1 && -d "$BUILD_DIR" ]]; then
    info "cleaning previous build in $BUILD_DIR"
    rm -rf -- "$BUILD_DIR"
fi
mkdir -p "$OUT_DIR"

# Collect the truck names, skipping the header row.
mapfile -t TRUCKS < <(tail -n +2 "$INVENTORY" | cut -d, -f5 | tr -d '\r' | sort -u | grep -v '^$')
[[ ${#TRUCKS[@]} -gt 0 ]] || die "no trucks listed in $INVENTORY"
info "found ${#TRUCKS[@]} truck(s): ${TRUCKS[*]}"

SUMMARY="${BUILD_DIR}/weights.txt"
: > "$SUMMARY"
overweight=0

for truck in "${TRUCKS[@]}"; do
    list="${OUT_DIR}/${truck// /_}.txt"
    debug "writing $list"
    {
        echo "PACK LIST - ${truck}"
        echo "Generated $(date '+%Y-%m-%d %H:%M')"
        echo
        printf '%-8s %-32s %-10s %8s\n' CASE ITEM DEPT KG
        tail -n +2 "$INVENTORY" | tr -d '\r' \
            | awk -F, -v t="$truck" '$5 == t { printf "%-8s %-32s %-10s %8.1f\n", $1, $2, $3, $4 }' \
            | sort -k3,3 -k1,1
    } > "$list"

    total=$(tail -n +2 "$INVENTORY" | tr -d '\r' \
        | awk -F, -v t="$truck" '$5 == t { s += $4 } END { printf "%.0f", s }')
    cases=$(grep -c . < <(tail -n +2 "$INVENTORY" | awk -F, -v t="$truck" '$5 == t'))
    printf '%-20s %4d cases %7d kg\n' "$truck" "$cases" "$total" >> "$SUMMARY"

    if (( total > MAX_KG )); then
        warn "$truck is over payload: ${total} kg > ${MAX_KG} kg"
        overweight=$((overweight + 1))
    else
        info "$truck: ${cases} cases, ${total} kg"
    fi
done

# Cases with no truck assigned are the usual cause of things left on the dock.
unassigned=$(tail -n +2 "$INVENTORY" | tr -d '\r' | awk -F, '$5 == "" { print $1 " " $2 }')
if [[ -n "$unassigned" ]]; then
    warn "cases with no truck assigned:"
    printf '  %s\n' "$unassigned" >&2
fi

info "pack lists in $OUT_DIR, summary in $SUMMARY"
exit $(( overweight > 0 ? 3 : 0 ))
