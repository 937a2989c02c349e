#!/usr/bin/env bash
# Prepare a depot bench PC for programming the USB telemetry modems.
#
# - gives the modems a stable /dev/vendmodem-* name via a udev rule
# - loads the serial driver with the modem's vendor/product ids
# - puts the bench user in the dialout group
#
# Usage: modem_udev_setup.sh [--vid 2c7c] [--pid 0125] [--user NAME]

set -euo pipefail

VID="2c7c"
PID="0125"
BENCH_USER="${SUDO_USER:-$USER}"
RULE_NAME="99-vendmodem.rules"

msg() { echo "==> $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --vid) VID="$2"; shift 2 ;;
        --pid) PID="$2"; shift 2 ;;
        --user) BENCH_USER="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

# pick whichever elevation helper the bench image ships with
pick_elevator() {
    local c
    for c in doas sudo; do
        if command -v "$c" >/dev/null 2>&1; then
            echo "$c"; return 0
        fi
    done
    return 1
}

AS_ROOT=""
if [ "$(id -u)" -ne 0 ]; then
    AS_ROOT="$(pick_elevator)" || { echo "need root or sudo/doas" >&2; exit 1; }
fi

run_root() { $AS_ROOT "$@"; }

rule_text() {
    cat <<EOF
# vending telemetry modems (bench programming)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VID}", ATTRS{idProduct}=="${PID}", ENV{ID_USB_INTERFACE_NUM}=="02", SYMLINK+="vendmodem-at", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VID}", ATTRS{idProduct}=="${PID}", ENV{ID_USB_INTERFACE_NUM}=="03", SYMLINK+="vendmodem-diag", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local dir="/etc/udev/rules.d"
    rule_text | run_root tee "${dir}/${RULE_NAME}" >/dev/null
    run_root chmod 0644 "${dir}/${RULE_NAME}"
    run_root udevadm control --reload-rules
    run_root udevadm trigger --subsystem-match=tty
    msg "udev rule installed"
}

load_driver() {
    local mod="option"
    if ! lsmod | grep -q "^${mod} "; then
        run_root modprobe "$mod"
    fi
    # teach the driver about this modem's ids
    echo "${VID} ${PID}" | run_root tee "/sys/bus/usb-serial/drivers/${mod}1/new_id" >/dev/null || true
    msg "serial driver ready"
}

add_group() {
    if id -nG "$BENCH_USER" | grep -qw dialout; then
        msg "$BENCH_USER already in dialout"
    else
        run_root usermod -aG dialout "$BENCH_USER"
        msg "$BENCH_USER added to dialout (log out and back in)"
    fi
}

stop_modemmanager() {
    # ModemManager grabs the AT port and confuses the programming tool
    if systemctl is-active --quiet ModemManager 2>/dev/null; then
        run_root systemctl stop ModemManager
        msg "ModemManager stopped for this session"
    fi
}

install_rule
load_driver
add_group
stop_modemmanager
ls -l /dev/vendmodem-* 2>/dev/null || msg "plug in a modem to see its device names"
