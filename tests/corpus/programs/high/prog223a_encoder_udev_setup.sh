#!/usr/bin/env bash
# encoder_udev_setup.sh - give front-desk users access to the USB key-card
# encoder without running the PMS client as root.
#
# Generates a udev rule for the encoder's vendor/product id, installs it under
# /etc/udev/rules.d with sudo and reloads udev so the device node gets the
# "keycard" group on the next plug-in.
set -euo pipefail

PROG=$(basename "$0")
VENDOR_ID="${VENDOR_ID:-1a2b}"
PRODUCT_ID="${PRODUCT_ID:-3c4d}"
GROUP="${ENCODER_GROUP:-keycard}"
RULE_NAME="99-keycard-encoder.rules"
BUILD_DIR="./build"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date +%T)" "$PROG" "$*" >&2; }

usage() {
    cat <<EOF
Usage: $PROG [-v vendor_id] [-p product_id] [-g group] [-n]
  -n  only generate the rule into $BUILD_DIR, do not install it
EOF
}

while getopts ":v:p:g:nh" opt; do
    case "$opt" in
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

detect_encoder() {
    if ! command -v lsusb >/dev/null 2>&1; then
        log "lsusb not found; using configured ids"
        return 0
    fi
    local found
    found=$(lsusb | awk -v id="${VENDOR_ID}:${PRODUCT_ID}" '$6 == id {print $0}')
    if [[ -n "$found" ]]; then
        log "encoder detected: $found"
    else
        log "encoder ${VENDOR_ID}:${PRODUCT_ID} not plugged in (rule still installed)"
    fi
}

generate_rule() {
    mkdir -p "$BUILD_DIR"
    VENDOR_ID="$VENDOR_ID" PRODUCT_ID="$PRODUCT_ID" GROUP="$GROUP" \
    python3 - > "$BUILD_DIR/$RULE_NAME" <<'PY'
import os
import re
import sys

vid = os.environ["VENDOR_ID"].lower()
pid = os.environ["PRODUCT_ID"].lower()
group = os.environ["GROUP"]
for label, value in (("vendor", vid), ("product", pid)):
    if not re.fullmatch(r"[0-9a-f]{4}", value):
        sys.exit(f"invalid {label} id: {value}")
if not re.fullmatch(r"[a-z_][a-z0-9_-]{0,31}", group):
    sys.exit(f"invalid group name: {group}")

print("# key-card encoder access for front-desk users")
for subsystem in ("usb", "tty", "hidraw"):
    print(f'SUBSYSTEM=="{subsystem}", ATTRS{{idVendor}}=="{vid}", '
          f'ATTRS{{idProduct}}=="{pid}", MODE="0660", GROUP="{group}"')
PY
    log "rule generated in $BUILD_DIR/$RULE_NAME"
}

install_rule() {
    if ! getent group "$GROUP" >/dev/null; then
        log "creating group $GROUP"
        sudo groupadd --system "$GROUP"
    fi
    sudo install -o root -g root -m 0644 "$BUILD_DIR/$RULE_NAME" "/etc/udev/rules.d/$RULE_NAME"
    log "installed /etc/udev/rules.d/$RULE_NAME"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"
    log "udev rules reloaded"
}

main() {
    detect_encoder
    generate_rule
    cat "$BUILD_DIR/$RULE_NAME" >&2
    if (( DRY_RUN )); then
        log "dry run: not installing"
        return 0
    fi
    install_rule
    log "add desk users with: usermod -aG $GROUP <user> (then log out and in)"
}

main
