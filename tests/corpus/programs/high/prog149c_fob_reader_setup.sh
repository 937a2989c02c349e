#!/usr/bin/env bash
# fob_reader_setup.sh - connect the USB door-fob reader on the reception PC
# to the studio door controller.
#
# The reader shows up as a serial device; the bridge service reads fob IDs
# from it and forwards them to the controller at doors.studio.lan.
#
# Usage: ./fob_reader_setup.sh [-d /dev/ttyUSB0] [-c 203.0.113.40]

set -euo pipefail

DEVICE="/dev/ttyUSB0"
CONTROLLER_IP="203.0.113.40"
CONTROLLER_NAME="doors.studio.lan"
BRIDGE_UNIT="fob-bridge"
LOG="./fob_reader_setup.log"

while getopts ":d:c:" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        c) CONTROLLER_IP="$OPTARG" ;;
        *) echo "usage: $0 [-d device] [-c controller-ip]" >&2; exit 2 ;;
    esac
done

log() { echo "$(date '+%T') $*" | tee -a "$LOG"; }

# run a step with elevated rights; prefer non-interactive so the script
# does not hang on the reception PC when nobody is at the keyboard
as_admin() {
    local elev
    for elev in sudo doas; do
        if command -v "$elev" >/dev/null 2>&1; then
            if [ "$elev" = sudo ]; then
                sudo -n "$@" && return 0
                sudo "$@"
            else
                doas "$@"
            fi
            return $?
        fi
    done
    echo "no way to elevate, run as an administrator" >&2
    return 1
}

wait_for_device() {
    local tries=0
    until [ -e "$DEVICE" ]; do
        tries=$((tries + 1))
        if [ "$tries" -gt 10 ]; then
            log "reader not found at $DEVICE - is it plugged in?"
            exit 1
        fi
        sleep 1
    done
    log "reader present at $DEVICE"
}

name_controller() {
    local hosts_file="/etc/hosts"
    if grep -q "$CONTROLLER_NAME" "$hosts_file"; then
        log "controller name already known"
        return
    fi
    printf '%s\t%s\n' "$CONTROLLER_IP" "$CONTROLLER_NAME" | as_admin tee -a "$hosts_file" >/dev/null
    log "added $CONTROLLER_NAME -> $CONTROLLER_IP"
}

open_device() {
    # bridge runs as the reception user, so loosen the node and add the group
    as_admin chmod 0666 "$DEVICE"
    as_admin usermod -aG dialout "$(id -un)"
    log "device permissions updated"
}

restart_bridge() {
    if systemctl list-unit-files "$BRIDGE_UNIT.service" >/dev/null 2>&1; then
        as_admin systemctl restart "$BRIDGE_UNIT"
        log "bridge restarted"
    else
        log "bridge service not installed; ask IT to install $BRIDGE_UNIT"
    fi
}

test_read() {
    log "present a fob to the reader within 15 seconds..."
    if timeout 15 head -c 16 "$DEVICE" | od -An -tx1 | tee -a "$LOG"; then
        log "fob read OK"
    else
        log "no fob read (timeout)"
    fi
}

wait_for_device
name_controller
open_device
restart_bridge
test_read
log "setup finished"
