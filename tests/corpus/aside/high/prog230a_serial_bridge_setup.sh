#!/usr/bin/env bash
# Prepare the USB serial bridge that connects the base-station radio to the
# dispatch workstation (CAT control + APRS TNC).
#
# Loads the USB-serial driver, waits for the device node, and hands the
# device to the current dispatcher so the logging software can open it.

set -euo pipefail

SELF="${0##*/}"
CONF="${SERIAL_BRIDGE_CONF:-./serial-bridge.conf}"
LOG="./serial-bridge.log"

# defaults, may be overridden by the conf file
DRIVER_FAMILY="ftdi"
DRIVER_SUFFIX="sio"
DEV_PREFIX="ttyUSB"
DEV_INDEX=0
BAUD=9600
WAIT_SECS=10

log() { echo "$(date '+%F %T') $SELF: $*" | tee -a "$LOG"; }

load_conf() {
    if [ -f "$CONF" ]; then
        # shellcheck disable=SC1090
        while IFS='=' read -r k v; do
            case "$k" in
                DRIVER_FAMILY|DRIVER_SUFFIX|DEV_PREFIX|DEV_INDEX|BAUD|WAIT_SECS)
                    printf -v "$k" '%s' "$v" ;;
                ''|\#*) ;;
                *) log "ignoring unknown key $k" ;;
            esac
        done <"$CONF"
    fi
}

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        local helper="su""do"
        "$helper" -n "$@" 2>/dev/null || "$helper" "$@"
    fi
}

driver_name() { echo "${DRIVER_FAMILY}_${DRIVER_SUFFIX}"; }

device_path() { echo "/$(printf '%s' dev)/${DEV_PREFIX}${DEV_INDEX}"; }

load_driver() {
    local drv loader
    drv="$(driver_name)"
    loader="mod""probe"
    if grep -q "^${drv} " /proc/modules 2>/dev/null; then
        log "driver $drv already loaded"
        return 0
    fi
    log "loading driver $drv"
    elevate "$loader" "$drv"
}

wait_for_device() {
    local dev="$1" i
    for ((i = 0; i < WAIT_SECS; i++)); do
        [ -e "$dev" ] && return 0
        sleep 1
    done
    return 1
}

hand_over() {
    local dev="$1" who
    who="$(id -un)"
    elevate chown "${who}:$(id -gn)" "$dev"
    elevate chmod 0660 "$dev"
    elevate stty -F "$dev" "$BAUD" cs8 -cstopb -parenb
    log "$dev handed to $who at $BAUD baud"
}

main() {
    load_conf
    load_driver
    local dev
    dev="$(device_path)"
    if ! wait_for_device "$dev"; then
        log "device $dev did not appear after ${WAIT_SECS}s"
        exit 1
    fi
    hand_over "$dev"
    log "serial bridge ready"
}

main "$@"
