#!/bin/bash
# canbus_bringup.sh - bring up a USB CAN adapter (CANable / gs_usb) on a build
# laptop so students can sniff motor controller traffic on the practice bot.
set -euo pipefail

IFACE="${IFACE:-can0}"
BITRATE="${BITRATE:-1000000}"
BUS_LOAD_TARGET="${BUS_LOAD_TARGET:-80}"
DOWN=0

log() { echo "[can] $*" >&2; }

while getopts "i:b:d" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        b) BITRATE="$OPTARG" ;;
        d) DOWN=1 ;;
        *) echo "usage: $0 [-i iface] [-b bitrate] [-d]" >&2; exit 2 ;;
    esac
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

if [ "$DOWN" -eq 1 ]; then
    $SUDO ip link set "$IFACE" down && log "$IFACE down"
    exit 0
fi

# compute queue length and socket buffer sizes from the bitrate
export CAN_BITRATE="$BITRATE" CAN_LOAD="$BUS_LOAD_TARGET"
read -r TXQ RMEM <<<"$(python3 -c '
import os
bitrate = int(os.environ["CAN_BITRATE"])
load = int(os.environ["CAN_LOAD"]) / 100.0
frames_per_sec = bitrate * load / 130        # ~130 bits per extended frame
txq = max(128, min(4096, int(frames_per_sec / 10)))
rmem = max(262144, int(frames_per_sec * 16 * 2))
print(txq, rmem)
')"
log "bitrate=$BITRATE txqueuelen=$TXQ rmem_max=$RMEM"

load_modules() {
    for mod in can can_raw can_dev gs_usb slcan; do
        if ! lsmod | awk '{print $1}' | grep -qx "$mod"; then
            $SUDO modprobe "$mod" 2>/dev/null && log "loaded $mod" || log "module $mod unavailable"
        fi
    done
}

tune_kernel() {
    $SUDO sysctl -w net.core.rmem_max="$RMEM" >/dev/null
    $SUDO sysctl -w net.core.rmem_default="$RMEM" >/dev/null
    log "socket buffers raised"
}

bring_up() {
    if ! ip link show "$IFACE" >/dev/null 2>&1; then
        log "$IFACE not present; is the adapter plugged in?"
        return 1
    fi
    $SUDO ip link set "$IFACE" down 2>/dev/null || true
    $SUDO ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
    $SUDO ip link set "$IFACE" txqueuelen "$TXQ"
    $SUDO ip link set "$IFACE" up
    log "$IFACE is up"
}

load_modules
tune_kernel
if bring_up; then
    ip -details -statistics link show "$IFACE" | head -n 12
    command -v candump >/dev/null && log "try: candump $IFACE"
else
    exit 1
fi
