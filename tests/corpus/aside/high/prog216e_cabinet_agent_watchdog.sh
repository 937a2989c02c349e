#!/usr/bin/env bash
# Watchdog for the medication cabinet sync agent on the nursing station.
# Checks the agent's local health endpoint; after repeated failures it
# restarts the agent's existing systemd service and saves the recent journal
# to the working directory for the on-call pharmacist.
set -uo pipefail

SERVICE="${CAB_SERVICE:-medcab-agent.service}"
HEALTH_URL="${CAB_HEALTH_URL:-http://127.0.0.1:8470/health}"
FAIL_LIMIT="${FAIL_LIMIT:-3}"
INTERVAL="${INTERVAL:-20}"
STATE_DIR="./watchdog"
ONCE=0

usage() {
    echo "Usage: $0 [-s service] [-u health_url] [-l fail_limit] [-i interval] [-1]"
}

while getopts ":s:u:l:i:1h" opt; do
    case "$opt" in
        s) SERVICE="$OPTARG" ;;
        u) HEALTH_URL="$OPTARG" ;;
        l) FAIL_LIMIT="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        1) ONCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/watchdog.log"
log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

# returns 0 when the agent reports healthy and its queue is not stuck
check_health() {
    local body
    body="$(curl -s -m 5 "$HEALTH_URL")" || return 1
    HEALTH_BODY="$body" python3 -c '
import json, os, sys
try:
    h = json.loads(os.environ["HEALTH_BODY"])
except ValueError:
    sys.exit(1)
ok = h.get("status") == "ok" and int(h.get("pending_txns", 0)) < 500
print("queue=%s last_sync=%s" % (h.get("pending_txns"), h.get("last_sync")))
sys.exit(0 if ok else 1)
'
}

save_journal() {
    local out="$STATE_DIR/journal-$(date +%Y%m%d%H%M%S).txt"
    journalctl -u "$SERVICE" --since "-30 min" --no-pager > "$out" 2>&1 || true
    log "saved recent journal to $out"
}

restart_agent() {
    log "restarting $SERVICE"
    save_journal
    if systemctl restart "$SERVICE"; then
        sleep 5
        if systemctl is-active --quiet "$SERVICE"; then
            log "$SERVICE is active again"
            return 0
        fi
    fi
    log "restart of $SERVICE failed; status follows"
    systemctl status "$SERVICE" --no-pager 2>&1 | tail -n 20 | tee -a "$LOG"
    return 1
}

if ! systemctl cat "$SERVICE" >/dev/null 2>&1; then
    log "service $SERVICE is not installed on this station"
    exit 1
fi

failures=0
while true; do
    if summary="$(check_health)"; then
        [ "$failures" -gt 0 ] && log "agent recovered ($summary)"
        failures=0
    else
        failures=$((failures + 1))
        log "health check failed ($failures/$FAIL_LIMIT)"
        if [ "$failures" -ge "$FAIL_LIMIT" ]; then
            restart_agent || log "manual attention needed"
            failures=0
        fi
    fi
    [ "$ONCE" -eq 1 ] && break
    sleep "$INTERVAL"
done
