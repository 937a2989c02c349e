#!/usr/bin/env bash
# Bring up the CAN interfaces of the automotive ECU bench.
#   - native SocketCAN controllers (can0/can1 on the PCAN-USB adapters)
#   - serial-line CAN adapters (CANable/slcan) on USB-serial ports
#   - a virtual vcan0 used by the replay tests
# Interface definitions come from can-bench.conf (NAME TYPE BITRATE [DEVICE]).
set -euo pipefail

CONF="${1:-./can-bench.conf}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

log() { echo "$(date '+%F %T') can-bench: $*"; }

load_modules() {
    local mods=(can can_raw can_dev vcan slcan peak_usb)
    for m in "${mods[@]}"; do
        if ! lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "loading module $m"
            $SUDO modprobe "$m" || log "module $m not available, continuing"
        fi
    done
}

up_native() {
    local ifc=$1 bitrate=$2
    $SUDO ip link set "$ifc" down 2>/dev/null || true
    $SUDO ip link set "$ifc" type can bitrate "$bitrate" restart-ms 100
    $SUDO ip link set "$ifc" txqueuelen 1000 up
}

up_slcan() {
    local ifc=$1 bitrate=$2 dev=$3 code
    case "$bitrate" in
        10000) code=0 ;; 20000) code=1 ;; 50000) code=2 ;; 100000) code=3 ;;
        125000) code=4 ;; 250000) code=5 ;; 500000) code=6 ;; 800000) code=7 ;;
        1000000) code=8 ;;
        *) log "slcan cannot do $bitrate"; return 1 ;;
    esac
    $SUDO slcand -o -c -s"$code" "$dev" "$ifc"
    sleep 0.5
    $SUDO ip link set "$ifc" up
}

up_virtual() {
    local ifc=$1
    ip link show "$ifc" >/dev/null 2>&1 || $SUDO ip link add dev "$ifc" type vcan
    $SUDO ip link set "$ifc" up
}

[ -r "$CONF" ] || { log "missing $CONF"; exit 1; }
load_modules

errors=0
while read -r name kind bitrate device; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    log "bringing up $name ($kind @ ${bitrate:-n/a})"
    case "$kind" in
        native)  up_native "$name" "$bitrate" || errors=$((errors + 1)) ;;
        slcan)   up_slcan "$name" "$bitrate" "${device:-/dev/ttyACM0}" || errors=$((errors + 1)) ;;
        virtual) up_virtual "$name" || errors=$((errors + 1)) ;;
        *)       log "unknown type $kind for $name"; errors=$((errors + 1)) ;;
    esac
done < "$CONF"

ip -details -brief link show type can 2>/dev/null || true
ip -brief link show type vcan 2>/dev/null || true
log "finished with $errors error(s)"
exit "$errors"
