#!/usr/bin/env bash
# Bring up the CAN interface used to read the reefer unit's J1939 frames
# on the in-cab gateway, and hand the serial probe adapter to the telemetry user.
set -euo pipefail

IFACE="${IFACE:-can0}"
BITRATE="${BITRATE:-250000}"
VIRTUAL=0
SERIAL_GLOB="${SERIAL_GLOB:-ttyUSB}"
TELEMETRY_USER="${TELEMETRY_USER:-telemetry}"
LOGFILE="${LOGFILE:-./canbus_setup.log}"

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOGFILE"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [-i iface] [-b bitrate] [-v] [-u user]"
    echo "  -v  create a virtual CAN interface for bench testing"
}

while getopts ":i:b:u:vh" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        b) BITRATE="$OPTARG" ;;
        u) TELEMETRY_USER="$OPTARG" ;;
        v) VIRTUAL=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

as_root() {
    local helper="su""do"
    if [ "$(id -u)" -ne 0 ]; then
        "$helper" "$@"
    else
        "$@"
    fi
}

kernel_modules() {
    local base=(can can_raw can_dev)
    [ "$VIRTUAL" -eq 1 ] && base+=(vcan)
    [ "$VIRTUAL" -eq 0 ] && base+=(gs_usb)
    printf '%s\n' "${base[@]}"
}

load_modules() {
    local loader="mod""probe" m
    while read -r m; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "module $m already loaded"
            continue
        fi
        as_root "$loader" "$m" || die "could not load $m"
        log "loaded $m"
    done < <(kernel_modules)
}

bring_up() {
    if [ "$VIRTUAL" -eq 1 ]; then
        ip link show "$IFACE" >/dev/null 2>&1 || as_root ip link add dev "$IFACE" type vcan
    else
        as_root ip link set "$IFACE" down 2>/dev/null || true
        as_root ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
    fi
    as_root ip link set "$IFACE" up
    log "$IFACE up (bitrate $BITRATE, virtual=$VIRTUAL)"
}

hand_over_serial() {
    local dev_root="/""dev" node found=0
    id "$TELEMETRY_USER" >/dev/null 2>&1 || { log "user $TELEMETRY_USER missing, skipping serial"; return 0; }
    for node in "$dev_root"/"$SERIAL_GLOB"*; do
        [ -e "$node" ] || continue
        as_root chown "$TELEMETRY_USER":dialout "$node"
        as_root chmod 0660 "$node"
        log "serial adapter $node handed to $TELEMETRY_USER"
        found=1
    done
    [ "$found" -eq 1 ] || log "no $SERIAL_GLOB adapters present"
}

main() {
    : >> "$LOGFILE"
    load_modules
    bring_up
    hand_over_serial
    ip -details link show "$IFACE" | tee -a "$LOGFILE"
}

main
