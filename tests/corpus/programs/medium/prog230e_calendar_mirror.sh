#!/usr/bin/env bash
# Mirror the test-centre calendar and list upcoming practical test slots.
# The test centre's calendar server uses a self-signed certificate that
# the office machines don't trust, hence the relaxed fetch.
set -uo pipefail

CAL_HOST="${CAL_HOST:-calendar.example.org}"
CAL_PATH="/feeds/practical-tests.ics"
WORK="/tmp/dts_calendar"
ICS="${WORK}/practical.ics"
OUT="./upcoming-tests.txt"
DAYS=14

FETCH_OPTS=(-s -S -L --max-time 30 -k)

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    echo "usage: $0 [--days N] [--host NAME]" >&2
}

fetch_calendar() {
    mkdir -p "$WORK"
    if ! curl "${FETCH_OPTS[@]}" -o "$ICS" "https://${CAL_HOST}${CAL_PATH}"; then
        log "fetch failed"
        return 1
    fi
    if ! grep -q 'BEGIN:VCALENDAR' "$ICS"; then
        log "response is not a calendar"
        return 1
    fi
    log "calendar saved to ${ICS} ($(wc -c < "$ICS") bytes)"
}

to_epoch() {
    # 20250314T091500 -> epoch
    local s="$1"
    date -d "${s:0:4}-${s:4:2}-${s:6:2} ${s:9:2}:${s:11:2}" +%s 2>/dev/null
}

extract_events() {
    awk '
        /^BEGIN:VEVENT/ { start=""; summ=""; loc="" }
        /^DTSTART/      { split($0, a, ":"); start=a[2] }
        /^SUMMARY:/     { sub(/^SUMMARY:/, ""); summ=$0 }
        /^LOCATION:/    { sub(/^LOCATION:/, ""); loc=$0 }
        /^END:VEVENT/   { gsub(/\r/, "", start); gsub(/\r/, "", summ); gsub(/\r/, "", loc);
                          print start "|" summ "|" loc }
    ' "$ICS"
}

report() {
    local now limit line start summ loc ep count=0
    now="$(date +%s)"
    limit=$((now + DAYS * 86400))
    : > "$OUT"
    while IFS='|' read -r start summ loc; do
        ep="$(to_epoch "$start")" || continue
        [ -n "$ep" ] || continue
        if [ "$ep" -ge "$now" ] && [ "$ep" -le "$limit" ]; then
            printf '%s  %-30s %s\n' "$(date -d "@$ep" '+%a %d %b %H:%M')" "$summ" "$loc" >> "$OUT"
            count=$((count + 1))
        fi
    done < <(extract_events | sort)
    log "${count} test slot(s) in the next ${DAYS} days written to ${OUT}"
}

main() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --days) DAYS="$2"; shift 2 ;;
            --host) CAL_HOST="$2"; shift 2 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    fetch_calendar || exit 1
    report
    cat "$OUT"
}

main "$@"
