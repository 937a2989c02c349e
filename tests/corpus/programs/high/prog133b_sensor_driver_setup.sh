#!/usr/bin/env bash
# Prepare an operatory PC for the USB intraoral x-ray sensor.
#
# The sensor enumerates as a vendor-specific USB device. Out of the box only
# root can open it, so the capture software fails with "device busy". This
# script loads the USB serial driver the sensor needs and installs a device
# rule that gives the imaging group access.
set -euo pipefail

VENDOR_ID="${SENSOR_VENDOR:-0b6a}"
PRODUCT_ID="${SENSOR_PRODUCT:-5346}"
GROUP="${SENSOR_GROUP:-imaging}"
RULE_NAME="70-intraoral-sensor.rules"
RULE_DIR="/etc/udev/rules.d"
MODULES=(usbserial cdc_acm)

info() { echo "[sensor-setup] $*"; }
fail() { echo "[sensor-setup] ERROR: $*" >&2; exit 1; }

# run a command as root, using whichever elevation helper this PC has
as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        fail "need root to run: $*"
    fi
}

sensor_present() {
    lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        info "creating group $GROUP"
        as_root groupadd "$GROUP"
    fi
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        info "adding $USER to $GROUP (log out and back in afterwards)"
        as_root usermod -aG "$GROUP" "$USER"
    fi
}

load_drivers() {
    for mod in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$mod"; then
            info "driver $mod already loaded"
        else
            info "loading driver $mod"
            as_root modprobe "$mod"
        fi
    done
    # let the serial driver claim the sensor's ids
    local id_file="/sys/bus/usb-serial/drivers/generic/new_id"
    if [[ -e "$id_file" ]]; then
        echo "$VENDOR_ID $PRODUCT_ID" | as_root tee "$id_file" >/dev/null || true
    fi
}

install_rule() {
    local rule
    rule="SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", MODE=\"0660\", GROUP=\"$GROUP\""
    info "installing $RULE_DIR/$RULE_NAME"
    printf '%s\n' "$rule" | as_root tee "$RULE_DIR/$RULE_NAME" >/dev/null
    as_root chmod 0644 "$RULE_DIR/$RULE_NAME"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb
}

main() {
    info "vendor=$VENDOR_ID product=$PRODUCT_ID group=$GROUP"
    if ! sensor_present; then
        info "sensor not plugged in; continuing so it works when it is"
    fi
    ensure_group
    load_drivers
    install_rule
    info "done. Replug the sensor and start the capture software."
}

main "$@"
