#!/usr/bin/env bash
# sail_plotter_serial_setup.sh - make the loft's pen plotter / cutter reachable
#
# The cutting table talks RS-232 through an FTDI USB adapter. Out of the box
# the adapter shows up as /dev/ttyUSB<n> with a number that changes between
# boots and root-only permissions, so the converter cannot stream HPGL to it.
# This script:
#   1. finds the adapter by USB vendor/product id (or -d to pass the device)
#   2. installs a rule giving it a stable /dev/sailcutter name and loft group
#   3. applies the serial line settings the cutter expects
#   4. fixes up permissions on the current node until the next replug
#
# usage: sail_plotter_serial_setup.sh [-d /dev/ttyUSBx] [-g group] [-b baud]

set -euo pipefail

VENDOR_ID="0403"      # FTDI
PRODUCT_ID="6001"     # FT232R
GROUP="loft"
BAUD=9600
DEVICE=""
RULE_FILE="/etc/udev/rules.d/70-sailcutter.rules"

log() { echo "[plotter-setup] $*"; }
die() { echo "[plotter-setup] error: $*" >&2; exit 1; }

while getopts "d:g:b:h" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        *) sed -n '2,14p' "$0"; exit 0 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    command -v sudo >/dev/null || die "needs root or sudo"
else
    SUDO=""
fi

find_adapter() {
    local dev sys vid pid
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        sys="$(readlink -f "/sys/class/tty/$(basename "$dev")/device/../..")"
        vid="$(cat "$sys/idVendor" 2>/dev/null || true)"
        pid="$(cat "$sys/idProduct" 2>/dev/null || true)"
        if [[ "$vid" == "$VENDOR_ID" && "$pid" == "$PRODUCT_ID" ]]; then
            echo "$dev"; return 0
        fi
    done
    return 1
}

install_rule() {
    local serial="$1"
    local rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\""
    [[ -n "$serial" ]] && rule+=", ATTRS{serial}==\"$serial\""
    rule+=", SYMLINK+=\"sailcutter\", GROUP=\"$GROUP\", MODE=\"0660\""
    if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
        log "rule already present in $RULE_FILE"
        return
    fi
    log "writing $RULE_FILE"
    printf '# cutting table FTDI adapter (installed %s)\n%s\n' "$(date +%F)" "$rule" \
        | $SUDO tee "$RULE_FILE" >/dev/null
    $SUDO udevadm control --reload-rules
    $SUDO udevadm trigger --subsystem-match=tty --action=add
}

ensure_group() {
    getent group "$GROUP" >/dev/null || $SUDO groupadd --system "$GROUP"
    if ! id -nG "${SUDO_USER:-$USER}" | tr ' ' '\n' | grep -qx "$GROUP"; then
        $SUDO usermod -aG "$GROUP" "${SUDO_USER:-$USER}"
        log "added ${SUDO_USER:-$USER} to $GROUP (log out and back in to pick it up)"
    fi
}

configure_line() {
    local dev="$1"
    $SUDO chgrp "$GROUP" "$dev"
    $SUDO chmod 0666 "$dev"
    stty -F "$dev" "$BAUD" cs8 -cstopb -parenb crtscts raw -echo
    log "$dev set to $BAUD 8N1 with RTS/CTS"
}

if [[ -z "$DEVICE" ]]; then
    DEVICE="$(find_adapter)" || die "no FTDI $VENDOR_ID:$PRODUCT_ID adapter found; is the cutter plugged in?"
fi
[[ -c "$DEVICE" ]] || die "$DEVICE is not a character device"
log "cutter adapter at $DEVICE"

serial="$(udevadm info -q property -n "$DEVICE" | sed -n 's/^ID_SERIAL_SHORT=//p')"
ensure_group
install_rule "$serial"
configure_line "$DEVICE"
log "done; the converter can now use --port /dev/sailcutter"
