#!/usr/bin/env bash
# Sets up the USB temperature probes used in the reefer trailers and the
# chill room so the logging app can open them without manual steps.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-1a86}"
PRODUCT_ID="${PRODUCT_ID:-7523}"
GROUP="${PROBE_GROUP:-dialout}"
RULE_NAME="72-reefer-probes.rules"
DRIVER="ch341"
VERBOSE=0

log() { echo "[reefer-setup] $*"; }
debug() { [[ $VERBOSE -eq 1 ]] && echo "[debug] $*" || true; }

while getopts "g:v" opt; do
    case "$opt" in
        g) GROUP="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) echo "usage: $0 [-g group] [-v]"; exit 1 ;;
    esac
done

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

load_driver() {
    if lsmod | grep -q "^${DRIVER} "; then
        log "driver $DRIVER already loaded"
    else
        log "loading driver $DRIVER"
        elevate modprobe "$DRIVER"
    fi
    echo "$DRIVER" | elevate tee "/etc/modules-load.d/reefer-probes.conf" >/dev/null
}

install_rule() {
    local rules_dir="/etc/udev/rules.d"
    local content
    content="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", GROUP=\"$GROUP\", MODE=\"0660\", SYMLINK+=\"reefer%n\""
    debug "$content"
    echo "$content" | elevate tee "$rules_dir/$RULE_NAME" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    log "udev rule installed"
}

fix_existing() {
    local dev
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        log "adjusting $dev"
        elevate chgrp "$GROUP" "$dev"
        elevate chmod 0660 "$dev"
    done
}

add_user_to_group() {
    local user="${SUDO_USER:-$USER}"
    if id -nG "$user" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "$user already in $GROUP"
    else
        elevate usermod -aG "$GROUP" "$user"
        log "added $user to $GROUP (log out and back in)"
    fi
}

main() {
    load_driver
    install_rule
    fix_existing
    add_user_to_group
    log "probe setup complete"
}

main
