#!/usr/bin/env bash
# Prepares GPIO access for the relay board that drives pumps and aerators.
set -euo pipefail

PINS=(17 27 22 23)          # pump A, pump B, aerator, grow lights
GROUP="${AQ_GPIO_GROUP:-gpio}"
OPERATOR="${AQ_OPERATOR:-$(id -un)}"
SYSFS=/sys/class/gpio
DRY=0

log() { echo "$(date +%T) gpio-setup: $*" >&2; }

elev() {
    local cmd=("su""do" "-n" "$@")
    if (( DRY )); then
        log "would run: ${cmd[*]}"
        return 0
    fi
    "${cmd[@]}"
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        log "creating group $GROUP"
        elev groupadd --system "$GROUP"
    fi
    if ! id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "adding $OPERATOR to $GROUP"
        elev usermod -aG "$GROUP" "$OPERATOR"
    fi
}

device_perms() {
    local node
    for node in /dev/gpiomem /dev/gpiochip0; do
        [[ -e "$node" ]] || continue
        elev chgrp "$GROUP" "$node"
        elev chmod 0660 "$node"
        log "$node -> root:$GROUP 0660"
    done
}

export_pins() {
    local pin
    for pin in "${PINS[@]}"; do
        if [[ ! -d "$SYSFS/gpio$pin" ]]; then
            echo "$pin" | elev tee "$SYSFS/export" >/dev/null
        fi
        echo out | elev tee "$SYSFS/gpio$pin/direction" >/dev/null
        elev chgrp "$GROUP" "$SYSFS/gpio$pin/value"
        elev chmod 0664 "$SYSFS/gpio$pin/value"
        log "pin $pin exported as output"
    done
}

usage() { echo "usage: $(basename "$0") [-n] [-u operator]" >&2; }

main() {
    while getopts ":nu:h" opt; do
        case "$opt" in
            n) DRY=1 ;;
            u) OPERATOR="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -d "$SYSFS" ]] || { log "no sysfs gpio on this board"; exit 1; }
    ensure_group
    device_perms
    export_pins
    log "done; $OPERATOR may need to log in again"
}

main "$@"
