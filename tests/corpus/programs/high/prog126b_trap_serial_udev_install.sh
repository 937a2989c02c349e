#!/usr/bin/env bash
# trap_serial_udev_install.sh - give the trap relay board a stable device name
#
# The FTDI adapter on the trap-house relay board comes up as ttyUSB0 or
# ttyUSB1 depending on plug order, which breaks trapbank.ini after every
# power cut.  This installs a udev rule that links it as /dev/trapbank,
# lets the operator account open it, and reloads udev.
#
# usage: ./trap_serial_udev_install.sh [-s serial] [-u user] [--dry-run]

set -euo pipefail

RULE_NAME="99-trapbank-relay.rules"
RULE_DIR="/etc/udev/rules.d"
VENDOR="0403"
PRODUCT="6001"
ADAPTER_SERIAL=""
OPERATOR="${SUDO_USER:-$USER}"
DRY_RUN=0

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) ADAPTER_SERIAL="$2"; shift 2 ;;
        -u) OPERATOR="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

detect_serial() {
    local dev
    for dev in /sys/bus/usb/devices/*; do
        [[ -f "$dev/idVendor" ]] || continue
        if [[ "$(cat "$dev/idVendor")" == "$VENDOR" && "$(cat "$dev/idProduct")" == "$PRODUCT" ]]; then
            cat "$dev/serial" 2>/dev/null && return 0
        fi
    done
    return 1
}

if [[ -z "$ADAPTER_SERIAL" ]]; then
    ADAPTER_SERIAL=$(detect_serial) || fail "relay adapter not plugged in; pass -s SERIAL"
fi
info "relay adapter serial: $ADAPTER_SERIAL"

rule_text() {
    cat <<EOF
# trap-house relay board (installed by trap_serial_udev_install.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", \\
  ATTRS{serial}=="$ADAPTER_SERIAL", SYMLINK+="trapbank", GROUP="dialout", MODE="0660"
EOF
}

staged=$(mktemp)
trap 'rm -f "$staged"' EXIT
rule_text > "$staged"

if [[ $DRY_RUN -eq 1 ]]; then
    info "would install $RULE_DIR/$RULE_NAME:"
    cat "$staged"
    exit 0
fi

run_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

info "installing $RULE_DIR/$RULE_NAME"
run_root install -o root -g root -m 0644 "$staged" "$RULE_DIR/$RULE_NAME"

if ! id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx dialout; then
    info "adding $OPERATOR to dialout (log out and back in afterwards)"
    run_root usermod -aG dialout "$OPERATOR"
fi

info "reloading udev"
run_root udevadm control --reload-rules
run_root udevadm trigger --subsystem-match=tty --action=add
sleep 1
if [[ -e /dev/trapbank ]]; then
    info "ok: /dev/trapbank -> $(readlink -f /dev/trapbank)"
    info "set 'port = /dev/trapbank' in trapbank.ini"
else
    fail "link not created; check 'udevadm monitor' while replugging the adapter"
fi
