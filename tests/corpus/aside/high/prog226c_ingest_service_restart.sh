#!/usr/bin/env bash
# Restart the telemetry ingest stack on the trackside server after a config
# push, in dependency order, and check each unit comes back healthy.
#
# usage: ingest_service_restart.sh [-u unit,...] [-w seconds] [-s]
set -euo pipefail

UNITS="telemetry-decoder.service,telemetry-ingest.service,telemetry-api.service"
WAIT_SECS=20
STATUS_ONLY=0
REPORT_DIR="./ingest_reports"

log() { printf '%s [ingest-restart] %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":u:w:sh" opt; do
    case "$opt" in
        u) UNITS="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        s) STATUS_ONLY=1 ;;
        h) sed -n '2,5p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

command -v systemctl >/dev/null || { log "systemctl not available"; exit 1; }
mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/restart_$(date +%Y%m%d_%H%M%S).json"
IFS=',' read -r -a UNIT_LIST <<<"$UNITS"

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

unit_props() {
    systemctl show "$1" --property=ActiveState,SubState,NRestarts,MainPID,ExecMainStatus
}

summarise() {
    # turn systemctl show output (passed in env) into one JSON object
    UNIT_NAME="$1" UNIT_PROPS="$2" python3 - <<'PY'
import json, os
props = dict(line.split("=", 1) for line in os.environ["UNIT_PROPS"].splitlines() if "=" in line)
props["Unit"] = os.environ["UNIT_NAME"]
props["Healthy"] = props.get("ActiveState") == "active" and props.get("SubState") == "running"
print(json.dumps(props))
PY
}

wait_active() {
    local unit="$1" waited=0
    while (( waited < WAIT_SECS )); do
        if systemctl is-active --quiet "$unit"; then
            return 0
        fi
        sleep 1
        waited=$((waited + 1))
    done
    return 1
}

results=()
failed=0
for unit in "${UNIT_LIST[@]}"; do
    if ! systemctl cat "$unit" >/dev/null 2>&1; then
        log "unit $unit not installed, skipping"
        continue
    fi
    if [[ $STATUS_ONLY -eq 0 ]]; then
        log "restarting $unit"
        $SUDO systemctl restart "$unit" || log "restart of $unit returned non-zero"
        if ! wait_active "$unit"; then
            log "$unit did not become active within ${WAIT_SECS}s"
            journalctl -u "$unit" -n 30 --no-pager >&2 || true
            failed=$((failed + 1))
        fi
    fi
    results+=("$(summarise "$unit" "$(unit_props "$unit")")")
done

{
    printf '['
    sep=""
    for r in "${results[@]}"; do
        printf '%s%s' "$sep" "$r"
        sep=","
    done
    printf ']\n'
} > "$REPORT"

log "report: $REPORT"
if [[ $failed -gt 0 ]]; then
    log "$failed unit(s) unhealthy"
    exit 1
fi
log "ingest stack healthy"
