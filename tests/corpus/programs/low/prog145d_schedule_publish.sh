#!/usr/bin/env bash
# schedule_publish.sh - turn the stage management rehearsal calendar into
# the daily call sheet and publish it to the company noticeboard API.
#
# Usage: schedule_publish.sh [-d YYYY-MM-DD] [-n]   (-n = build only)
#
# Needs NOTICEBOARD_TOKEN in the environment for publishing.

set -euo pipefail

CAL_URL="${CAL_URL:-https://calendar.example.com/company/rehearsals.ics}"
API_URL="https://noticeboard.example.com/api/v1/callsheets"
BUILD="./build"
DAY="$(date +%F)"
PUBLISH=1

while getopts "d:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        n) PUBLISH=0 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

msg() { printf '[callsheet] %s\n' "$*"; }

prepare_build() {
    # start from a clean build directory every time
    rm -rf "$BUILD"
    mkdir -p "$BUILD"
}

fetch_calendar() {
    msg "fetching rehearsal calendar"
    curl -fsS --max-time 20 -o "$BUILD/rehearsals.ics" "$CAL_URL"
}

# Pull out events for the chosen day as "start|end|summary|location".
extract_day() {
    local compact="${DAY//-/}"
    awk -v day="$compact" '
        /^BEGIN:VEVENT/ { s=""; e=""; sum=""; loc="" }
        /^DTSTART/ { split($0, a, ":"); s=a[2] }
        /^DTEND/   { split($0, a, ":"); e=a[2] }
        /^SUMMARY:/  { sum=substr($0, 9) }
        /^LOCATION:/ { loc=substr($0, 10) }
        /^END:VEVENT/ {
            if (substr(s, 1, 8) == day)
                printf "%s|%s|%s|%s\n", substr(s, 10, 4), substr(e, 10, 4), sum, loc
        }' "$BUILD/rehearsals.ics" | sort > "$BUILD/day.txt"
}

build_json() {
    msg "building call sheet for $DAY"
    jq -R -s --arg day "$DAY" '
        split("\n") | map(select(length > 0) | split("|")
          | {start: .[0], end: .[1], call: .[2], room: .[3]})
        | {date: $day, calls: .}' "$BUILD/day.txt" > "$BUILD/callsheet.json"
    chmod 600 "$BUILD/callsheet.json"
    msg "$(jq '.calls | length' "$BUILD/callsheet.json") call(s) on $DAY"
}

publish() {
    if [ "$PUBLISH" -eq 0 ]; then
        msg "build only, not publishing"
        return
    fi
    if [ -z "${NOTICEBOARD_TOKEN:-}" ]; then
        msg "NOTICEBOARD_TOKEN not set, skipping publish"
        return
    fi
    curl -fsS --max-time 20 -X POST \
        -H "Authorization: Bearer $NOTICEBOARD_TOKEN" \
        -H "Content-Type: application/json" \
        --data @"$BUILD/callsheet.json" "$API_URL" > "$BUILD/publish_response.json"
    msg "published"
}

main() {
    prepare_build
    fetch_calendar
    extract_day
    build_json
    publish
}

main
