#!/usr/bin/env bash
# Deploy a new care-visit scheduler configuration and restart the service.
# The deploy account is allowed (via a polkit rule set up by IT) to restart
# carevisit-scheduler.service; no root shell is needed.
set -euo pipefail

SERVICE="${SERVICE:-carevisit-scheduler.service}"
CONF_DIR="${CONF_DIR:-/srv/carevisit/conf}"
NEW_CONF="${1:-}"
HEALTH_URL="${HEALTH_URL:-http://scheduler.example.net:8080/health}"
LOG="${LOG:-./deploy.log}"
WAIT_SECS="${WAIT_SECS:-30}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

if [ -z "$NEW_CONF" ] || [ ! -f "$NEW_CONF" ]; then
    echo "usage: $0 NEW_CONFIG.json" >&2
    exit 64
fi

# Validate the JSON config in Python; path handed over via the environment.
validate() {
    CONF_PATH="$1" python3 -c '
import json, os, sys
path = os.environ["CONF_PATH"]
try:
    cfg = json.load(open(path))
except ValueError as exc:
    sys.exit(f"invalid JSON: {exc}")
missing = [k for k in ("visit_slot_minutes", "wards", "pharmacy_api") if k not in cfg]
if missing:
    sys.exit("missing keys: " + ", ".join(missing))
if not 10 <= int(cfg["visit_slot_minutes"]) <= 240:
    sys.exit("visit_slot_minutes out of range")
print(len(cfg["wards"]))
'
}

wait_healthy() {
    local i
    for ((i = 0; i < WAIT_SECS; i++)); do
        if curl -fsS -m 3 "$HEALTH_URL" >/dev/null 2>&1; then
            return 0
        fi
        sleep 1
    done
    return 1
}

rollback() {
    log "rolling back to previous config"
    cp -p "$CONF_DIR/scheduler.json.prev" "$CONF_DIR/scheduler.json"
    systemctl restart "$SERVICE"
    wait_healthy && log "rollback healthy" || log "rollback NOT healthy - page on-call"
}

main() {
    local wards
    wards="$(validate "$NEW_CONF")" || { log "config rejected"; exit 65; }
    log "config OK ($wards wards)"

    if [ -f "$CONF_DIR/scheduler.json" ]; then
        cp -p "$CONF_DIR/scheduler.json" "$CONF_DIR/scheduler.json.prev"
    fi
    install -m 0640 "$NEW_CONF" "$CONF_DIR/scheduler.json"
    log "config installed into $CONF_DIR"

    log "restarting $SERVICE"
    systemctl restart "$SERVICE"
    if wait_healthy; then
        log "$SERVICE healthy: $(systemctl is-active "$SERVICE")"
    else
        log "$SERVICE did not become healthy in ${WAIT_SECS}s"
        systemctl status --no-pager "$SERVICE" | tail -n 20 >> "$LOG" || true
        [ -f "$CONF_DIR/scheduler.json.prev" ] && rollback
        exit 1
    fi
}

main
