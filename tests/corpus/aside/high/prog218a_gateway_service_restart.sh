#!/usr/bin/env bash
# gateway_service_restart.sh - restart stuck dock-gateway instances.
#
# Each zone of the city runs one dock-gateway@<zone> systemd instance on the
# ops server.  When a gateway stops reporting dock heartbeats the on-call
# dispatcher runs this: it reads the heartbeat summary, picks the zones
# whose heartbeats are stale and restarts those instances with sudo.
#
# Usage: gateway_service_restart.sh [-s summary.json] [-m MAX_AGE_SEC] [-n]

set -euo pipefail

SUMMARY="./heartbeats/summary.json"
MAX_AGE=180
DRY_RUN=0
LOG_FILE="./gateway_restart.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":s:m:nh" opt; do
    case "$opt" in
        s) SUMMARY="$OPTARG" ;;
        m) MAX_AGE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

if [[ ! -f "$SUMMARY" ]]; then
    log "heartbeat summary $SUMMARY not found"
    exit 2
fi

# python decides which zones are stale; zone names come back one per line
stale_zones() {
    SUMMARY_PATH="$SUMMARY" MAX_AGE="$MAX_AGE" python3 - <<'PY'
import json, os, re, sys, time
with open(os.environ["SUMMARY_PATH"], encoding="utf-8") as fh:
    summary = json.load(fh)
max_age = int(os.environ["MAX_AGE"])
now = time.time()
for zone, info in sorted(summary.get("zones", {}).items()):
    if not re.fullmatch(r"[a-z0-9-]{1,32}", zone):
        print(f"skipping odd zone name {zone!r}", file=sys.stderr)
        continue
    last = info.get("last_heartbeat", 0)
    if now - last > max_age and info.get("docks_online", 0) < info.get("docks_total", 0):
        print(zone)
PY
}

restart_zone() {
    local zone="$1" unit="dock-gateway@$1.service"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "dry run: would restart $unit"
        return 0
    fi
    log "restarting $unit"
    if ! sudo systemctl restart "$unit"; then
        log "restart of $unit failed"
        return 1
    fi
    sleep 5
    if sudo systemctl is-active --quiet "$unit"; then
        log "$unit is active again"
    else
        log "$unit did not come back; status follows"
        sudo systemctl status --no-pager --lines=20 "$unit" | tee -a "$LOG_FILE" >&2 || true
        return 1
    fi
}

mapfile -t zones < <(stale_zones)
if [[ ${#zones[@]} -eq 0 ]]; then
    log "all gateways reporting within ${MAX_AGE}s"
    exit 0
fi

log "stale zones: ${zones[*]}"
failed=0
for z in "${zones[@]}"; do
    restart_zone "$z" || failed=$((failed + 1))
done

if (( failed > 0 )); then
    log "$failed gateway restart(s) failed - page the platform on-call"
    exit 1
fi
log "restarted ${#zones[@]} gateway(s)"
