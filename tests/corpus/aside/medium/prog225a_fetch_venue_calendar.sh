#!/usr/bin/env bash
# fetch_venue_calendar.sh
#
# Pulls the concert hall's published booking calendar (iCalendar) and lists
# the hall bookings that clash with the orchestra's own rehearsal schedule,
# so the scheduling office can move services before the call sheets go out.
# The hall's booking server still uses a self-signed certificate.
#
# Usage: fetch_venue_calendar.sh [-u url] [-s schedule.csv] [-d days]

set -uo pipefail

CAL_URL="https://bookings.venue.example.org/hall-a/calendar.ics"
SCHEDULE="./rehearsals.csv"
DAYS=30
WORK_FILE="/tmp/venue_calendar.ics"
EVENTS_FILE="/tmp/venue_events.tsv"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":u:s:d:h" opt; do
    case "$opt" in
        u) CAL_URL="$OPTARG" ;;
        s) SCHEDULE="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        *) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

fetch_calendar() {
    log "downloading hall calendar from $CAL_URL"
    # The hall's server uses a self-signed certificate, so skip verification.
    if ! curl -k -fsS --max-time 20 -o "$WORK_FILE" "$CAL_URL"; then
        log "ERROR: could not download the hall calendar"
        exit 2
    fi
    log "saved $(wc -l < "$WORK_FILE") lines to $WORK_FILE"
}

extract_events() {
    # Produce "YYYY-MM-DD<TAB>summary" lines from the VEVENT blocks.
    awk '
        /^BEGIN:VEVENT/ { d=""; s="" }
        /^DTSTART/      { split($0, a, ":"); d=substr(a[2],1,4) "-" substr(a[2],5,2) "-" substr(a[2],7,2) }
        /^SUMMARY:/     { s=substr($0, 9) }
        /^END:VEVENT/   { if (d != "") print d "\t" s }
    ' "$WORK_FILE" | tr -d '\r' | sort > "$EVENTS_FILE"
    log "$(wc -l < "$EVENTS_FILE") hall booking(s) found"
}

find_clashes() {
    if [ ! -f "$SCHEDULE" ]; then
        log "ERROR: rehearsal schedule $SCHEDULE not found"
        exit 3
    fi
    local today limit clashes=0
    today=$(date +%F)
    limit=$(date -d "+${DAYS} days" +%F)
    while IFS=, read -r rdate rstart rend rvenue rprog; do
        [ "$rdate" = "date" ] && continue
        [[ "$rdate" < "$today" || "$rdate" > "$limit" ]] && continue
        [ "$rvenue" != "Hall A" ] && continue
        while IFS=$'\t' read -r edate esummary; do
            if [ "$edate" = "$rdate" ]; then
                printf 'CLASH %s %s-%s %s <-> hall booking: %s\n' "$rdate" "$rstart" "$rend" "$rprog" "$esummary"
                clashes=$((clashes + 1))
            fi
        done < "$EVENTS_FILE"
    done < "$SCHEDULE"
    log "$clashes clash(es) in the next $DAYS days"
    [ "$clashes" -eq 0 ]
}

main() {
    fetch_calendar
    extract_events
    find_clashes
}

main
