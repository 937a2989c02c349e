#!/bin/sh
# receipt_printer_setup.sh - set up the USB thermal receipt printer and the
# barcode label printer used at the rental desk, so the rental tracker can
# print agreements and instrument tags without running as root.
#
# Usage: ./receipt_printer_setup.sh [--user NAME] [--vendor 0416] [--product 5011]
set -eu

TILL_USER="${SUDO_USER:-$(id -un)}"
VENDOR_ID="0416"
PRODUCT_ID="5011"
LABEL_VENDOR_ID="0922"
RULE_NAME="61-rental-desk-printers.rules"
RULE_DIR="/etc/udev/rules.d"
GROUP="lp"

log() { echo "printer-setup: $*"; }
fail() { echo "printer-setup: error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --user)    TILL_USER="$2"; shift 2 ;;
        --vendor)  VENDOR_ID="$2"; shift 2 ;;
        --product) PRODUCT_ID="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

case "$VENDOR_ID$PRODUCT_ID" in
    *[!0-9a-fA-F]*) fail "vendor/product ids must be hex" ;;
esac

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

detect_printer() {
    if command -v lsusb >/dev/null 2>&1; then
        if lsusb | grep -qi "ID ${VENDOR_ID}:${PRODUCT_ID}"; then
            log "found receipt printer ${VENDOR_ID}:${PRODUCT_ID}"
        else
            log "receipt printer not plugged in; rule will apply when it is"
        fi
    fi
}

write_rule() {
    rule_text=$(cat <<EOF
# Rental desk printers - managed by receipt_printer_setup.sh
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="${GROUP}", SYMLINK+="rental-receipt"
SUBSYSTEM=="usb", ATTRS{idVendor}=="${LABEL_VENDOR_ID}", MODE="0660", GROUP="${GROUP}", SYMLINK+="rental-labels"
EOF
)
    printf '%s\n' "$rule_text" | as_root tee "${RULE_DIR}/${RULE_NAME}" >/dev/null
    as_root chmod 0644 "${RULE_DIR}/${RULE_NAME}"
    log "wrote ${RULE_DIR}/${RULE_NAME}"
}

grant_group() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "$TILL_USER already in $GROUP"
    else
        as_root usermod -aG "$GROUP" "$TILL_USER"
        log "added $TILL_USER to $GROUP (log out and back in to take effect)"
    fi
}

reload_rules() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --action=add
}

write_local_config() {
    cat > ./printers.ini <<EOF
[receipt]
device = /dev/rental-receipt
width_mm = 80

[labels]
device = /dev/rental-labels
template = instrument_tag_50x25
EOF
    log "wrote ./printers.ini for the rental tracker"
}

detect_printer
write_rule
grant_group
reload_rules
write_local_config
log "done"
