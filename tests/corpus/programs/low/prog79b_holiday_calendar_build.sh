#!/usr/bin/env bash
# holiday_calendar_build.sh - build the public-holiday calendar for payroll.
#
# The pay-run tool pays holiday premium on the dates listed in
# build/holidays_<CC>_<YEAR>.csv; staff subscribe to the matching .ics.
# Dates come from the public Nager.Date API, plus any company days listed
# in company_days.csv (date,name) in the working directory.
#
#   ./holiday_calendar_build.sh [-c COUNTRY] [-y YEAR] [-r REGION]
#
set -euo pipefail

COUNTRY="GB"
YEAR="$(date +%Y)"
REGION=""
API="${HOLIDAY_API:-https://date.nager.at/api/v3}"
OUT_DIR="build"
COMPANY_FILE="company_days.csv"

while getopts ":c:y:r:h" o; do
    case "$o" in
        c) COUNTRY="${OPTARG^^}" ;;
        y) YEAR="$OPTARG" ;;
        r) REGION="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

for tool in curl jq; do
    command -v "$tool" >/dev/null || { echo "$tool is required" >&2; exit 2; }
done
[[ "$YEAR" =~ ^[0-9]{4}$ ]] || { echo "year must be YYYY" >&2; exit 2; }

mkdir -p "$OUT_DIR/cache"
RAW="$OUT_DIR/cache/nager_${COUNTRY}_${YEAR}.json"
CSV="$OUT_DIR/holidays_${COUNTRY}_${YEAR}.csv"
ICS="$OUT_DIR/holidays_${COUNTRY}_${YEAR}.ics"

fetch() {
    if [[ -s "$RAW" ]]; then
        echo "using cached $RAW"
        return
    fi
    echo "fetching $COUNTRY $YEAR"
    curl -fsS --retry 3 --max-time 20 -H 'Accept: application/json' \
        -o "$RAW.part" "$API/PublicHolidays/$YEAR/$COUNTRY"
    mv "$RAW.part" "$RAW"
}

to_csv() {
    jq -r --arg region "$REGION" '
        .[]
        | select(.global or ($region != "" and ((.counties // []) | index($region))))
        | [.date, .localName] | @csv' "$RAW"
    if [[ -f "$COMPANY_FILE" ]]; then
        grep -E "^\"?$YEAR-" "$COMPANY_FILE" || true
    fi
}

to_ics() {
    local stamp
    stamp="$(date -u +%Y%m%dT%H%M%SZ)"
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//payroll//holidays//EN\r\n'
    printf 'X-WR-CALNAME:Holidays %s %s\r\n' "$COUNTRY" "$YEAR"
    while IFS=, read -r day name; do
        day="${day//\"/}"
        name="${name//\"/}"
        local compact="${day//-/}"
        local next
        next="$(date -d "$day + 1 day" +%Y%m%d)"
        printf 'BEGIN:VEVENT\r\nUID:%s-%s@payroll\r\nDTSTAMP:%s\r\n' "$compact" "$COUNTRY" "$stamp"
        printf 'DTSTART;VALUE=DATE:%s\r\nDTEND;VALUE=DATE:%s\r\n' "$compact" "$next"
        printf 'SUMMARY:%s\r\nTRANSP:TRANSPARENT\r\nEND:VEVENT\r\n' "$name"
    done < "$CSV"
    printf 'END:VCALENDAR\r\n'
}

fetch
to_csv | sort -u > "$CSV"
to_ics > "$ICS"
echo "$(wc -l < "$CSV") holidays -> $CSV, $ICS"
