#!/usr/bin/env bash
# Fetch one or more published ICS feeds and produce a plain-text agenda
# for the coming days in ./reports/.  Feeds are listed in ./feeds.conf as
#   name|https://calendar.example.org/public/team.ics
set -euo pipefail

FEEDS_FILE="${FEEDS_FILE:-./feeds.conf}"
CACHE_DIR="./.ics_cache"
REPORT_DIR="./reports"
DAYS_AHEAD="${DAYS_AHEAD:-7}"
KEEP_CACHE_DAYS=3
UA="agenda-digest/0.9"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }

usage() {
    cat <<EOF
Usage: $0 [-d days] [-f feeds.conf]
  -d  number of days to include (default ${DAYS_AHEAD})
  -f  feed list file (default ${FEEDS_FILE})
EOF
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
mkdir -p "$CACHE_DIR" "$REPORT_DIR"

if [[ -r /etc/os-release ]]; then
    distro_id="$(sed -n 's/^ID=//p' /etc/os-release | tr -d '"')"
    UA="$UA (${distro_id:-linux})"
fi

fetch_feed() {
    local name="$1" url="$2" out="$CACHE_DIR/$1.ics"
    if curl -fsSL --max-time 30 -A "$UA" -o "$out.part" "$url"; then
        mv "$out.part" "$out"
        log "fetched $name"
    else
        rm -f "$out.part"
        log "WARN: could not fetch $name, using cached copy if any"
    fi
    [[ -s "$out" ]]
}

# Print "YYYYMMDD HHMM<TAB>feed<TAB>summary" for each VEVENT in range.
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
report="$REPORT_DIR/agenda-${from_day}.txt"
all_events="$REPORT_DIR/.events-${from_day}.tsv"
: > "$all_events"

feeds=0
while IFS='|' read -r name url; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    feeds=$((feeds + 1))
    if fetch_feed "$name" "$url"; then
        extract_events "$name" "$CACHE_DIR/$name.ics" "$from_day" "$to_day" >> "$all_events"
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
} > "$report"
rm -f "$all_events"

# prune our own stale cache files
find "$CACHE_DIR" -maxdepth 1 -name '*.ics' -mtime +"$KEEP_CACHE_DAYS" -delete

log "report written to $report"
