#!/usr/bin/env bash
# collector_restart.sh - validate the telemetry collector config and restart
# the collector service on a clinic gateway.
#
# Used by the clinic IT on-call after editing collector.json in their
# checkout. The config is checked with python first; the restart itself needs
# root, so it goes through sudo.
set -euo pipefail

SERVICE="${SERVICE:-dialysis-collector.service}"
CONFIG="${CONFIG:-./collector.json}"
WAIT_SECS="${WAIT_SECS:-30}"
LOG_FILE="./collector-restart.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "usage: $0 [-c config] [-s service] [-w wait_secs]"
}

while getopts "c:s:w:h" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        s) SERVICE="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

validate_config() {
    CONFIG_PATH="$CONFIG" python3 - <<'PY'
import json, os, sys
path = os.environ["CONFIG_PATH"]
try:
    with open(path) as fh:
        cfg = json.load(fh)
except (OSError, json.JSONDecodeError) as exc:
    print(f"config error: {exc}", file=sys.stderr)
    sys.exit(1)
problems = []
if not isinstance(cfg.get("machines"), list) or not cfg["machines"]:
    problems.append("machines must be a non-empty list")
for m in cfg.get("machines", []):
    if "serial" not in m or "address" not in m:
        problems.append(f"machine entry missing serial/address: {m}")
poll = cfg.get("poll_seconds", 1)
if not isinstance(poll, (int, float)) or not 0.2 <= poll <= 60:
    problems.append("poll_seconds must be between 0.2 and 60")
for p in problems:
    print(p, file=sys.stderr)
print(len(cfg.get("machines", [])))
sys.exit(1 if problems else 0)
PY
}

wait_active() {
    local waited=0
    while [ "$waited" -lt "$WAIT_SECS" ]; do
        if systemctl is-active --quiet "$SERVICE"; then
            return 0
        fi
        sleep 2
        waited=$((waited + 2))
    done
    return 1
}

main() {
    local machines
    if ! machines="$(validate_config)"; then
        log "config $CONFIG is invalid, not restarting"
        exit 1
    fi
    log "config ok: $machines machines"

    if ! sudo -n true 2>/dev/null; then
        log "sudo will prompt for a password"
    fi

    log "restarting $SERVICE"
    if ! sudo systemctl restart "$SERVICE"; then
        log "restart command failed"
        sudo journalctl -u "$SERVICE" -n 30 --no-pager | tee -a "$LOG_FILE"
        exit 1
    fi

    if wait_active; then
        log "$SERVICE is active"
    else
        log "$SERVICE did not become active within ${WAIT_SECS}s"
        sudo journalctl -u "$SERVICE" -n 50 --no-pager | tee -a "$LOG_FILE"
        exit 1
    fi
    systemctl status "$SERVICE" --no-pager | head -n 5
}

main
