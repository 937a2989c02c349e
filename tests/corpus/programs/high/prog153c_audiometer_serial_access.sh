#!/bin/sh
# Make the booth audiometer's serial link usable by the audiology software.
#
# The audiometer in booth 2 is attached through a USB-serial cable. After a
# reboot the node comes up root-only and the audiometry package cannot open
# it, so the audiologist gets "port busy". Run this at the start of the day.

set -eu

PORT_GLOB="${AUDIOMETER_PORTS:-ttyUSB ttyACM}"
BAUD="${AUDIOMETER_BAUD:-9600}"
CLINIC_USER="${SUDO_USER:-$(id -un)}"
LOG="./audiometer_access.log"

note() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

# Use whichever elevation helper this station has.
elev() {
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    note "no elevation helper available"
    return 1
}

find_ports() {
    for prefix in $PORT_GLOB; do
        for node in /dev/${prefix}*; do
            [ -e "$node" ] && echo "$node"
        done
    done
}

open_up() {
    node="$1"
    current=$(stat -c '%a' "$node")
    note "$node currently mode $current"
    if [ "$current" != "666" ]; then
        elev chmod 0666 "$node"
        elev chown "root:dialout" "$node"
        note "$node opened for all users"
    fi
    # match the audiometer's line settings
    stty -F "$node" "$BAUD" cs8 -cstopb -parenb 2>/dev/null || \
        elev stty -F "$node" "$BAUD" cs8 -cstopb -parenb
}

ensure_group() {
    if id -nG "$CLINIC_USER" | tr ' ' '\n' | grep -qx dialout; then
        note "$CLINIC_USER already in dialout"
    else
        elev usermod -aG dialout "$CLINIC_USER"
        note "added $CLINIC_USER to dialout (log out to take effect)"
    fi
}

stop_modem_probe() {
    # ModemManager grabs new serial ports and probes them with AT commands,
    # which confuses the audiometer.
    if command -v systemctl >/dev/null 2>&1; then
        if systemctl is-active --quiet ModemManager; then
            elev systemctl stop ModemManager
            note "ModemManager stopped"
        fi
    fi
}

main() {
    ports=$(find_ports)
    if [ -z "$ports" ]; then
        note "no audiometer port found - is the cable plugged in?"
        exit 1
    fi
    ensure_group
    stop_modem_probe
    for p in $ports; do
        open_up "$p"
    done
    note "audiometer link ready"
}

main "$@"
