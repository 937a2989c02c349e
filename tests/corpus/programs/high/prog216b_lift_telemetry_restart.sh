#!/usr/bin/env bash
# Restart the lift telemetry collectors after a controller firmware push.
#
# Checks each collector service, restarts the ones that are stale (no data
# file newer than the threshold), and writes a short summary for the lift
# maintenance log.
#
# Usage: lift_telemetry_restart.sh [-s seconds] [-n] [service...]

set -uo pipefail

STALE_SECONDS=300
DRY_RUN=0
DATA_DIR="${TELEMETRY_DATA_DIR:-/srv/telemetry}"
SUMMARY="./telemetry_restart_$(date +%Y%m%d_%H%M).txt"
DEFAULT_SERVICES=(telemetry-summit-express telemetry-gondola-2 telemetry-t-bar)

log() { echo "$(date '+%T') $*" | tee -a "$SUMMARY" >&2; }

while getopts ":s:nh" opt; do
    case "$opt" in
        s) STALE_SECONDS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
SERVICES=("$@")
(( ${#SERVICES[@]} )) || SERVICES=("${DEFAULT_SERVICES[@]}")

# Work out freshness in Python: the collectors write one JSON file per
# minute and the newest name is the timestamp.
newest_age() {
    DATA_PATH="$DATA_DIR/$1" python3 -c '
import os, sys, time
d = os.environ["DATA_PATH"]
try:
    mt = max(os.path.getmtime(os.path.join(d, f)) for f in os.listdir(d))
    print(int(time.time() - mt))
except (OSError, ValueError):
    print(-1)
'
}

restart_service() {
    local svc="$1"
    if (( DRY_RUN )); then
        log "would restart $svc"
        return 0
    fi
    if ! sudo -n true 2>/dev/null; then
        log "sudo needs a password; you will be prompted"
    fi
    if sudo systemctl restart "$svc.service"; then
        sleep 3
        local state
        state="$(systemctl is-active "$svc.service" 2>/dev/null)"
        log "$svc restarted, now $state"
        [[ "$state" == "active" ]]
    else
        log "restart of $svc failed"
        sudo journalctl -u "$svc.service" -n 20 --no-pager >>"$SUMMARY" 2>&1
        return 1
    fi
}

main() {
    local svc age failures=0 restarted=0
    log "checking ${#SERVICES[@]} collectors (stale after ${STALE_SECONDS}s)"
    for svc in "${SERVICES[@]}"; do
        if ! systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            log "$svc: unit not found, skipping"
            continue
        fi
        age="$(newest_age "${svc#telemetry-}")"
        if (( age < 0 )); then
            log "$svc: no data yet, restarting"
        elif (( age <= STALE_SECONDS )); then
            log "$svc: fresh (${age}s), leaving alone"
            continue
        else
            log "$svc: stale (${age}s)"
        fi
        if restart_service "$svc"; then
            restarted=$((restarted + 1))
        else
            failures=$((failures + 1))
        fi
    done
    log "done: $restarted restarted, $failures failed"
    (( failures == 0 ))
}

main
