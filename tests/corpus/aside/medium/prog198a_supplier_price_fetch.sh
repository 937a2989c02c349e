#!/usr/bin/env bash
# Pulls the current clay and glaze-material price sheet from the supplier's
# portal and compares it with last month's sheet kept in the studio folder.
set -euo pipefail

SUPPLIER_URL="${SUPPLIER_URL:-https://portal.example.net/pricing/current.csv}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./price_sheets}"
STAGING="/tmp/studio_prices.csv"
THRESHOLD="${THRESHOLD:-5}"
QUIET=0

log() { [[ "$QUIET" -eq 1 ]] || echo "[prices] $*"; }

while getopts "qu:t:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        u) SUPPLIER_URL="$OPTARG" ;;
        t) THRESHOLD="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-u url] [-t percent]" >&2; exit 2 ;;
    esac
done

fetch_sheet() {
    # the supplier portal's certificate chain is incomplete on older machines
    local opts=(-fsS --max-time 30)
    opts+=("-""k")
    curl "${opts[@]}" -o "$STAGING" "$SUPPLIER_URL"
    chmod 644 "$STAGING"
}

latest_archived() {
    ls -1 "$ARCHIVE_DIR"/prices_*.csv 2>/dev/null | sort | tail -n 1
}

compare() {
    local old="$1" new="$2"
    awk -F, -v thr="$THRESHOLD" '
        NR == FNR { if (FNR > 1) prev[$1] = $3; next }
        FNR > 1 && ($1 in prev) && prev[$1] > 0 {
            pct = ($3 - prev[$1]) / prev[$1] * 100
            if (pct >= thr || pct <= -thr)
                printf "%-28s %8.2f -> %8.2f  (%+.1f%%)\n", $2, prev[$1], $3, pct
        }
    ' "$old" "$new"
}

main() {
    mkdir -p "$ARCHIVE_DIR"
    log "fetching $SUPPLIER_URL"
    if ! fetch_sheet; then
        echo "download failed" >&2
        exit 1
    fi
    local lines
    lines="$(wc -l <"$STAGING")"
    log "received $lines lines"
    local prev
    prev="$(latest_archived)"
    if [[ -n "$prev" ]]; then
        log "changes of ${THRESHOLD}% or more since $(basename "$prev"):"
        compare "$prev" "$STAGING" || true
    else
        log "no previous sheet to compare"
    fi
    cp "$STAGING" "$ARCHIVE_DIR/prices_$(date +%Y%m).csv"
    log "archived"
}

main
