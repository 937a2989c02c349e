#!/usr/bin/env bash
# restart_modbus_gateway.sh - restart the Modbus/TCP gateway service on the
# lift operator workstation after a PLC firmware update, and verify that the
# gateway reaches every station PLC again.
#
# The gateway runs as the system service "liftgw.service"; restarting it
# needs root, so the script uses sudo for the service commands only.

set -euo pipefail

SERVICE="liftgw.service"
PLCS=("192.0.2.31" "192.0.2.32" "192.0.2.33")
PORT=502
WAIT=20
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-s service] [-w seconds] [-n]
  -s  systemd service name (default $SERVICE)
  -w  seconds to wait for PLC connections (default $WAIT)
  -n  dry run: print the commands only
EOF
}

while getopts ":s:w:nh" opt; do
    case "$opt" in
        s) SERVICE="$OPTARG" ;;
        w) WAIT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "DRY: $*"
    else
        "$@"
    fi
}

plc_reachable() {
    local host="$1"
    ping -c 1 -W 2 "$host" >/dev/null 2>&1
}

check_all_plcs() {
    local failed=0
    for plc in "${PLCS[@]}"; do
        if plc_reachable "$plc"; then
            log "  PLC $plc reachable (gateway polls port $PORT)"
        else
            log "  PLC $plc NOT reachable"
            failed=$((failed + 1))
        fi
    done
    return "$failed"
}

log "checking current state of $SERVICE"
if ! systemctl is-active --quiet "$SERVICE"; then
    log "service is not running; it will be started"
fi

log "restarting $SERVICE"
run sudo systemctl restart "$SERVICE"

deadline=$((SECONDS + WAIT))
until [[ "$DRY_RUN" -eq 1 ]] || systemctl is-active --quiet "$SERVICE"; do
    if (( SECONDS >= deadline )); then
        log "service did not become active within ${WAIT}s"
        run sudo journalctl -u "$SERVICE" -n 40 --no-pager
        exit 1
    fi
    sleep 1
done
log "$SERVICE is active"

sleep 3
if check_all_plcs; then
    log "all station PLCs reachable through the gateway network"
else
    log "some PLCs unreachable; showing recent gateway log"
    run sudo journalctl -u "$SERVICE" -n 20 --no-pager
    exit 1
fi
