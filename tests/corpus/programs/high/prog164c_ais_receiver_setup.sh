#!/bin/bash
# Set up the AIS receiver dongle on the harbour control-room PC.
# Adds a stable device name, raises UDP buffers for the NMEA feed and
# restarts gpsd so it picks up the receiver.

set -euo pipefail

VENDOR_ID="${AIS_VENDOR_ID:-0403}"
PRODUCT_ID="${AIS_PRODUCT_ID:-6001}"
DEVICE_LINK="ais0"
UDEV_RULE=/etc/udev/rules.d/99-harbour-ais.rules
SYSCTL_CONF=/etc/sysctl.d/60-harbour-ais.conf
GPSD_DEFAULTS=/etc/default/gpsd
RMEM="${AIS_RMEM:-8388608}"

info() { echo "==> $*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing $1" >&2; exit 1; }
}

check_device() {
    if lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        info "receiver ${VENDOR_ID}:${PRODUCT_ID} present"
    else
        echo "receiver not plugged in (looked for ${VENDOR_ID}:${PRODUCT_ID})" >&2
        exit 1
    fi
}

install_udev_rule() {
    info "writing $UDEV_RULE"
    sudo tee "$UDEV_RULE" >/dev/null <<RULE
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="$DEVICE_LINK", GROUP="dialout", MODE="0660"
RULE
    sudo chmod 644 "$UDEV_RULE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
}

tune_buffers() {
    info "raising UDP receive buffers to $RMEM"
    sudo sysctl -w net.core.rmem_max="$RMEM"
    sudo sysctl -w net.core.rmem_default="$((RMEM / 4))"
    printf 'net.core.rmem_max = %s\nnet.core.rmem_default = %s\n' \
        "$RMEM" "$((RMEM / 4))" | sudo tee "$SYSCTL_CONF" >/dev/null
}

configure_gpsd() {
    if [ ! -f "$GPSD_DEFAULTS" ]; then
        info "gpsd defaults not found, skipping"
        return
    fi
    info "pointing gpsd at /dev/$DEVICE_LINK"
    sudo cp "$GPSD_DEFAULTS" "$GPSD_DEFAULTS.bak.$(date +%s)"
    sudo sed -i "s|^DEVICES=.*|DEVICES=\"/dev/$DEVICE_LINK\"|" "$GPSD_DEFAULTS"
    sudo systemctl restart gpsd
    systemctl --no-pager status gpsd | head -n 5
}

add_operator() {
    local user="${SUDO_USER:-$USER}"
    if ! id -nG "$user" | grep -qw dialout; then
        info "adding $user to dialout"
        sudo usermod -aG dialout "$user"
    fi
}

verify() {
    sleep 2
    if [ -e "/dev/$DEVICE_LINK" ]; then
        info "/dev/$DEVICE_LINK -> $(readlink -f /dev/$DEVICE_LINK)"
    else
        echo "warning: /dev/$DEVICE_LINK not created yet; replug the receiver" >&2
    fi
}

need lsusb
need udevadm
check_device
install_udev_rule
tune_buffers
configure_gpsd
add_operator
verify
info "AIS receiver ready"
