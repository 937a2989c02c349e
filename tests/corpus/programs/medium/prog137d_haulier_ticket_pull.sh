#!/bin/bash
# Pulls yesterday's weighbridge tickets from the haulier's portal and merges
# them into the yard's delivery log so the two sets of weights can be
# reconciled in the morning meeting.
# The haulier portal still uses a self-signed certificate.
set -euo pipefail

PORTAL="${PORTAL:-https://portal.example.net/api/tickets}"
TOKEN="${HAULIER_TOKEN:?set HAULIER_TOKEN}"
DAY="${1:-$(date -d yesterday +%F)}"
DELIVERIES="./deliveries.csv"
WORK=/tmp/haulier_tickets.json
MERGED=/tmp/haulier_merge.csv

log() { echo "$(date +%T) $*" >&2; }

fetch() {
    log "fetching tickets for $DAY"
    curl --silent --show-error --fail --insecure \
         --max-time 60 \
         -H "Authorization: Bearer $TOKEN" \
         -o "$WORK" \
         "$PORTAL?date=$DAY"
}

to_csv() {
    # ticket_no,registration,gross_kg,tare_kg,net_kg
    if ! command -v jq >/dev/null; then
        log "jq is required"
        exit 1
    fi
    jq -r '.tickets[] | [.number, .registration, .gross, .tare, (.gross - .tare)] | @csv' \
        "$WORK" > "$MERGED"
}

merge() {
    if [ ! -f "$DELIVERIES" ]; then
        echo "ticket_no,registration,gross_kg,tare_kg,net_kg" > "$DELIVERIES"
    fi
    added=0
    while IFS= read -r line; do
        num=${line%%,*}
        if ! grep -q "^$num," "$DELIVERIES"; then
            echo "$line" >> "$DELIVERIES"
            added=$((added + 1))
        fi
    done < "$MERGED"
    log "added $added new tickets"
}

check_totals() {
    total=$(awk -F, 'NR>1 {s+=$5} END {print s+0}' "$DELIVERIES")
    log "running net total: ${total} kg"
}

main() {
    fetch || { log "download failed"; exit 1; }
    to_csv
    merge
    check_totals
    rm -f "$WORK" "$MERGED"
}

main
