#!/usr/bin/env bash
# laundry_bridge_restart.sh - health-check and restart the laundry bridge.
#
# laundry-bridge.service relays machine status from the laundry-room
# controllers to the resident app. When the app shows every machine as
# "offline" the bridge has usually wedged. This checks the service and its
# status endpoint, restarts it if needed and saves recent journal lines
# to the working directory for the vendor ticket.
#
# Usage: laundry_bridge_restart.sh [-s service] [-u status_url] [-f]

set -uo pipefail

SERVICE="laundry-bridge.service"
STATUS_URL="http://laundry-bridge.example.com:8088/healthz"
FORCE=0
OUT_DIR="./bridge_incidents"
MAX_WAIT=30

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

while getopts ":s:u:fh" opt; do
    case "$opt" in
        s) SERVICE="$OPTARG" ;;
        u) STATUS_URL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "restarting $SERVICE needs root" >&2
    exit 1
fi

healthy() {
    local body
    body="$(curl -fsS --max-time 5 "$STATUS_URL" 2>/dev/null)" || return 1
    [[ "$body" == *'"controllers_online"'* ]] && [[ "$body" != *'"controllers_online":0'* ]]
}

save_journal() {
    mkdir -p "$OUT_DIR"
    local file="$OUT_DIR/$(date '+%Y%m%d-%H%M%S').log"
    {
        echo "== systemctl status =="
        systemctl status --no-pager "$SERVICE" 2>&1
        echo
        echo "== last 200 journal lines =="
        journalctl -u "$SERVICE" -n 200 --no-pager 2>&1
    } > "$file"
    log "saved diagnostics to $file"
}

wait_healthy() {
    local waited=0
    while (( waited < MAX_WAIT )); do
        if healthy; then
            return 0
        fi
        sleep 2
        waited=$(( waited + 2 ))
    done
    return 1
}

if ! systemctl list-unit-files "$SERVICE" >/dev/null 2>&1; then
    log "unit $SERVICE is not installed here"
    exit 1
fi

if systemctl is-active --quiet "$SERVICE" && healthy && (( ! FORCE )); then
    log "$SERVICE is active and reporting controllers; nothing to do"
    exit 0
fi

log "$SERVICE unhealthy (or -f given); collecting diagnostics"
save_journal

log "restarting $SERVICE"
if ! systemctl restart "$SERVICE"; then
    log "restart failed"
    exit 2
fi

if wait_healthy; then
    log "$SERVICE healthy again"
else
    log "$SERVICE did not recover within ${MAX_WAIT}s; escalate to vendor"
    save_journal
    exit 3
fi
