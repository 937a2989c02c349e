#!/bin/sh
# Shared SOCKS5 gateway for the QA lab.
#
# Starts `ssh -D` against the jump host so that every machine on the lab
# network can point its browser at <this-host>:1080 and browse the staging
# environment.  POSIX sh so it also runs on the busybox test boxes.
#
#   team_socks_gateway.sh up|down|restart|check
#
# Config: ./socks-gateway.conf (sourced if present) may override the vars below.

JUMP_HOST="jump.staging.example.net"
JUMP_USER="${USER:-qa}"
SOCKS_PORT=1080
LISTEN_ADDR="0.0.0.0"
PID_FILE="/tmp/team-socks-gateway.pid"
LOG_FILE="/tmp/team-socks-gateway.log"
CONNECT_TIMEOUT=10

[ -f ./socks-gateway.conf ] && . ./socks-gateway.conf

say() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

running() {
    [ -f "$PID_FILE" ] || return 1
    pid=$(cat "$PID_FILE")
    [ -n "$pid" ] && [ -d "/proc/$pid" ]
}

up() {
    if running; then
        say "already up (pid $(cat "$PID_FILE"))"
        return 0
    fi
    say "starting SOCKS on ${LISTEN_ADDR}:${SOCKS_PORT} via ${JUMP_USER}@${JUMP_HOST}"
    ssh -N -f \
        -D "${LISTEN_ADDR}:${SOCKS_PORT}" \
        -o GatewayPorts=yes \
        -o StrictHostKeyChecking=no \
        -o ExitOnForwardFailure=yes \
        -o ServerAliveInterval=30 \
        -o ServerAliveCountMax=3 \
        -o ConnectTimeout="$CONNECT_TIMEOUT" \
        -E "$LOG_FILE" \
        "${JUMP_USER}@${JUMP_HOST}"
    rc=$?
    if [ $rc -ne 0 ]; then
        say "ssh failed with rc=$rc"
        return $rc
    fi
    # ssh -f forks; find the backgrounded process by its forwarding spec
    pid=$(pgrep -n -f -- "-D ${LISTEN_ADDR}:${SOCKS_PORT}")
    echo "$pid" > "$PID_FILE"
    say "up, pid $pid"
}

down() {
    if running; then
        kill "$(cat "$PID_FILE")" && say "stopped pid $(cat "$PID_FILE")"
    else
        say "not running"
    fi
    rm -f "$PID_FILE"
}

check() {
    if ! running; then
        echo "gateway down"
        return 1
    fi
    code=$(curl -s -o ./.socks-check.html -w '%{http_code}' --max-time 10 \
        --socks5-hostname "127.0.0.1:${SOCKS_PORT}" \
        "http://intranet.staging.example.net/healthz")
    rm -f ./.socks-check.html
    echo "gateway up (pid $(cat "$PID_FILE")), staging health: HTTP $code"
    [ "$code" = "200" ]
}

case "${1:-check}" in
    up)      up ;;
    down)    down ;;
    restart) down; sleep 1; up ;;
    check)   check ;;
    *)       echo "usage: $0 up|down|restart|check" >&2; exit 2 ;;
esac
