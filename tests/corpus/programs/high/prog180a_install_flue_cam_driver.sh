#!/usr/bin/env bash
# Set up the USB flue inspection camera on a new office or van laptop.
# Loads the video driver, installs a udev rule so the camera gets a stable
# device name, and adds the current user to the video group.

set -euo pipefail

VENDOR_ID="${CAM_VENDOR_ID:-1b3f}"
PRODUCT_ID="${CAM_PRODUCT_ID:-2247}"
RULE_FILE=/etc/udev/rules.d/70-flue-camera.rules
MODULES_FILE=/etc/modules-load.d/flue-camera.conf
TARGET_USER="${SUDO_USER:-$USER}"

info() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [--check]
  --check   only report whether the camera is detected
EOF
}

camera_present() {
    lsusb -d "${VENDOR_ID}:${PRODUCT_ID}" >/dev/null 2>&1
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    usage
    exit 0
fi

if [[ "${1:-}" == "--check" ]]; then
    if camera_present; then
        echo "camera detected (${VENDOR_ID}:${PRODUCT_ID})"
    else
        echo "camera not detected"
    fi
    exit 0
fi

info "loading uvcvideo driver"
sudo modprobe uvcvideo
echo uvcvideo | sudo tee "$MODULES_FILE" >/dev/null

info "installing udev rule at $RULE_FILE"
sudo tee "$RULE_FILE" >/dev/null <<EOF
# Flue inspection camera - installed by $(basename "$0") on $(date +%F)
SUBSYSTEM=="video4linux", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="fluecam", MODE="0660", GROUP="video"
EOF
sudo chmod 0644 "$RULE_FILE"

info "reloading udev"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=video4linux

if id -nG "$TARGET_USER" | grep -qw video; then
    info "$TARGET_USER already in video group"
else
    info "adding $TARGET_USER to video group (log out and back in afterwards)"
    sudo usermod -aG video "$TARGET_USER"
fi

if camera_present; then
    info "camera detected; it should appear as /dev/fluecam"
else
    warn "camera not plugged in; plug it in and run with --check"
fi
