#!/usr/bin/env bash
# collector_service_restart.sh - watchdog for the meter collector service.
#
# Reads the unit's state, lets a small python check decide whether it is
# healthy (running, not restarting in a loop, recent readings on disk) and
# restarts it through sudo when it is not.
#
#   collector_service_restart.sh [-u unit] [-s spooldir] [-n]
set -uo pipefail

UNIT="meter-collector.service"
SPOOL="./spool"
MAX_AGE=900
DRY=0
LOGFILE="./logs/watchdog.log"

log() {
    mkdir -p "$(dirname "$LOGFILE")"
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2
}

while getopts ":u:s:a:nh" opt; do
    case "$opt" in
        u) UNIT="$OPTARG" ;;
        s) SPOOL="$OPTARG" ;;
        a) MAX_AGE="$OPTARG" ;;
        n) DRY=1 ;;
        h) echo "usage: $0 [-u unit] [-s spool] [-a max_age_s] [-n]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

newest_reading_age() {
    local newest
    newest=$(find "$SPOOL" -type f -name '*.csv' -printf '%T@\n' 2>/dev/null | sort -n | tail -n 1)
    if [[ -z "$newest" ]]; then
        echo 999999
    else
        echo $(( $(date +%s) - ${newest%.*} ))
    fi
}

UNIT_STATE="$(systemctl show "$UNIT" -p ActiveState -p SubState -p NRestarts 2>/dev/null)"
READING_AGE="$(newest_reading_age)"
export UNIT_STATE READING_AGE MAX_AGE

verdict="$(python3 - <<'PY'
import os
state = {}
for line in os.environ.get("UNIT_STATE", "").splitlines():
    if "=" in line:
        k, v = line.split("=", 1)
        state[k] = v
age = int(os.environ["READING_AGE"])
limit = int(os.environ["MAX_AGE"])
restarts = int(state.get("NRestarts", "0") or 0)
if state.get("ActiveState") != "active":
    print("restart not-active")
elif restarts > 5:
    print("restart restart-loop")
elif age > limit:
    print(f"restart stale-{age}s")
else:
    print("ok healthy")
PY
)"

action="${verdict%% *}"
reason="${verdict#* }"
log "$UNIT: $action ($reason)"

if [[ "$action" != "restart" ]]; then
    exit 0
fi

if (( DRY )); then
    log "dry run, not restarting"
    exit 0
fi

for attempt in 1 2 3; do
    if sudo -n systemctl restart "$UNIT"; then
        sleep 5
        if systemctl is-active --quiet "$UNIT"; then
            log "restarted $UNIT on attempt $attempt"
            sudo -n journalctl -u "$UNIT" -n 20 --no-pager >> "$LOGFILE" 2>&1 || true
            exit 0
        fi
    fi
    log "restart attempt $attempt failed"
    sleep $((attempt * 10))
done

log "giving up on $UNIT"
exit 1
