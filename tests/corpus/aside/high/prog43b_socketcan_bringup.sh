#!/usr/bin/env bash
# Bring up the SocketCAN interfaces on the AGV's Jetson before starting the
# motor-controller ROS nodes. Interface table lives in can_ifaces.conf:
#   <iface> <bitrate> <dbitrate|-> <txqueuelen>
# Run as the robot user; privileged steps go through sudo.
set -euo pipefail

CONF="${CAN_CONF:-can_ifaces.conf}"
MODULES=(can can_raw can_dev mttcan gs_usb)
DRY_RUN=0
VERBOSE=0

log()  { echo "[can-up] $*"; }
dbg()  { (( VERBOSE )) && echo "[can-up][dbg] $*" || true; }
run()  {
    dbg "+ $*"
    if (( DRY_RUN )); then echo "would run: $*"; else "$@"; fi
}

while getopts "nvc:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        c) CONF="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-v] [-c conf]" >&2; exit 2 ;;
    esac
done

[[ -r "$CONF" ]] || { log "missing $CONF"; exit 1; }

load_modules() {
    for m in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            dbg "module $m already loaded"
            continue
        fi
        if modinfo "$m" >/dev/null 2>&1; then
            log "loading $m"
            run sudo modprobe "$m"
        else
            dbg "module $m not available on this kernel"
        fi
    done
}

configure_iface() {
    local iface="$1" bitrate="$2" dbitrate="$3" qlen="$4"
    if ! ip link show "$iface" >/dev/null 2>&1; then
        log "$iface not present, skipping"
        return 1
    fi
    run sudo ip link set "$iface" down
    if [[ "$dbitrate" != "-" ]]; then
        run sudo ip link set "$iface" type can bitrate "$bitrate" dbitrate "$dbitrate" fd on restart-ms 100
    else
        run sudo ip link set "$iface" type can bitrate "$bitrate" restart-ms 100
    fi
    run sudo ip link set "$iface" txqueuelen "$qlen"
    run sudo ip link set "$iface" up
    log "$iface up at ${bitrate} bit/s"
}

check_bus() {
    local iface="$1"
    local state
    state=$(ip -details link show "$iface" | awk '/can state/ {print $3}')
    case "$state" in
        ERROR-ACTIVE) log "$iface state OK" ;;
        "") log "$iface state unknown" ;;
        *) log "WARNING: $iface in state $state (termination? wiring?)" ;;
    esac
}

load_modules
ok=0
while read -r iface bitrate dbitrate qlen; do
    [[ -z "${iface:-}" || "$iface" == \#* ]] && continue
    if configure_iface "$iface" "$bitrate" "${dbitrate:--}" "${qlen:-1000}"; then
        (( DRY_RUN )) || check_bus "$iface"
        ok=$((ok + 1))
    fi
done < "$CONF"

log "$ok interface(s) configured"
(( ok > 0 ))
