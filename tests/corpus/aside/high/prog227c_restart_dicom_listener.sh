#!/usr/bin/env bash
# Watchdog for the DICOM storage listener that receives SPECT/PET studies
# from the cameras.  If the service is not active, or has stopped accepting
# associations for too long, restart it with systemctl and record why.
set -uo pipefail

SERVICE="${DICOM_SERVICE:-orthanc.service}"
STORE_DIR="${DICOM_STORE:-/srv/dicom/incoming}"
MAX_IDLE_MIN="${MAX_IDLE_MIN:-90}"
STATE_FILE="./dicom_watchdog.state"
LOG_FILE="./dicom_watchdog.log"
DRY_RUN=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

case "${1:-}" in
  --dry-run) DRY_RUN=1 ;;
  "") ;;
  *) echo "Usage: $0 [--dry-run]" >&2; exit 2 ;;
esac

command -v systemctl >/dev/null || { log "systemctl not available"; exit 1; }

# Collect the unit properties and let Python decide whether it is healthy
props=$(systemctl show "$SERVICE" \
  --property=ActiveState,SubState,NRestarts,ActiveEnterTimestamp,MainPID 2>&1) || {
  log "cannot query $SERVICE: $props"; exit 1; }

newest=$(find "$STORE_DIR" -type f -printf '%T@\n' 2>/dev/null | sort -n | tail -1)

verdict=$(UNIT_PROPS="$props" NEWEST_EPOCH="${newest:-0}" MAX_IDLE_MIN="$MAX_IDLE_MIN" \
  HOUR="$(date +%H)" python3 -c '
import os, time
props = dict(l.split("=", 1) for l in os.environ["UNIT_PROPS"].splitlines() if "=" in l)
state = props.get("ActiveState", "unknown")
if state != "active":
    print(f"restart unit-{state}")
    raise SystemExit
newest = float(os.environ.get("NEWEST_EPOCH") or 0)
idle_min = (time.time() - newest) / 60 if newest else None
working_hours = 7 <= int(os.environ["HOUR"]) <= 18
limit = int(os.environ["MAX_IDLE_MIN"])
if working_hours and idle_min is not None and idle_min > limit:
    print(f"restart idle-{int(idle_min)}min")
else:
    print("ok restarts=" + props.get("NRestarts", "?"))
')

log "$SERVICE: $verdict"

if [[ "$verdict" != restart* ]]; then
  echo "ok" >"$STATE_FILE"
  exit 0
fi

# Avoid restart loops: at most one restart per 30 minutes
if [[ -f "$STATE_FILE" ]] && grep -q '^restarted' "$STATE_FILE"; then
  last=$(awk '{print $2}' "$STATE_FILE")
  if (( $(date +%s) - ${last:-0} < 1800 )); then
    log "restarted less than 30 min ago; leaving it for the on-call physicist"
    exit 3
  fi
fi

if (( DRY_RUN )); then
  log "dry run: would run systemctl restart $SERVICE"
  exit 0
fi

if systemctl restart "$SERVICE"; then
  sleep 5
  now_state=$(systemctl is-active "$SERVICE" || true)
  log "restart issued, state now: $now_state"
  echo "restarted $(date +%s) ${verdict#restart }" >"$STATE_FILE"
  systemctl status "$SERVICE" --no-pager -n 15 >>"$LOG_FILE" 2>&1 || true
else
  log "systemctl restart failed for $SERVICE"
  exit 1
fi
