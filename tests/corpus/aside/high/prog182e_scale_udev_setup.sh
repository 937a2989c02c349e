#!/usr/bin/env bash
# scale_udev_setup.sh - give the receiving-dock platform scale a stable
# device name (/dev/hidescale) and let the dock operators read it without
# being root. Run once per dock PC after plugging the scale in.
set -euo pipefail

VENDOR_ID="${SCALE_VENDOR_ID:-067b}"
PRODUCT_ID="${SCALE_PRODUCT_ID:-2303}"
SYMLINK="${SCALE_SYMLINK:-hidescale}"
OPERATOR_GROUP="${OPERATOR_GROUP:-dialout}"
DOCK_USER="${DOCK_USER:-${SUDO_USER:-$USER}}"
RULES_DIR="/etc/udev/rules.d"
RULE_FILE="${RULES_DIR}/99-${SYMLINK}.rules"

log() { printf '%s scale-setup: %s\n' "$(date +%T)" "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_rule() {
    cat <<RULE
# Platform scale (Prolific USB-serial) on the receiving dock
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="${SYMLINK}", GROUP="${OPERATOR_GROUP}", MODE="0660"
RULE
}

install_rule() {
    if [ -f "$RULE_FILE" ] && diff -q <(render_rule) "$RULE_FILE" >/dev/null; then
        log "rule already current: $RULE_FILE"
        return
    fi
    render_rule | as_root tee "$RULE_FILE" >/dev/null
    as_root chmod 0644 "$RULE_FILE"
    log "wrote $RULE_FILE"
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
    as_root systemctl restart systemd-udevd.service
    log "udev reloaded"
}

grant_operator() {
    if id -nG "$DOCK_USER" | tr ' ' '\n' | grep -qx "$OPERATOR_GROUP"; then
        log "$DOCK_USER already in $OPERATOR_GROUP"
    else
        as_root usermod -aG "$OPERATOR_GROUP" "$DOCK_USER"
        log "added $DOCK_USER to $OPERATOR_GROUP (log out and back in)"
    fi
}

fix_current_node() {
    # the node that is already plugged in keeps its old mode until replug
    local node
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        as_root chgrp "$OPERATOR_GROUP" "$node"
        as_root chmod 0660 "$node"
        log "adjusted $node"
    done
}

main() {
    install_rule
    reload_udev
    grant_operator
    fix_current_node
    if [ -e "/dev/${SYMLINK}" ]; then
        log "scale available at /dev/${SYMLINK}"
    else
        log "scale not detected yet; replug the USB cable"
    fi
}

main "$@"
