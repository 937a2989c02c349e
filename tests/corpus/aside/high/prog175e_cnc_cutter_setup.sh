#!/usr/bin/env bash
# cnc_cutter_setup.sh - prepare a loft PC to drive the flatbed cloth cutter
# over USB serial. Installs a udev rule so the cutter always appears as
# /dev/loftcutter, gives the operator access to serial ports and reloads
# udev so nobody has to reboot mid-shift.
#
# Usage: cnc_cutter_setup.sh [operator-user]

set -euo pipefail

OPERATOR="${1:-${SUDO_USER:-$USER}}"
VENDOR_ID="${CUTTER_VENDOR_ID:-0403}"
PRODUCT_ID="${CUTTER_PRODUCT_ID:-6001}"
RULE_NAME="${RULE_NAME:-99-loft-cutter.rules}"
RULES_DIR="/etc/udev/rules.d"
SERIAL_GROUP="${SERIAL_GROUP:-dialout}"

log() { printf '%s setup: %s\n' "$(date +%T)" "$*"; }

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        pkexec "$@"
    fi
}

render_rule() {
    cat <<EOF
# Loft flatbed cutter (FTDI bridge) - managed by cnc_cutter_setup.sh
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", \\
    SYMLINK+="loftcutter", GROUP="${SERIAL_GROUP}", MODE="0660"
EOF
}

install_rule() {
    local target="$RULES_DIR/$RULE_NAME"
    if [[ -f "$target" ]] && diff -q <(render_rule) "$target" >/dev/null 2>&1; then
        log "udev rule already current"
        return 0
    fi
    render_rule | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    log "installed $target"
}

grant_serial_access() {
    if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$SERIAL_GROUP"; then
        log "$OPERATOR already in $SERIAL_GROUP"
        return 0
    fi
    elevate usermod -aG "$SERIAL_GROUP" "$OPERATOR"
    log "added $OPERATOR to $SERIAL_GROUP (log out and back in)"
}

reload_udev() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    log "udev rules reloaded"
}

check_device() {
    sleep 2
    if [[ -e /dev/loftcutter ]]; then
        log "cutter visible at /dev/loftcutter -> $(readlink -f /dev/loftcutter)"
    else
        log "cutter not detected; check the USB cable and power"
    fi
}

main() {
    id "$OPERATOR" >/dev/null 2>&1 || { echo "no such user: $OPERATOR" >&2; exit 1; }
    install_rule
    grant_serial_access
    reload_udev
    check_device
}

main "$@"
