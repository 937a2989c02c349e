#!/usr/bin/env bash
# Install the udev rule so the weigh-in scale (USB serial) is readable by the
# front-desk user without root, with a stable /dev/weighin-scale symlink.
# Run once on each weigh-in laptop before fight night.
set -euo pipefail

VENDOR_ID="${SCALE_VENDOR_ID:-0403}"
PRODUCT_ID="${SCALE_PRODUCT_ID:-6001}"
GROUP="${SCALE_GROUP:-weighin}"
RULE_FILE="/etc/udev/rules.d/70-ironside-weighin-scale.rules"
DESK_USER="${DESK_USER:-$(id -un)}"

say() { echo "[scale-setup] $*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { say "missing command: $1"; exit 1; }
}

need udevadm
need sudo

usage() {
    echo "Usage: $(basename "$0") [--check]"
    echo "  --check   only show whether the scale is visible"
}

check_scale() {
    if lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        say "scale detected on USB (${VENDOR_ID}:${PRODUCT_ID})"
        return 0
    fi
    say "scale not plugged in (rule will still be installed)"
    return 1
}

if [[ "${1:-}" == "--check" ]]; then
    check_scale || true
    ls -l /dev/weighin-scale 2>/dev/null || say "no /dev/weighin-scale yet"
    exit 0
fi

check_scale || true

# Group for people allowed to read the scale.
if ! getent group "$GROUP" >/dev/null; then
    say "creating group $GROUP"
    sudo groupadd --system "$GROUP"
fi
if ! id -nG "$DESK_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    say "adding $DESK_USER to $GROUP"
    sudo usermod -aG "$GROUP" "$DESK_USER"
fi

say "writing $RULE_FILE"
sudo tee "$RULE_FILE" >/dev/null <<EOF
# Ironside Boxing - weigh-in scale (installed $(date +%F))
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", \\
    MODE="0660", GROUP="${GROUP}", SYMLINK+="weighin-scale"
EOF
sudo chmod 0644 "$RULE_FILE"

say "reloading udev"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty

sleep 1
if [[ -e /dev/weighin-scale ]]; then
    say "ok: $(ls -l /dev/weighin-scale)"
else
    say "rule installed; replug the scale if the symlink does not appear"
fi
say "log out and back in so the new group membership applies"
