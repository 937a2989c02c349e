#!/usr/bin/env bash
# canbus_link_setup.sh - bring up the CAN interface that reads the crane's
# load moment indicator (J1939 over SocketCAN) on a dispatch test bench.
set -euo pipefail

PROG="${0##*/}"
IFACE="${CAN_IFACE:-can0}"
BITRATE="${CAN_BITRATE:-250000}"
VIRTUAL=0
DOWN=0

# kernel pieces the bench needs
MODULES_REAL=(can can_raw can_dev)
MODULES_VIRT=(can can_raw vcan)
J1939_MOD="can-j1939"

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        local helper="su""do"
        "$helper" -n "$@"
    fi
}

load_modules() {
    local m mods
    if (( VIRTUAL )); then mods=("${MODULES_VIRT[@]}"); else mods=("${MODULES_REAL[@]}"); fi
    mods+=("$J1939_MOD")
    for m in "${mods[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "${m//-/_}"; then
            log "module $m already loaded"
            continue
        fi
        if elevate mod""probe "$m"; then
            log "loaded $m"
        else
            log "could not load $m (continuing)"
        fi
    done
}

iface_exists() { ip link show "$IFACE" >/dev/null 2>&1; }

bring_up() {
    if (( VIRTUAL )); then
        iface_exists || elevate ip link add dev "$IFACE" type vcan
        elevate ip link set "$IFACE" up
    else
        iface_exists || { log "no $IFACE found - is the USB-CAN adapter plugged in?"; return 1; }
        elevate ip link set "$IFACE" down || true
        elevate ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
        elevate ip link set "$IFACE" up
    fi
    log "$IFACE up (bitrate ${BITRATE}, virtual=${VIRTUAL})"
}

bring_down() {
    if iface_exists; then
        elevate ip link set "$IFACE" down
        (( VIRTUAL )) && elevate ip link delete "$IFACE" || true
        log "$IFACE down"
    fi
}

show_stats() {
    ip -details -statistics link show "$IFACE" 2>/dev/null | sed 's/^/    /' || true
}

usage() {
    cat <<EOF
Usage: $PROG [-i iface] [-b bitrate] [-V] [-d]
  -i IFACE    interface name (default $IFACE)
  -b RATE     bitrate (default $BITRATE)
  -V          use a virtual vcan interface for bench tests
  -d          take the interface down instead
EOF
}

main() {
    while getopts ":i:b:Vdh" o; do
        case "$o" in
            i) IFACE="$OPTARG" ;;
            b) BITRATE="$OPTARG" ;;
            V) VIRTUAL=1 ;;
            d) DOWN=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ "$BITRATE" =~ ^[0-9]+$ ]] || { log "bad bitrate"; exit 2; }

    if (( DOWN )); then
        bring_down
        exit 0
    fi
    load_modules
    bring_up
    show_stats
}

main "$@"
