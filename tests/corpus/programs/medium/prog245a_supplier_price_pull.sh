#!/usr/bin/env bash
# supplier_price_pull.sh
#
# Pulls this week's road-salt price sheet from the supplier portal and
# appends it to the depot's price history, so purchasing can compare
# quotes before placing the next bulk order.  The supplier's portal runs on
# a self-signed certificate they have not replaced in three seasons.
#
# Usage: supplier_price_pull.sh [--supplier northsalt] [--week YYYY-Www]

set -euo pipefail

PORTAL="https://prices.example.net/portal/export"
SUPPLIER="northsalt"
WEEK="$(date +%G-W%V)"
OUT_DIR="./prices"
HISTORY="$OUT_DIR/history.csv"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --supplier) SUPPLIER="$2"; shift 2 ;;
            --week) WEEK="$2"; shift 2 ;;
            -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    if ! [[ "$WEEK" =~ ^[0-9]{4}-W[0-9]{2}$ ]]; then
        log "week must look like 2025-W03"; exit 2
    fi
}

fetch_sheet() {
    local dest="$1" attempt
    for attempt in 1 2 3; do
        # --insecure: supplier portal certificate is self-signed
        if curl --insecure -fsS --max-time 30 \
                -o "$dest" "$PORTAL?supplier=$SUPPLIER&week=$WEEK&format=csv"; then
            return 0
        fi
        log "download attempt $attempt failed"
        sleep $((attempt * 3))
    done
    return 1
}

validate_sheet() {
    local f="$1"
    if ! head -n1 "$f" | grep -q '^product,grade,unit,price_per_tonne'; then
        log "unexpected header in $f"
        return 1
    fi
    local rows
    rows="$(($(wc -l < "$f") - 1))"
    (( rows > 0 )) || { log "sheet is empty"; return 1; }
    log "sheet has $rows product rows"
}

append_history() {
    local f="$1"
    [[ -f "$HISTORY" ]] || echo "week,supplier,product,grade,unit,price_per_tonne" > "$HISTORY"
    if grep -q "^$WEEK,$SUPPLIER," "$HISTORY"; then
        log "history already has $SUPPLIER for $WEEK; skipping append"
        return 0
    fi
    tail -n +2 "$f" | awk -F, -v w="$WEEK" -v s="$SUPPLIER" 'NF>=4 {print w "," s "," $0}' >> "$HISTORY"
    log "history updated"
}

summary() {
    awk -F, -v w="$WEEK" -v s="$SUPPLIER" '
        $1==w && $2==s && $4 ~ /rock|treated/ { n++; sum += $6; if (min=="" || $6<min) min=$6 }
        END { if (n) printf "%s %s: %d salt lines, avg %.2f, min %.2f per tonne\n", s, w, n, sum/n, min }
    ' "$HISTORY"
}

main() {
    parse_args "$@"
    mkdir -p "$OUT_DIR"
    local sheet="$OUT_DIR/$SUPPLIER-$WEEK.csv"
    if ! fetch_sheet "$sheet"; then
        log "could not fetch price sheet"; exit 1
    fi
    validate_sheet "$sheet" || exit 1
    append_history "$sheet"
    summary
}

main "$@"
