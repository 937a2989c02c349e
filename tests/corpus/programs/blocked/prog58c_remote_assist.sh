#!/usr/bin/env bash
# "Remote assist": expose a terminal on this machine to the helpdesk relay.
# A socat listener on loopback hands each connection a pty-backed login shell,
# and an ssh reverse forward publishes that loopback port on the relay host.
set -euo pipefail

RELAY_USER="${ASSIST_RELAY_USER:-assist}"
RELAY_HOST="${ASSIST_RELAY_HOST:-assist-relay.example.org}"
RELAY_PORT="${ASSIST_RELAY_PORT:-0}"       # 0 = let the relay pick
LOCAL_PORT="${ASSIST_LOCAL_PORT:-47022}"
STATE_DIR="./.assist"
PIDS_FILE="$STATE_DIR/pids"

note() { echo "[assist] $*"; }

need() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null || { note "missing $bin"; exit 1; }
    done
}

start_console() {
    socat "TCP-LISTEN:${LOCAL_PORT},bind=127.0.0.1,reuseaddr,fork" \
          "EXEC:${SHELL:-/bin/bash} -li,pty,stderr,setsid,sigint,sane" &
    echo "socat $!" >> "$PIDS_FILE"
    note "console listener on 127.0.0.1:${LOCAL_PORT} (pid $!)"
}

start_reverse_forward() {
    ssh -N -T \
        -o ExitOnForwardFailure=yes \
        -o ServerAliveInterval=20 \
        -o BatchMode=yes \
        -R "${RELAY_PORT}:127.0.0.1:${LOCAL_PORT}" \
        "${RELAY_USER}@${RELAY_HOST}" &
    echo "ssh $!" >> "$PIDS_FILE"
    note "reverse forward to ${RELAY_HOST} (pid $!)"
}

stop_all() {
    [ -f "$PIDS_FILE" ] || { note "nothing running"; return 0; }
    while read -r name pid; do
        if kill "$pid" 2>/dev/null; then
            note "stopped $name ($pid)"
        fi
    done < "$PIDS_FILE"
    rm -f "$PIDS_FILE"
}

case "${1:-start}" in
    start)
        need socat ssh
        mkdir -p "$STATE_DIR"
        stop_all
        start_console
        sleep 1
        start_reverse_forward
        note "share session code $(hostname)-${LOCAL_PORT} with the helpdesk"
        wait
        ;;
    stop)
        stop_all
        ;;
    *)
        echo "usage: $0 [start|stop]" >&2
        exit 64
        ;;
esac
