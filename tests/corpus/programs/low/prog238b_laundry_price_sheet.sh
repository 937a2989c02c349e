#!/usr/bin/env bash
# laundry_price_sheet.sh - build the printable laundry price sheet.
#
# Fetches the current cycle prices for each hall from the vendor's public
# pricing endpoint and writes a CSV plus a plain-text sheet that the hall
# desks print and post in the laundry rooms.
#
# Usage: laundry_price_sheet.sh [-o outdir] hall [hall ...]

set -euo pipefail

PRICING_URL="https://pricing.laundry.example.com/v1/halls"
OUT_DIR="./price_sheets"
TIMEOUT=15

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":o:h" opt; do
    case "$opt" in
        o) OUT_DIR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))

(( $# > 0 )) || usage 1
command -v jq >/dev/null 2>&1 || { log "jq is required"; exit 1; }

mkdir -p "$OUT_DIR"
CSV="$OUT_DIR/prices_$(date +%Y%m%d).csv"
echo "hall,machine,cycle,price" > "$CSV"

fetch_hall() {
    local hall="$1"
    curl -fsS --max-time "$TIMEOUT" -H 'Accept: application/json' \
        "$PRICING_URL/${hall}/prices"
}

format_money() {
    awk -v c="$1" 'BEGIN { printf "$%.2f", c / 100 }'
}

write_sheet() {
    local hall="$1" json="$2" sheet="$OUT_DIR/${hall}.txt"
    {
        printf 'LAUNDRY PRICES - %s HALL\n' "$(echo "$hall" | tr '[:lower:]' '[:upper:]')"
        printf 'Effective %s\n\n' "$(echo "$json" | jq -r '.effective // "today"')"
        echo "$json" | jq -r '.prices[] | [.machine, .cycle, (.cents|tostring)] | @tsv' |
        while IFS=$'\t' read -r machine cycle cents; do
            printf '  %-8s %-14s %s\n' "$machine" "$cycle" "$(format_money "$cents")"
        done
        printf '\nPay by card or the laundry app. Report faults at the hall desk.\n'
    } > "$sheet"
    log "wrote $sheet"
}

failed=0
for hall in "$@"; do
    if ! [[ "$hall" =~ ^[a-z0-9-]+$ ]]; then
        log "skipping invalid hall code '$hall'"
        failed=$((failed + 1))
        continue
    fi
    if ! json="$(fetch_hall "$hall")"; then
        log "could not fetch prices for $hall"
        failed=$((failed + 1))
        continue
    fi
    echo "$json" | jq -r --arg h "$hall" \
        '.prices[] | [$h, .machine, .cycle, .cents] | @csv' >> "$CSV"
    write_sheet "$hall" "$json"
done

log "CSV written to $CSV ($failed hall(s) failed)"
(( failed == 0 ))
