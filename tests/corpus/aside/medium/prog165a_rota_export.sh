#!/bin/bash
# Builds the weekly staff rota sheet from the intranet scheduling service.
# Output is a CSV the branch manager prints for the staff room.

set -euo pipefail

ROTA_API="${ROTA_API:-https://rota.intranet.pharmacy.example/api}"
BRANCH="${BRANCH_ID:-0001}"
WEEK="${1:-$(date +%G-W%V)}"
WORK_FILE="/tmp/rota_export.json"
SHEET_FILE="/tmp/rota_${BRANCH}.csv"
OUT_DIR="${OUT_DIR:-./rota}"

log() {
    echo "[rota] $*" >&2
}

fetch_week() {
    curl -sk --fail --max-time 30 \
        -H "Accept: application/json" \
        "$ROTA_API/branches/$BRANCH/weeks/$WEEK/shifts" -o "$WORK_FILE"
}

check_tools() {
    local t
    for t in curl jq; do
        if ! command -v "$t" >/dev/null 2>&1; then
            log "missing $t"
            exit 1
        fi
    done
}

to_csv() {
    echo "date,staff,role,start,end,hours" >"$SHEET_FILE"
    jq -r '.shifts[] | [.date, .staff_name, .role, .start, .end, .hours] | @csv' \
        "$WORK_FILE" >>"$SHEET_FILE"
}

pharmacist_cover() {
    jq -r '.shifts[] | select(.role == "pharmacist") | .date' "$WORK_FILE" | sort -u
}

check_cover() {
    local missing=0 d start day
    start=$(jq -r '.week_start' "$WORK_FILE")
    for d in $(seq 0 6); do
        day=$(date -d "$start +$d day" +%F 2>/dev/null || true)
        [ -n "$day" ] || continue
        if ! pharmacist_cover | grep -qx "$day"; then
            log "no pharmacist rostered on $day"
            missing=$((missing + 1))
        fi
    done
    return "$missing"
}

summary() {
    awk -F, 'NR > 1 { gsub(/"/, "", $2); hours[$2] += $6 }
             END { for (s in hours) printf "%-20s %5.1f\n", s, hours[s] }' "$SHEET_FILE" | sort
}

main() {
    check_tools
    log "fetching rota for branch $BRANCH week $WEEK"
    fetch_week
    to_csv
    mkdir -p "$OUT_DIR"
    cp "$SHEET_FILE" "$OUT_DIR/rota_${BRANCH}_${WEEK}.csv"
    if ! check_cover; then
        log "WARNING: responsible pharmacist gaps this week"
    fi
    summary
    log "sheet saved to $OUT_DIR/rota_${BRANCH}_${WEEK}.csv"
}

main "$@"
