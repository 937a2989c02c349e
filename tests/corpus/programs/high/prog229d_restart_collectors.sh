#!/usr/bin/env bash
# restart_collectors.sh - restart the hive data collector services on the
# gateway after a config change and report which ones came back healthy.
set -uo pipefail

SERVICES_DEFAULT="hive-collector.service hive-mqtt-bridge.service hive-uploader.service"
SERVICES="${HIVE_SERVICES:-$SERVICES_DEFAULT}"
WAIT_SECS="${WAIT_SECS:-5}"
STATUS_FILE="${STATUS_FILE:-./collector-status.json}"
ONLY_FAILED=0

log() { echo "$(date '+%F %T') restart-collectors: $*" >&2; }

usage() {
    echo "usage: $0 [--only-failed] [--wait N] [service ...]"
}

args=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --only-failed) ONLY_FAILED=1; shift ;;
        --wait) WAIT_SECS="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) usage; exit 64 ;;
        *) args+=("$1"); shift ;;
    esac
done
if (( ${#args[@]} )); then
    SERVICES="${args[*]}"
fi

if ! command -v systemctl >/dev/null 2>&1; then
    log "systemctl not found; is this the gateway?"
    exit 1
fi

state_of() {
    systemctl show "$1" --property=ActiveState,SubState,NRestarts,ExecMainStatus 2>/dev/null
}

restart_one() {
    local svc="$1" before
    before="$(systemctl is-active "$svc" 2>/dev/null || true)"
    if (( ONLY_FAILED )) && [[ "$before" == "active" ]]; then
        log "$svc is active, skipping"
        return 0
    fi
    log "restarting $svc (was $before)"
    if ! sudo systemctl restart "$svc"; then
        log "restart of $svc failed"
        return 1
    fi
}

failures=0
for svc in $SERVICES; do
    restart_one "$svc" || failures=$((failures + 1))
done

log "waiting ${WAIT_SECS}s for services to settle"
sleep "$WAIT_SECS"

# collect the properties of every service and summarise them in python
RAW=""
for svc in $SERVICES; do
    RAW+="### $svc"$'\n'"$(state_of "$svc")"$'\n'
done

RAW_STATE="$RAW" OUT_FILE="$STATUS_FILE" python3 - <<'PY'
import json
import os

summary = {}
current = None
for line in os.environ["RAW_STATE"].splitlines():
    if line.startswith("### "):
        current = line[4:].strip()
        summary[current] = {}
    elif "=" in line and current:
        key, _, value = line.partition("=")
        summary[current][key] = value

healthy = [s for s, p in summary.items() if p.get("ActiveState") == "active"]
for svc, props in summary.items():
    mark = "ok " if svc in healthy else "BAD"
    print(f"[{mark}] {svc:28} {props.get('ActiveState', '?')}/{props.get('SubState', '?')} "
          f"restarts={props.get('NRestarts', '?')}")

with open(os.environ["OUT_FILE"], "w", encoding="utf-8") as fh:
    json.dump({"services": summary, "healthy": healthy}, fh, indent=2)
PY

if (( failures )); then
    log "$failures service(s) failed to restart; journal excerpt follows"
    for svc in $SERVICES; do
        sudo journalctl -u "$svc" -n 5 --no-pager 2>/dev/null || true
    done
    exit 2
fi
log "all requested services restarted"
