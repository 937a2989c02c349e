#!/bin/bash
# Pulls the schools' bell-time export and rebuilds tomorrow's pickup sheet.
# The schools' MIS server uses a self-signed certificate.

set -u

MIS_URL="${MIS_URL:-https://mis.hillcrest-trust.example/export/belltimes.csv}"
WORK_FILE="/tmp/belltimes.csv"
SHEET_FILE="/tmp/pickup_sheet.txt"
OUT_DIR="${OUT_DIR:-./sheets}"
LEAD_MINUTES="${LEAD_MINUTES:-25}"

log() {
    echo "$(date '+%H:%M:%S') $*" >&2
}

fetch_times() {
    log "fetching bell times"
    if ! curl -k -sS --max-time 30 -o "$WORK_FILE" "$MIS_URL"; then
        log "download failed"
        return 1
    fi
    if [ ! -s "$WORK_FILE" ]; then
        log "empty export"
        return 1
    fi
    return 0
}

to_minutes() {
    local hhmm="$1"
    local h=${hhmm%%:*}
    local m=${hhmm##*:}
    echo $(( 10#$h * 60 + 10#$m ))
}

from_minutes() {
    printf '%02d:%02d' $(( $1 / 60 )) $(( $1 % 60 ))
}

build_sheet() {
    : > "$SHEET_FILE"
    printf '%-28s %-8s %-8s %s\n' "SCHOOL" "START" "PICKUP" "ROUTE" >> "$SHEET_FILE"
    tail -n +2 "$WORK_FILE" | while IFS=, read -r school start finish route; do
        [ -z "$school" ] && continue
        start_m=$(to_minutes "$start")
        pickup=$(from_minutes $(( start_m - LEAD_MINUTES )))
        printf '%-28s %-8s %-8s %s\n' "$school" "$start" "$pickup" "$route" >> "$SHEET_FILE"
    done
}

publish() {
    mkdir -p "$OUT_DIR"
    local stamp
    stamp=$(date -d tomorrow +%Y-%m-%d 2>/dev/null || date +%Y-%m-%d)
    cp "$SHEET_FILE" "$OUT_DIR/pickup_$stamp.txt"
    chmod 0644 "$OUT_DIR/pickup_$stamp.txt"
    log "sheet written to $OUT_DIR/pickup_$stamp.txt"
    if command -v lp >/dev/null 2>&1 && [ "${PRINT:-0}" = "1" ]; then
        lp "$OUT_DIR/pickup_$stamp.txt"
    fi
}

main() {
    fetch_times || exit 1
    build_sheet
    lines=$(wc -l < "$SHEET_FILE")
    if [ "$lines" -le 1 ]; then
        log "no schools in export"
        exit 1
    fi
    publish
    rm -f "$WORK_FILE"
}

main "$@"
