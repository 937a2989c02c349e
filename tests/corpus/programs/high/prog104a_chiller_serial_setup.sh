#!/usr/bin/env bash
# chiller_serial_setup.sh - prepare a plant room PC for the chiller gateway
#
# The brine chiller controller talks Modbus RTU through an FTDI USB-RS485
# adapter. This sets up a stable /dev/chiller0 symlink for the adapter,
# gives the gateway user access to the serial port, creates the feed
# directory and applies the line settings the controller expects.
#
# usage: chiller_serial_setup.sh [-u user] [-b baud]

set -euo pipefail

GW_USER="${SUDO_USER:-$USER}"
BAUD=19200
VENDOR="0403"
PRODUCT="6001"
RULE_FILE="/etc/udev/rules.d/99-brine-chiller.rules"
FEED_DIR="/var/lib/chiller"

while getopts ":u:b:" opt; do
    case "$opt" in
        u) GW_USER="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        *) echo "usage: $0 [-u user] [-b baud]" >&2; exit 2 ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

find_serial() {
    local dev
    for dev in /dev/serial/by-id/*FTDI* /dev/ttyUSB*; do
        [ -e "$dev" ] && { readlink -f "$dev"; return 0; }
    done
    return 1
}

install_rule() {
    local serial
    serial=$(udevadm info -q property -n "$1" 2>/dev/null | sed -n 's/^ID_SERIAL_SHORT=//p')
    info "writing $RULE_FILE (serial ${serial:-any})"
    as_root tee "$RULE_FILE" >/dev/null <<EOF
# Brine chiller Modbus adapter
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", ${serial:+ATTRS{serial}=="$serial", }SYMLINK+="chiller0", GROUP="dialout", MODE="0660"
EOF
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
}

grant_access() {
    if id -nG "$GW_USER" | grep -qw dialout; then
        info "$GW_USER already in dialout"
    else
        info "adding $GW_USER to dialout (log out and in again afterwards)"
        as_root usermod -aG dialout "$GW_USER"
    fi
    as_root install -d -o "$GW_USER" -g "$GW_USER" -m 0755 "$FEED_DIR"
}

configure_line() {
    local port=/dev/chiller0
    for _ in 1 2 3 4 5; do [ -e "$port" ] && break; sleep 1; done
    if [ ! -e "$port" ]; then
        warn "$port did not appear, using $1 directly"
        port="$1"
    fi
    as_root stty -F "$port" "$BAUD" cs8 -cstopb -parenb raw -echo
    info "line settings: $(stty -F "$port" speed 2>/dev/null || echo "?") baud 8N1 on $port"
}

main() {
    local dev
    dev=$(find_serial) || { warn "no USB-RS485 adapter found, plug it in first"; exit 1; }
    info "adapter found at $dev"
    install_rule "$dev"
    grant_access
    configure_line "$dev"
    info "done; point the gateway at /dev/chiller0 and feed dir $FEED_DIR"
}

main "$@"
