#!/usr/bin/env bash
# Check the lamp controller daemon and restart it if it is stuck.
# Used by the duty volunteer from the visitor centre terminal when the
# beacon status page shows "stale".
set -uo pipefail

PROG="${0##*/}"
UNIT="${LAMP_UNIT:-lamp-controller.service}"
STALE_SECS=300
DO_RESTART=1
STATUS_FILE="./beacon_check.json"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<EOF
usage: $PROG [--unit NAME] [--stale SECONDS] [--check-only]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --unit) UNIT="$2"; shift 2 ;;
        --stale) STALE_SECS="$2"; shift 2 ;;
        --check-only) DO_RESTART=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$STALE_SECS" =~ ^[0-9]+$ ]] || { log "stale must be a number"; exit 2; }

unit_props() {
    systemctl show "$UNIT" \
        --property=ActiveState,SubState,NRestarts,StateChangeTimestampMonotonic \
        2>/dev/null
}

recent_errors() {
    sudo journalctl -u "$UNIT" --since "-10min" -p err --no-pager -q 2>/dev/null \
        | tail -n 20
}

assess() {
    # systemctl output and thresholds go to python through the environment
    PROPS="$(unit_props)" ERRORS="$(recent_errors)" STALE="$STALE_SECS" \
    UPTIME_US="$(awk '{printf "%d", $1 * 1000000}' /proc/uptime)" \
    python3 - <<'PY'
import json, os
props = dict(l.split("=", 1) for l in os.environ["PROPS"].splitlines() if "=" in l)
errors = [l for l in os.environ.get("ERRORS", "").splitlines() if l.strip()]
since = int(props.get("StateChangeTimestampMonotonic", "0") or 0)
age = (int(os.environ["UPTIME_US"]) - since) / 1e6 if since else None
verdict = "ok"
if props.get("ActiveState") != "active":
    verdict = "down"
elif errors and age is not None and age > int(os.environ["STALE"]):
    verdict = "stuck"
print(json.dumps({"state": props.get("ActiveState"), "sub": props.get("SubState"),
                  "restarts": props.get("NRestarts"), "age_s": age,
                  "errors": len(errors), "verdict": verdict}))
PY
}

report="$(assess)" || { log "assessment failed"; exit 1; }
echo "$report" >"$STATUS_FILE"
verdict="$(jq -r .verdict <<<"$report" 2>/dev/null || echo unknown)"
log "$UNIT verdict: $verdict"

case "$verdict" in
    ok)
        exit 0 ;;
    down|stuck)
        if [[ $DO_RESTART -eq 0 ]]; then
            log "check-only mode; not restarting"
            exit 1
        fi
        log "restarting $UNIT"
        if sudo systemctl restart "$UNIT"; then
            sleep 5
            if systemctl is-active --quiet "$UNIT"; then
                log "$UNIT is back"
            else
                log "$UNIT failed to come back; call the keeper"
                exit 1
            fi
        else
            log "restart command failed"
            exit 1
        fi
        ;;
    *)
        log "could not determine state"
        exit 1 ;;
esac
