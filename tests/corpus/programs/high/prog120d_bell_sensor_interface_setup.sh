#!/usr/bin/env bash
# bell_sensor_interface_setup.sh - prepare the ringing room PC for the simulator
#
# The tower's bell sensors feed a multi-bell interface (MBI) that shows up as
# a USB serial adapter. The simulator (Abel under Wine, or Beltower) needs a
# stable device name and read/write access to it. This script:
#   1. finds the adapter by USB vendor/product id
#   2. installs a udev rule giving it a fixed /dev/bellsensors name
#   3. puts the ringing-room account in the dialout group
#   4. checks the interface answers at 2400 baud
#
# Usage: sudo-capable user runs ./bell_sensor_interface_setup.sh [-u user]

set -euo pipefail

RINGER_USER="${SUDO_USER:-$USER}"
RULE_FILE="/etc/udev/rules.d/72-bell-sensors.rules"
SYMLINK="bellsensors"
BAUD=2400
# common adapters seen on MBIs: FTDI FT232R, Prolific PL2303, CH340
KNOWN_IDS=("0403:6001" "067b:2303" "1a86:7523")

while getopts ":u:" o; do
    case "$o" in
        u) RINGER_USER="$OPTARG" ;;
        *) echo "usage: $0 [-u user]" >&2; exit 2 ;;
    esac
done

msg() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

find_adapter() {
    local id
    for id in "${KNOWN_IDS[@]}"; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            echo "$id"
            return 0
        fi
    done
    return 1
}

device_node() {
    local dev
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$dev" ]] || continue
        if udevadm info -q property -n "$dev" | grep -q "ID_VENDOR_ID=${1%%:*}"; then
            echo "$dev"
            return 0
        fi
    done
    return 1
}

install_rule() {
    local vid="${1%%:*}" pid="${1##*:}"
    local rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\", SYMLINK+=\"$SYMLINK\", GROUP=\"dialout\", MODE=\"0660\""
    if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
        msg "udev rule already present"
        return
    fi
    msg "writing $RULE_FILE"
    printf '# Bell sensor interface for the ringing simulator\n%s\n' "$rule" \
        | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
}

grant_access() {
    if id -nG "$RINGER_USER" | tr ' ' '\n' | grep -qx dialout; then
        msg "$RINGER_USER already in dialout"
    else
        msg "adding $RINGER_USER to dialout (log out and back in afterwards)"
        sudo usermod -aG dialout "$RINGER_USER"
    fi
    # let the current session use the port straight away
    local node="$1"
    sudo chmod 0666 "$node"
}

probe_interface() {
    local node="/dev/$SYMLINK"
    [[ -e "$node" ]] || node="$1"
    stty -F "$node" "$BAUD" cs8 -cstopb -parenb raw -echo 2>/dev/null || { warn "cannot configure $node"; return 1; }
    msg "listening on $node for 5 seconds - pull a bell or wave at a sensor"
    if timeout 5 head -c 1 "$node" >/dev/null 2>&1; then
        msg "sensor data received, interface OK"
    else
        warn "no data seen; check the MBI power and sensor cable"
    fi
}

main() {
    local id node
    command -v lsusb >/dev/null || { warn "lsusb missing (install usbutils)"; exit 1; }
    id="$(find_adapter)" || { warn "no known serial adapter found; is the MBI plugged in?"; exit 1; }
    msg "found adapter $id"
    node="$(device_node "$id")" || { warn "adapter found but no tty node"; exit 1; }
    msg "device node $node"
    install_rule "$id"
    grant_access "$node"
    probe_interface "$node" || true
    msg "done - point the simulator at /dev/$SYMLINK"
}

main
