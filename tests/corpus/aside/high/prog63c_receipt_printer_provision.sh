#!/usr/bin/env bash
# Provision a USB thermal receipt printer on a shop-floor POS terminal.
# Installs a udev rule so the POS user can open the device and reloads udev.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-04b8}"     # Epson
PRODUCT_ID="${PRODUCT_ID:-0202}"   # TM-T88 series
POS_GROUP="${POS_GROUP:-pos}"
RULE_FILE="/etc/udev/rules.d/60-pos-receipt-printer.rules"
DEVICE_GLOB="/dev/usb/lp*"

log() { printf '%s [printer] %s\n' "$(date '+%F %T')" "$*"; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    if command -v sudo >/dev/null; then
        SUDO="sudo"
    else
        log "need root or sudo to provision the printer"
        exit 1
    fi
fi

detect_printer() {
    if command -v lsusb >/dev/null && lsusb -d "${VENDOR_ID}:${PRODUCT_ID}" >/dev/null 2>&1; then
        log "printer ${VENDOR_ID}:${PRODUCT_ID} detected"
        return 0
    fi
    log "printer ${VENDOR_ID}:${PRODUCT_ID} not connected; rule will apply on next plug-in"
    return 1
}

ensure_group() {
    if ! getent group "$POS_GROUP" >/dev/null; then
        log "creating group $POS_GROUP"
        $SUDO groupadd --system "$POS_GROUP"
    fi
    if ! id -nG "${SUDO_USER:-$USER}" | tr ' ' '\n' | grep -qx "$POS_GROUP"; then
        $SUDO usermod -aG "$POS_GROUP" "${SUDO_USER:-$USER}"
        log "added ${SUDO_USER:-$USER} to $POS_GROUP (re-login required)"
    fi
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"usbmisc\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", GROUP=\"${POS_GROUP}\", MODE=\"0660\", SYMLINK+=\"receipt0\""
    if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
        log "udev rule already present"
        return
    fi
    printf '# managed by pos provisioning\n%s\n' "$rule" | $SUDO tee "$RULE_FILE" >/dev/null
    $SUDO chmod 0644 "$RULE_FILE"
    log "wrote $RULE_FILE"
}

apply_now() {
    $SUDO udevadm control --reload-rules
    $SUDO udevadm trigger --subsystem-match=usbmisc
    for dev in $DEVICE_GLOB; do
        [[ -e "$dev" ]] || continue
        $SUDO chgrp "$POS_GROUP" "$dev"
        $SUDO chmod 0660 "$dev"
        log "permissions fixed on $dev"
    done
}

test_print() {
    local dev="/dev/receipt0"
    [[ -w "$dev" ]] || { log "cannot write to $dev yet, skipping test print"; return; }
    printf '\x1b@POS printer provisioned\n%s\n\n\n\x1dV\x00' "$(hostname)" > "$dev"
    log "test receipt sent"
}

main() {
    detect_printer || true
    ensure_group
    write_rule
    apply_now
    test_print
    log "done"
}

main "$@"
