#!/usr/bin/env bash
# Sets up the USB smart-card reader used for the card terminal at the
# front desk (ACS ACR122U). Needs admin rights on the shop PC.
set -euo pipefail

VENDOR_ID="${READER_VENDOR_ID:-072f}"
PRODUCT_ID="${READER_PRODUCT_ID:-2200}"
SHOP_GROUP="${SHOP_GROUP:-frontdesk}"
RULES_FILE="/etc/udev/rules.d/60-shop-card-reader.rules"
BLACKLIST_FILE="/etc/modprobe.d/shop-card-reader-blacklist.conf"

log() { echo "[card-reader] $*"; }

check_reader() {
    if lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        log "reader detected (${VENDOR_ID}:${PRODUCT_ID})"
    else
        log "reader not plugged in - continuing anyway"
    fi
}

install_packages() {
    log "installing pcsc packages"
    sudo apt-get update -qq
    sudo apt-get install -y -qq pcscd pcsc-tools libccid
}

blacklist_nfc_modules() {
    log "blacklisting kernel NFC modules that grab the reader"
    sudo tee "$BLACKLIST_FILE" >/dev/null <<CONF
blacklist pn533_usb
blacklist pn533
blacklist nfc
CONF
    for mod in pn533_usb pn533 nfc; do
        if lsmod | grep -q "^${mod} "; then
            sudo modprobe -r "$mod" || log "could not unload $mod"
        fi
    done
}

install_udev_rule() {
    log "writing udev rule $RULES_FILE"
    if ! getent group "$SHOP_GROUP" >/dev/null; then
        sudo groupadd "$SHOP_GROUP"
    fi
    sudo tee "$RULES_FILE" >/dev/null <<RULE
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="${SHOP_GROUP}"
RULE
    sudo chmod 0644 "$RULES_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger
}

restart_pcscd() {
    log "restarting pcscd"
    sudo systemctl restart pcscd
    sudo systemctl --no-pager status pcscd | head -n 5 || true
}

main() {
    check_reader
    install_packages
    blacklist_nfc_modules
    install_udev_rule
    restart_pcscd
    log "done - run 'pcsc_scan' to test the reader"
}

main "$@"
