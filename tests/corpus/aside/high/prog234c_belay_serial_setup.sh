#!/usr/bin/env bash
# belay_serial_setup.sh - prepare a maintenance laptop for the auto-belay
# USB service cable.
#
# The vendor's service cable is a CP210x USB-serial adapter. On fresh laptops
# the driver is not loaded and the device node belongs to root, so the
# maintenance app cannot open it. This script loads the driver, hands the node
# to the technician's group and checks the unit answers on the line.

set -euo pipefail

DEVICE="${DEVICE:-/dev/ttyUSB0}"
TECH_GROUP="${TECH_GROUP:-dialout}"
BAUD="${BAUD:-19200}"
LOG_FILE="./belay_serial_setup.log"

log() { echo "$(date '+%F %T') serial-setup: $*" | tee -a "$LOG_FILE"; }

usage() {
    cat <<USAGE
Usage: $0 [-d device] [-g group] [-b baud]
  -d device   serial node (default $DEVICE)
  -g group    group that gets access (default $TECH_GROUP)
  -b baud     line speed (default $BAUD)
USAGE
}

while getopts ":d:g:b:h" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        g) TECH_GROUP="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$DEVICE" == /dev/tty* ]] || { log "refusing non-tty device $DEVICE"; exit 2; }

load_driver() {
    if lsmod | grep -q '^cp210x'; then
        log "cp210x already loaded"
    else
        sudo modprobe cp210x
        log "cp210x loaded"
    fi
    sudo modprobe usbserial || true
}

wait_for_node() {
    local tries=10
    while (( tries-- > 0 )); do
        [[ -e "$DEVICE" ]] && return 0
        sleep 1
    done
    log "device $DEVICE did not appear; is the cable plugged in?"
    return 1
}

grant_access() {
    local user
    user="$(id -un)"
    if ! id -nG "$user" | grep -qw "$TECH_GROUP"; then
        sudo usermod -aG "$TECH_GROUP" "$user"
        log "added $user to $TECH_GROUP (log out and back in to apply)"
    fi
    sudo chown root:"$TECH_GROUP" "$DEVICE"
    sudo chmod 0660 "$DEVICE"
    log "$DEVICE now root:$TECH_GROUP 0660"
}

configure_line() {
    sudo stty -F "$DEVICE" "$BAUD" cs8 -cstopb -parenb raw -echo
    log "line set to $BAUD 8N1"
}

probe_unit() {
    local reply
    printf 'ID?\r' | sudo tee "$DEVICE" >/dev/null
    reply="$(sudo timeout 3 head -c 64 "$DEVICE" 2>/dev/null | tr -d '\r' || true)"
    if [[ -n "$reply" ]]; then
        log "unit answered: $reply"
    else
        log "no answer from unit; check the belay is powered and in service mode"
        return 1
    fi
}

main() {
    : > "$LOG_FILE"
    load_driver
    wait_for_node || exit 1
    grant_access
    configure_line
    probe_unit || exit 1
    log "ready: open the maintenance app on $DEVICE"
}

main
