#!/usr/bin/env bash
# kennel_door_serial_setup.sh - prepare the office PC for the RS-485 door
# controller (USB adapter) that drives the run door latches.
#
# Gives the adapter a stable name (/dev/kenneldoor), lets the operator
# account talk to it without root, and records the controller settings.
#
#   ./kennel_door_serial_setup.sh [-u operator] [-b 19200] [-a 0x01]
set -euo pipefail

OPERATOR="${SUDO_USER:-$USER}"
BAUD=19200
ADDR=0x01
VENDOR="${VENDOR_ID:-0403}"     # FTDI
PRODUCT="${PRODUCT_ID:-6001}"
RULE_FILE="/etc/udev/rules.d/72-kenneldoor.rules"
CONF_FILE="/etc/kenneldoor.conf"

usage() { sed -n '2,8p' "$0"; exit "${1:-0}"; }

while getopts "u:b:a:h" opt; do
    case "$opt" in
        u) OPERATOR="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 64 ;;
    esac
done

info() { echo -e "\e[1;34m==>\e[0m $*"; }
warn() { echo -e "\e[1;33m!!\e[0m $*" >&2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

find_adapter() {
    local dev
    for dev in /sys/bus/usb-serial/devices/*; do
        [[ -e "$dev" ]] || continue
        local usbdir
        usbdir="$(readlink -f "$dev/../..")"
        if [[ "$(cat "$usbdir/idVendor" 2>/dev/null)" == "$VENDOR" &&
              "$(cat "$usbdir/idProduct" 2>/dev/null)" == "$PRODUCT" ]]; then
            echo "/dev/$(basename "$dev")"
            return 0
        fi
    done
    return 1
}

install_rule() {
    info "writing $RULE_FILE"
    as_root tee "$RULE_FILE" >/dev/null <<EOF
# KennelDoor RS-485 adapter
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", \\
  SYMLINK+="kenneldoor", GROUP="dialout", MODE="0660"
EOF
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
}

grant_operator() {
    if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx dialout; then
        info "$OPERATOR already in dialout"
    else
        info "adding $OPERATOR to dialout (log out and back in afterwards)"
        as_root usermod -aG dialout "$OPERATOR"
    fi
}

write_conf() {
    info "writing $CONF_FILE"
    as_root tee "$CONF_FILE" >/dev/null <<EOF
# generated $(date -Iseconds) by $(basename "$0")
port=/dev/kenneldoor
baud=$BAUD
address=$ADDR
parity=N
stopbits=1
EOF
    as_root chmod 0644 "$CONF_FILE"
}

main() {
    local tty
    if tty="$(find_adapter)"; then
        info "found adapter at $tty"
        as_root chgrp dialout "$tty"
        as_root chmod 0660 "$tty"
    else
        warn "adapter $VENDOR:$PRODUCT not plugged in; rule will apply when it is"
    fi
    install_rule
    grant_operator
    write_conf
    if [[ -e /dev/kenneldoor ]]; then
        stty -F /dev/kenneldoor "$BAUD" cs8 -cstopb -parenb raw -echo && info "port configured"
    fi
    info "done"
}

main
