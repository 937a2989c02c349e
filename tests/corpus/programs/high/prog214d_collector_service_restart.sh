#!/usr/bin/env bash
# collector_service_restart.sh - restart the historian collector services
#
# Used by the control-room technician when the OPC collector stops writing
# to the archive. Restarts the selected units through sudo, waits for them
# to come back and prints a short health summary.
set -uo pipefail

UNITS=("historian-collector.service" "historian-opc-bridge.service")
WAIT_SECS="${WAIT_SECS:-30}"
REPORT_DIR="${REPORT_DIR:-./restart_reports}"
ONLY=""

log() { printf '%s restart: %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 [-u unit] [-w seconds]
  -u  restart only this unit (default: ${UNITS[*]})
  -w  seconds to wait for each unit to become active (default ${WAIT_SECS})
EOF
    exit 2
}

while getopts "u:w:h" opt; do
    case "$opt" in
        u) ONLY="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        *) usage ;;
    esac
done
[[ -n "$ONLY" ]] && UNITS=("$ONLY")

mkdir -p "$REPORT_DIR"
report="${REPORT_DIR}/restart_$(date +%Y%m%d_%H%M%S).json"

if ! sudo -n true 2>/dev/null; then
    log "sudo will prompt for the technician password"
fi

unit_props() {
    systemctl show "$1" \
        --property=ActiveState,SubState,MainPID,NRestarts,ExecMainStartTimestamp
}

wait_active() {
    local unit="$1" i state
    for ((i = 0; i < WAIT_SECS; i++)); do
        state="$(systemctl is-active "$unit" 2>/dev/null || true)"
        [[ "$state" == "active" ]] && return 0
        sleep 1
    done
    return 1
}

results=()
failures=0
for unit in "${UNITS[@]}"; do
    if ! systemctl cat "$unit" >/dev/null 2>&1; then
        log "unit ${unit} not installed, skipping"
        continue
    fi
    log "restarting ${unit}"
    if ! sudo systemctl restart "$unit"; then
        log "systemctl restart ${unit} failed"
        failures=$((failures + 1))
    fi
    if wait_active "$unit"; then
        log "${unit} is active"
    else
        log "${unit} did not become active within ${WAIT_SECS}s"
        failures=$((failures + 1))
    fi
    results+=("$(UNIT_NAME="$unit" UNIT_PROPS="$(unit_props "$unit")" python3 -c '
import json, os
props = dict(line.split("=", 1) for line in os.environ["UNIT_PROPS"].splitlines()
             if "=" in line)
props["Unit"] = os.environ["UNIT_NAME"]
print(json.dumps(props))
')")
done

printf '%s\n' "${results[@]}" | python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin if l.strip()]
for r in rows:
    unit, state = r.get("Unit"), r.get("ActiveState", "?")
    pid, nres = r.get("MainPID", "?"), r.get("NRestarts", "?")
    print(f"{unit:<34} {state:<10} pid={pid:<8} restarts={nres}")
json.dump(rows, open(sys.argv[1], "w"), indent=2)
' "$report"

log "report written to ${report}"
sudo journalctl -u "${UNITS[0]}" -n 20 --no-pager 2>/dev/null || true
exit $(( failures > 0 ? 1 : 0 ))
