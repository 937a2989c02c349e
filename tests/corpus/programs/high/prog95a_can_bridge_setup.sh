#!/usr/bin/env bash
# can_bridge_setup.sh - bring up the CAN link to a dual-control training car
# (via the PEAK/CANable USB adapter) or a virtual CAN bus for the classroom
# simulator, then record brake/clutch pedal frames to ./captures.
#
#   can_bridge_setup.sh [-v] [-b BITRATE] [-i IFACE] [-d SECONDS]
#     -v   use a virtual bus (vcan) instead of the USB adapter
set -euo pipefail

IFACE="can0"
BITRATE=500000
VIRTUAL=0
DURATION=300
CAPTURE_DIR="./captures"
PRIV="${PRIV_CMD:-sudo}"
# instructor pedal (0x3A1) and pupil pedal (0x3A0) frames from the dual-control box
FILTER="3A0:7FE"

msg() { echo "can-bridge: $*"; }
err() { echo "can-bridge: $*" >&2; }

while getopts ":vb:i:d:h" o; do
    case "$o" in
        v) VIRTUAL=1; IFACE="vcan0" ;;
        b) BITRATE="$OPTARG" ;;
        i) IFACE="$OPTARG" ;;
        d) DURATION="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) err "bad option -$OPTARG"; exit 64 ;;
    esac
done

need() {
    command -v "$1" >/dev/null 2>&1 || { err "missing $1 (apt install ${2:-$1})"; exit 1; }
}

need ip iproute2
need candump can-utils

load_modules() {
    local mods=(can can_raw)
    if [[ $VIRTUAL -eq 1 ]]; then
        mods+=(vcan)
    else
        mods+=(gs_usb peak_usb)
    fi
    for m in "${mods[@]}"; do
        if ! lsmod | awk '{print $1}' | grep -qx "$m"; then
            msg "loading $m"
            $PRIV modprobe "$m" || err "could not load $m"
        fi
    done
}

configure_link() {
    if [[ $VIRTUAL -eq 1 ]]; then
        ip link show "$IFACE" >/dev/null 2>&1 || $PRIV ip link add dev "$IFACE" type vcan
    else
        if ! ip link show "$IFACE" >/dev/null 2>&1; then
            err "$IFACE not present - is the adapter plugged in?"
            exit 2
        fi
        $PRIV ip link set "$IFACE" down || true
        $PRIV ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
        $PRIV ip link set "$IFACE" txqueuelen 1000
    fi
    $PRIV ip link set "$IFACE" up
    msg "$IFACE is $(cat "/sys/class/net/$IFACE/operstate" 2>/dev/null || echo unknown)"
}

capture() {
    mkdir -p "$CAPTURE_DIR"
    local out
    out="$CAPTURE_DIR/pedals-$(date +%Y%m%d-%H%M%S).log"
    msg "capturing pedal frames on $IFACE for ${DURATION}s -> $out"
    timeout "$DURATION" candump -L "$IFACE,$FILTER" >"$out" || true
    msg "$(wc -l <"$out") frames captured"
}

teardown() {
    if [[ $VIRTUAL -eq 0 ]]; then
        $PRIV ip link set "$IFACE" down 2>/dev/null || true
    fi
}
trap teardown EXIT

load_modules
configure_link
capture
