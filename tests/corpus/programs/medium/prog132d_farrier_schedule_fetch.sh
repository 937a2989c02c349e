#!/usr/bin/env bash
# farrier_schedule_fetch.sh - pull the farrier's upcoming visits from the
# shoeing portal on the yard office server and merge them into the shoeing
# calendar (CSV).
#
# Config (farrier_sync.conf, sourced as KEY=value):
#   PORTAL_URL       base URL of the shoeing portal (office server, self-signed)
#   YARD_ID          yard identifier on the portal
#   CALENDAR_CSV     calendar file to merge into (default ./shoeing_calendar.csv)
#
# Token comes from FARRIER_API_TOKEN in the environment.

set -euo pipefail

CONF="${FARRIER_SYNC_CONF:-./farrier_sync.conf}"
SPOOL="/tmp/farrier_visits.json"
DAYS_AHEAD=28
VERBOSE=0

log()  { printf '%s [farrier-fetch] %s\n' "$(date '+%F %T')" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [-c conf] [-d days] [-v]
  -c FILE   config file (default $CONF)
  -d DAYS   how many days ahead to pull (default $DAYS_AHEAD)
  -v        verbose
EOF
}

while getopts ":c:d:vh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        d) DAYS_AHEAD="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$CONF" ]] || die "config $CONF not readable"
# shellcheck disable=SC1090
. "$CONF"

: "${PORTAL_URL:?PORTAL_URL missing in $CONF}"
: "${YARD_ID:?YARD_ID missing in $CONF}"
: "${FARRIER_API_TOKEN:?set FARRIER_API_TOKEN}"
CALENDAR_CSV="${CALENDAR_CSV:-./shoeing_calendar.csv}"

command -v jq >/dev/null || die "jq is required"

fetch_visits() {
    local from to
    from=$(date +%F)
    to=$(date -d "+${DAYS_AHEAD} days" +%F)
    vlog "fetching visits $from .. $to"
    local attempt
    for attempt in 1 2 3; do
        # office server uses its own certificate
        if curl -fsS -k --max-time 30 \
                -H "Authorization: Bearer $FARRIER_API_TOKEN" \
                -H "Accept: application/json" \
                "$PORTAL_URL/api/v2/yards/$YARD_ID/visits?from=$from&to=$to" \
                -o "$SPOOL"; then
            return 0
        fi
        log "fetch attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

map_row() { jq -r '[.date, .horse, .work, .farrier, .notes // ""] | @csv'; }

merge_calendar() {
    local tmp
    tmp="$(mktemp "${CALENDAR_CSV}.XXXX")"
    if [[ ! -s "$CALENDAR_CSV" ]]; then
        echo '"date","horse","work","farrier","notes"' > "$CALENDAR_CSV"
    fi
    {
        head -n1 "$CALENDAR_CSV"
        {
            tail -n +2 "$CALENDAR_CSV"
            jq -c '.visits[]' "$SPOOL" | while read -r v; do
                printf '%s\n' "$v" | map_row
            done
        } | sort -u -t, -k1,1 -k2,2
    } > "$tmp"
    mv -f "$tmp" "$CALENDAR_CSV"
}

main() {
    fetch_visits || die "could not fetch visits from $PORTAL_URL"
    local n
    n=$(jq '.visits | length' "$SPOOL")
    merge_calendar
    log "merged $n visits into $CALENDAR_CSV"
}

main "$@"
