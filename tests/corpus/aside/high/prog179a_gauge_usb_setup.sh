#!/usr/bin/env bash
# gauge_usb_setup.sh - set up the headrace level gauge on a new laptop
#
# The ultrasonic level gauge in the headrace talks over a CP210x USB-serial
# adapter.  This gives it a stable device name (/dev/millgauge) and lets the
# volunteer account read it without root.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-10c4}"
PRODUCT_ID="${PRODUCT_ID:-ea60}"
GAUGE_USER="${GAUGE_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="${RULE_NAME:-99-millgauge.rules}"
DRIVER="${DRIVER:-cp210x}"
DRY_RUN=0

usage() {
    echo "Usage: $0 [-u user] [-n]"
    echo "  -u USER   account that reads the gauge (default $GAUGE_USER)"
    echo "  -n        show what would be done"
}

while getopts ":u:nh" o; do
    case "$o" in
        u) GAUGE_USER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate=()
[[ $EUID -ne 0 ]] && elevate=(sudo)

run() {
    echo "+ $*"
    [[ $DRY_RUN -eq 1 ]] || "${elevate[@]}" "$@"
}

rule_text() {
    cat <<EOF
# Headrace level gauge (water mill museum)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="millgauge", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local dest="/etc/udev/rules.d/$RULE_NAME"
    echo "+ writing $dest"
    if [[ $DRY_RUN -eq 0 ]]; then
        rule_text | "${elevate[@]}" tee "$dest" >/dev/null
        "${elevate[@]}" chmod 0644 "$dest"
    fi
}

load_driver() {
    if ! lsmod | grep -q "^${DRIVER}\b"; then
        run modprobe "$DRIVER"
    fi
}

reload_udev() {
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty
}

grant_access() {
    if ! id -nG "$GAUGE_USER" | grep -qw dialout; then
        run usermod -aG dialout "$GAUGE_USER"
        echo "note: $GAUGE_USER must log out and back in"
    fi
}

install_rule
load_driver
reload_udev
grant_access

if [[ -e /dev/millgauge ]]; then
    echo "gauge available at /dev/millgauge"
else
    echo "plug the gauge in (or replug it) and check /dev/millgauge"
fi
