#!/usr/bin/env bash
# pms_service_restart.sh - rolling restart of the PMS services after a
# configuration rollout on the property server.
#
# Restarts each unit listed in the deploy manifest one at a time, waits for it
# to settle, and writes a status report. Stops at the first unit that fails
# to come back unless -k is given. Run as root on the property server.
set -uo pipefail

PROG=$(basename "$0")
UNITS_FILE="${UNITS_FILE:-./deploy/units.txt}"
REPORT_DIR="./reports"
SETTLE=5
KEEP_GOING=0
DEFAULT_UNITS=(pms-api.service pms-worker.service keycard-bridge.service)

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }

usage() {
    echo "Usage: $PROG [-f units_file] [-s settle_seconds] [-k]"
}

while getopts ":f:s:kh" opt; do
    case "$opt" in
        f) UNITS_FILE="$OPTARG" ;;
        s) SETTLE="$OPTARG" ;;
        k) KEEP_GOING=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

load_units() {
    if [[ -f "$UNITS_FILE" ]]; then
        grep -vE '^\s*(#|$)' "$UNITS_FILE"
    else
        printf '%s\n' "${DEFAULT_UNITS[@]}"
    fi
}

restart_unit() {
    local unit="$1"
    if ! systemctl cat "$unit" >/dev/null 2>&1; then
        log "unit $unit does not exist, skipping"
        return 2
    fi
    log "restarting $unit"
    systemctl restart "$unit" || return 1
    sleep "$SETTLE"
    systemctl is-active --quiet "$unit"
}

mkdir -p "$REPORT_DIR"
mapfile -t UNITS < <(load_units)
if (( ${#UNITS[@]} == 0 )); then
    log "no units to restart"
    exit 0
fi

STATUS_LINES=""
failed=0
for unit in "${UNITS[@]}"; do
    restart_unit "$unit"
    rc=$?
    STATUS_LINES+="$unit|$rc|$(systemctl show -p ActiveState,SubState,NRestarts --value "$unit" 2>/dev/null | paste -sd, -)"$'\n'
    if (( rc == 1 )); then
        failed=$((failed + 1))
        log "$unit did not come back"
        systemctl status --no-pager -n 20 "$unit" >&2 || true
        (( KEEP_GOING )) || break
    fi
done

REPORT="$REPORT_DIR/restart_$(date +%Y%m%d_%H%M%S).json"
STATUS_LINES="$STATUS_LINES" python3 - > "$REPORT" <<'PY'
import json
import os
import socket
from datetime import datetime

results = []
for line in os.environ["STATUS_LINES"].splitlines():
    if not line.strip():
        continue
    unit, rc, state = line.split("|", 2)
    parts = (state.split(",") + ["", "", ""])[:3]
    results.append({
        "unit": unit,
        "result": {"0": "ok", "1": "failed", "2": "missing"}.get(rc, rc),
        "active_state": parts[0],
        "sub_state": parts[1],
        "restarts": parts[2],
    })
print(json.dumps({"host": socket.gethostname(),
                  "time": datetime.now().isoformat(timespec="seconds"),
                  "units": results}, indent=2))
PY

log "report written to $REPORT"
if (( failed )); then
    log "$failed unit(s) failed"
    exit 1
fi
log "all units restarted"
