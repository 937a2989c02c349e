#!/usr/bin/env bash
# scale_serial_port_access.sh
#
# Gives the weighbridge ticketing client access to the scale indicator's
# USB-serial adapter. After every Windows-to-Linux re-image or USB replug the
# adapter comes back as root:root 0600 and the client logs
# "indicator not responding". This script finds the adapter, fixes its
# ownership and mode, sets the line discipline and tests for a weight frame.
#
# Usage: scale_serial_port_access.sh [-p /dev/ttyUSB0] [-b baud] [-g group]

set -u

PORT=""
BAUD=9600
GROUP="dialout"
LOG_FILE="./serial_access.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

while getopts ":p:b:g:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        h) echo "Usage: $0 [-p port] [-b baud] [-g group]"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

find_adapter() {
    local dev
    if [ -n "$PORT" ]; then
        [ -e "$PORT" ] && { echo "$PORT"; return 0; }
        return 1
    fi
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        if [ -e "$dev" ]; then
            echo "$dev"
            return 0
        fi
    done
    return 1
}

fix_permissions() {
    local dev="$1"
    log "current: $(ls -l "$dev")"
    sudo chown root:"$GROUP" "$dev"
    sudo chmod 0660 "$dev"
    log "now:     $(ls -l "$dev")"
    if ! id -nG | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "note: $(id -un) is not in group $GROUP; ask IT to add the account"
    fi
}

configure_line() {
    local dev="$1"
    log "setting $dev to ${BAUD} 8N1 raw"
    sudo stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw -echo
}

probe_weight() {
    local dev="$1" frame
    frame=$(timeout 3 head -c 32 "$dev" 2>/dev/null | tr -cd '[:print:]')
    if [ -n "$frame" ]; then
        log "indicator frame: '$frame'"
        return 0
    fi
    log "no frame within 3s; check the indicator's continuous-output setting"
    return 1
}

main() {
    local dev
    if ! dev=$(find_adapter); then
        log "no USB serial adapter found; is the indicator cable plugged in?"
        exit 1
    fi
    log "using adapter $dev for scale indicator"
    fix_permissions "$dev"
    configure_line "$dev"
    if probe_weight "$dev"; then
        log "scale link OK"
    else
        exit 3
    fi
}

main
