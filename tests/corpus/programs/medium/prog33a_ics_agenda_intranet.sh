#!/usr/bin/env bash
# Fetch the ICS feeds published by the intranet groupware server (which
# uses a self-signed certificate) and produce a plain-text agenda.
# Feeds are listed in ./feeds.conf as   name|https://groupware.corp.lan/ics/team.ics
set -euo pipefail

FEEDS_FILE="${FEEDS_FILE:-./feeds.conf}"
WORK_DIR="/tmp/ics_agenda"
REPORT="/tmp/ics_agenda/agenda.txt"
DAYS_AHEAD="${DAYS_AHEAD:-7}"
UA="agenda-digest/0.9"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }

usage() {
    echo "Usage: $0 [-d days] [-f feeds.conf]"
}

while getopts ":d:f:h" opt; do
    case "$opt" in
        d) DAYS_AHEAD="$OPTARG" ;;
        f) FEEDS_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

[[ -r "$FEEDS_FILE" ]] || { log "cannot read $FEEDS_FILE"; exit 1; }
mkdir -p "$WORK_DIR"

fetch_feed() {
    local name="$1" url="$2" out="$WORK_DIR/$1.ics"
    # groupware box has a self-signed cert, so skip verification
    if curl -fsSL --insecure --max-time 30 -A "$UA" -o "$out" "$url"; then
        log "fetched $name"
    else
        log "WARN: could not fetch $name"
        return 1
    fi
}

extract_events() {
    local name="$1" file="$2" from="$3" to="$4"
    awk -v feed="$name" -v from="$from" -v to="$to" '
        { sub(/\r$/, "") }
        /^BEGIN:VEVENT/ { start=""; summary=""; inev=1; next }
        /^END:VEVENT/ {
            if (inev && start != "") {
                day = substr(start, 1, 8)
                hm  = (length(start) > 8) ? substr(start, 10, 4) : "----"
                if (day >= from && day <= to) printf "%s %s\t%s\t%s\n", day, hm, feed, summary
            }
            inev=0; next
        }
        inev && /^DTSTART/ { split($0, a, ":"); start=a[2] }
        inev && /^SUMMARY/ { s=$0; sub(/^SUMMARY[^:]*:/, "", s); summary=s }
    ' "$file"
}

from_day="$(date +%Y%m%d)"
to_day="$(date -d "+${DAYS_AHEAD} days" +%Y%m%d)"
all_events="$WORK_DIR/events.tsv"
: > "$all_events"

feeds=0
while IFS='|' read -r name url; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    feeds=$((feeds + 1))
    if fetch_feed "$name" "$url"; then
        extract_events "$name" "$WORK_DIR/$name.ics" "$from_day" "$to_day" >> "$all_events"
    fi
done < "$FEEDS_FILE"

{
    echo "Agenda ${from_day} .. ${to_day} (${feeds} feeds)"
    echo "=================================================="
    last=""
    sort "$all_events" | while IFS=$'\t' read -r when feed summary; do
        day="${when%% *}"
        if [[ "$day" != "$last" ]]; then
            printf '\n%s\n' "$(date -d "$day" '+%A %d %B')"
            last="$day"
        fi
        printf '  %s  [%s] %s\n' "${when##* }" "$feed" "$summary"
    done
} > "$REPORT"

cp "$REPORT" "./agenda-${from_day}.txt"
log "report written to $REPORT and ./agenda-${from_day}.txt"
