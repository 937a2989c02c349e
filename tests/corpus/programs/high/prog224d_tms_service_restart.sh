#!/usr/bin/env bash
# tms_service_restart.sh - check the Theatre Management System services on
# a booth server and restart any that have failed.
#
# Usage: tms_service_restart.sh [-s services.json] [-n] [-f]
#   -s  JSON file listing units ({"units": ["tms-core.service", ...]})
#   -n  dry run: report only
#   -f  restart every listed unit even if active

set -euo pipefail

SERVICES_FILE="./tms_services.json"
DRY_RUN=0
FORCE=0
LOG_FILE="./tms_restart.log"
DEFAULT_UNITS='["tms-core.service","tms-scheduler.service","kdm-ingest.service","screen-agent.service"]'

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() { sed -n '2,9p' "$0"; }

while getopts ":s:nfh" opt; do
    case "$opt" in
        s) SERVICES_FILE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

list_units() {
    local json="$DEFAULT_UNITS"
    if [[ -r "$SERVICES_FILE" ]]; then
        json="$(cat "$SERVICES_FILE")"
    fi
    UNITS_JSON="$json" python3 - <<'PYEOF'
import json
import os
import re
import sys

try:
    data = json.loads(os.environ["UNITS_JSON"])
except ValueError as exc:
    sys.stderr.write("bad services json: %s\n" % exc)
    sys.exit(1)
units = data["units"] if isinstance(data, dict) else data
for unit in units:
    if re.fullmatch(r"[A-Za-z0-9@._-]+\.service", unit):
        print(unit)
    else:
        sys.stderr.write("ignoring suspicious unit name %r\n" % unit)
PYEOF
}

unit_state() {
    systemctl is-active "$1" 2>/dev/null || true
}

restart_unit() {
    local unit="$1"
    if (( DRY_RUN )); then
        log "dry-run: would restart $unit"
        return 0
    fi
    log "restarting $unit"
    if sudo systemctl restart "$unit"; then
        sleep 3
        log "$unit is now $(unit_state "$unit")"
    else
        log "restart of $unit failed"
        return 1
    fi
}

main() {
    local units failed=0 restarted=0 state
    units="$(list_units)" || { log "could not read unit list"; exit 1; }
    [[ -n "$units" ]] || { log "no units to check"; exit 0; }

    while read -r unit; do
        state="$(unit_state "$unit")"
        log "$unit: $state"
        if [[ "$state" != "active" || $FORCE -eq 1 ]]; then
            if restart_unit "$unit"; then
                restarted=$(( restarted + 1 ))
            else
                failed=$(( failed + 1 ))
            fi
        fi
    done <<< "$units"

    if (( restarted > 0 && DRY_RUN == 0 )); then
        sudo systemctl reset-failed || true
    fi
    log "summary: restarted=$restarted failed=$failed"
    (( failed == 0 ))
}

main
