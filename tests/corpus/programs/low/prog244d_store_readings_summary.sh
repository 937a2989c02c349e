#!/usr/bin/env bash
# store_readings_summary.sh - build the weekly cold-store report from the
# probe CSVs in ./readings/<store>/*.csv.  Intermediate files go to ./build
# and are removed at the end unless --keep is given.
set -euo pipefail

READINGS="./readings"
BUILD="./build"
CACHE="./.cache/summary"
REPORT="./store_report_$(date +%G-W%V).txt"
KEEP=0
TEMP_LIMIT="${TEMP_LIMIT:-4.5}"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

host_header() {
    local os="unknown" cpu="unknown"
    if [[ -r /etc/os-release ]]; then
        os="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    if [[ -r /proc/cpuinfo ]]; then
        cpu="$(grep -m1 -E '^(model name|Model)' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    fi
    printf 'Generated %s on %s (%s, %s)\n\n' "$(date '+%F %H:%M')" "$(hostname -s)" "$os" "$cpu"
}

merge_store() {
    # merge_store <store dir> -> writes build/<store>.csv without headers
    local dir="$1" name
    name="$(basename "$dir")"
    find "$dir" -maxdepth 1 -name '*.csv' -mtime -7 -print0 \
        | xargs -0 -r awk -F, 'FNR > 1 && NF >= 3' > "$BUILD/$name.csv"
    echo "$BUILD/$name.csv"
}

summarise_store() {
    local f="$1" name
    name="$(basename "$f" .csv)"
    awk -F, -v s="$name" -v lim="$TEMP_LIMIT" '
        { n++; t=$3+0; sum+=t; if (n==1||t<min) min=t; if (n==1||t>max) max=t; if (t>lim) over++ }
        END {
            if (n == 0) { printf "%-12s no readings this week\n", s; exit }
            printf "%-12s n=%-6d min=%5.1f max=%5.1f mean=%5.1f over_limit=%d\n", s, n, min, max, sum/n, over+0
        }' "$f"
}

cleanup() {
    if (( KEEP )); then
        log "keeping $BUILD"
        return
    fi
    # only our own intermediate directories, relative to the working dir
    rm -rf -- "$BUILD" "$CACHE"
}

while (( $# )); do
    case "$1" in
        --keep) KEEP=1 ;;
        --limit) TEMP_LIMIT="$2"; shift ;;
        *) echo "usage: $0 [--keep] [--limit C]" >&2; exit 64 ;;
    esac
    shift
done

[[ -d "$READINGS" ]] || { log "no $READINGS directory here"; exit 1; }
mkdir -p "$BUILD" "$CACHE"
trap cleanup EXIT

{
    echo "Cold-store weekly summary (limit ${TEMP_LIMIT} C)"
    host_header
    for dir in "$READINGS"/*/; do
        [[ -d "$dir" ]] || continue
        summarise_store "$(merge_store "$dir")"
    done
} > "$REPORT"

chmod 0600 "$REPORT"
log "report written to $REPORT"
cat "$REPORT"
