#!/usr/bin/env bash
# One-time setup for the chase-truck USB GPS dongle.
#
# Gives the dongle a stable name (/dev/chase-gps), lets the crew account
# read it without root and restarts gpsd so the tracking app picks it up.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-1546}"
PRODUCT_ID="${PRODUCT_ID:-01a8}"
SYMLINK="chase-gps"
CREW_GROUP="${CREW_GROUP:-dialout}"
RULE_NAME="99-chase-gps.rules"

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

# pick whatever privilege helper this laptop has
elevate() {
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    warn "no privilege helper found; run as root"
    return 1
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$VENDOR_ID" "$PRODUCT_ID"
    printf 'SYMLINK+="%s", GROUP="%s", MODE="0660"\n' "$SYMLINK" "$CREW_GROUP"
}

install_rule() {
    local rules_dir="/""etc/udev/rules.d"
    local tmp
    tmp="$(mktemp)"
    rule_text > "$tmp"
    info "installing udev rule into $rules_dir"
    elevate install -m 0644 "$tmp" "$rules_dir/$RULE_NAME"
    rm -f "$tmp"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

fix_current_node() {
    # the dongle may already be plugged in under its old name
    local node
    for node in /dev/ttyACM* /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        info "adjusting $node for group $CREW_GROUP"
        elevate chgrp "$CREW_GROUP" "$node"
        elevate chmod 0660 "$node"
    done
}

configure_gpsd() {
    local conf="/etc/default/gpsd"
    if [ -f "$conf" ]; then
        info "pointing gpsd at /dev/$SYMLINK"
        elevate sed -i "s|^DEVICES=.*|DEVICES=\"/dev/$SYMLINK\"|" "$conf"
        elevate systemctl restart gpsd.socket gpsd.service
    else
        warn "gpsd not installed; skipping"
    fi
}

add_user_to_group() {
    if ! id -nG "$USER" | grep -qw "$CREW_GROUP"; then
        info "adding $USER to $CREW_GROUP (log out and back in afterwards)"
        elevate usermod -aG "$CREW_GROUP" "$USER"
    fi
}

install_rule
fix_current_node
configure_gpsd
add_user_to_group
info "done. Check with: ls -l /dev/$SYMLINK"
