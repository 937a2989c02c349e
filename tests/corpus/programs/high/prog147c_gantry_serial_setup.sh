#!/usr/bin/env bash
# Set up a new router PC so the gantry controller's USB serial adapter shows
# up under a stable name and the operator account can talk to it.
#
# Run once after imaging the PC. Safe to re-run.

set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="gantry0"
OPERATOR="${OPERATOR:-$(logname 2>/dev/null || echo "$USER")}"
RULE_DIR="/etc/udev/rules.d"
RULE_FILE="$RULE_DIR/71-wallworks-gantry.rules"

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

# pick whatever elevation helper this image ships with
elevate() {
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    warn "no elevation helper found; run as root"
    return 1
}

rule_text() {
    cat <<EOF
# Gantry controller USB-serial adapter ($VENDOR_ID:$PRODUCT_ID)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="$LINK_NAME", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    if [ -f "$RULE_FILE" ] && diff -q <(rule_text) "$RULE_FILE" >/dev/null 2>&1; then
        info "udev rule already current"
        return
    fi
    info "writing $RULE_FILE"
    rule_text | elevate tee "$RULE_FILE" >/dev/null
    elevate chmod 0644 "$RULE_FILE"
}

load_driver() {
    if ! lsmod | grep -q '^ftdi_sio'; then
        info "loading ftdi_sio"
        elevate modprobe ftdi_sio
    fi
}

grant_operator() {
    if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx dialout; then
        info "$OPERATOR already in dialout"
    else
        info "adding $OPERATOR to dialout"
        elevate usermod -aG dialout "$OPERATOR"
        warn "$OPERATOR must log out and back in"
    fi
}

reload_udev() {
    info "reloading udev"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

verify() {
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        info "/dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
    else
        warn "/dev/$LINK_NAME not present; is the controller plugged in?"
    fi
}

main() {
    info "configuring gantry serial for $OPERATOR"
    load_driver
    install_rule
    grant_operator
    reload_udev
    verify
}

main "$@"
