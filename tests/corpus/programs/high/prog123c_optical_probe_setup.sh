#!/usr/bin/env bash
# optical_probe_setup.sh - prepare a laptop for manual meter reads via IEC 62056-21 probe
#
# Electricians reading substation export meters use a USB optical probe
# (FTDI FT230X based).  This script gives the probe a stable device name
# (/dev/opticalprobe), lets the current user open it without root and checks
# that the probe enumerates.  Run once per laptop; re-running only updates what changed.
#
# Usage: optical_probe_setup.sh [--vendor 0403] [--product 6015] [--check-only]

set -euo pipefail

VENDOR="0403"
PRODUCT="6015"
CHECK_ONLY=0
RULE_FILE="/etc/udev/rules.d/70-optical-probe.rules"
SYMLINK="opticalprobe"
TARGET_USER="${SUDO_USER:-$(id -un)}"

usage() { sed -n '2,10p' "$0"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vendor) VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage; exit 2 ;;
    esac
done

msg() { printf '\033[1m[probe]\033[0m %s\n' "$*"; }

[[ "$VENDOR" =~ ^[0-9a-f]{4}$ && "$PRODUCT" =~ ^[0-9a-f]{4}$ ]] \
    || { echo "vendor/product must be 4 hex digits" >&2; exit 2; }

probe_present() {
    lsusb 2>/dev/null | grep -qi "ID ${VENDOR}:${PRODUCT}"
}

rule_text() {
    cat <<EOF
# USB optical probe for IEC 62056-21 meter reading (installed by optical_probe_setup.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", \\
    SYMLINK+="${SYMLINK}", GROUP="dialout", MODE="0660", ENV{ID_MM_DEVICE_IGNORE}="1"
EOF
}

install_rule() {
    local current=""
    [[ -f "$RULE_FILE" ]] && current="$(cat "$RULE_FILE")"
    if [[ "$current" == "$(rule_text)" ]]; then
        msg "udev rule already current"
        return 1
    fi
    msg "writing $RULE_FILE"
    rule_text | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
    return 0
}

reload_udev() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
    sleep 1
}

ensure_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        msg "$TARGET_USER already in dialout"
    else
        msg "adding $TARGET_USER to dialout (log out and back in afterwards)"
        sudo usermod -aG dialout "$TARGET_USER"
    fi
}

check_device() {
    if [[ -e "/dev/${SYMLINK}" ]]; then
        msg "probe available as /dev/${SYMLINK} -> $(readlink -f "/dev/${SYMLINK}")"
        stty -F "/dev/${SYMLINK}" 300 cs7 parenb -parodd -cstopb raw -echo 2>/dev/null \
            && msg "port configured for 300 baud 7E1 sign-on" \
            || msg "port present but not openable yet (group change pending?)"
    elif probe_present; then
        msg "probe enumerates but /dev/${SYMLINK} is missing - replug the probe"
    else
        msg "no probe ${VENDOR}:${PRODUCT} connected"
    fi
}

if (( CHECK_ONLY )); then
    check_device
    exit 0
fi

command -v udevadm >/dev/null || { echo "udevadm not found (not a udev system?)" >&2; exit 1; }
sudo -v || { echo "sudo rights are needed to install the device rule" >&2; exit 1; }

if install_rule; then
    reload_udev
fi
ensure_group
check_device
msg "setup finished"
