#!/usr/bin/env bash
# install_autoclave_usb_rule.sh - let the front-desk PC read the autoclave
# data logger over USB without running the log importer as root.
#
# The autoclave's USB data logger shows up as a CDC serial device owned by
# root. This installs a udev rule that gives the "sterilisation" group
# read/write access and a stable /dev/autoclave-<serial> symlink, then
# reloads udev and re-triggers the device.

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/70-autoclave-logger.rules"
GROUP_NAME="sterilisation"
VENDOR_ID="${AUTOCLAVE_VID:-2e8a}"
PRODUCT_ID="${AUTOCLAVE_PID:-000a}"
TARGET_USER="${SUDO_USER:-$USER}"
DRY_RUN=0

log() { printf '%s [udev-setup] %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vid) VENDOR_ID="$2"; shift 2 ;;
        --pid) PRODUCT_ID="$2"; shift 2 ;;
        --user) TARGET_USER="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help)
            echo "Usage: $0 [--vid XXXX] [--pid XXXX] [--user name] [--dry-run]"
            exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ "$VENDOR_ID" =~ ^[0-9a-f]{4}$ ]] || die "vendor id must be 4 hex digits"
[[ "$PRODUCT_ID" =~ ^[0-9a-f]{4}$ ]] || die "product id must be 4 hex digits"
id "$TARGET_USER" >/dev/null 2>&1 || die "no such user $TARGET_USER"

render_rule() {
    cat <<EOF
# Autoclave USB data logger - installed by install_autoclave_usb_rule.sh
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
    GROUP="$GROUP_NAME", MODE="0660", SYMLINK+="autoclave-%s{serial}"
EOF
}

detect_device() {
    if command -v lsusb >/dev/null 2>&1; then
        if lsusb -d "$VENDOR_ID:$PRODUCT_ID" >/dev/null 2>&1; then
            log "logger detected: $(lsusb -d "$VENDOR_ID:$PRODUCT_ID")"
            return 0
        fi
        log "logger $VENDOR_ID:$PRODUCT_ID not plugged in; rule will apply on next plug"
    fi
    return 0
}

if [[ "$DRY_RUN" -eq 1 ]]; then
    log "dry run - would write $RULE_FILE:"
    render_rule
    exit 0
fi

detect_device

if ! getent group "$GROUP_NAME" >/dev/null; then
    log "creating group $GROUP_NAME"
    sudo groupadd --system "$GROUP_NAME"
fi

if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP_NAME"; then
    log "adding $TARGET_USER to $GROUP_NAME (log out and back in to take effect)"
    sudo usermod -aG "$GROUP_NAME" "$TARGET_USER"
fi

if [[ -f "$RULE_FILE" ]] && diff -q <(render_rule) "$RULE_FILE" >/dev/null; then
    log "rule already up to date"
else
    log "writing $RULE_FILE"
    render_rule | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
fi

log "reloading udev rules"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty --action=add

sleep 1
if ls /dev/autoclave-* >/dev/null 2>&1; then
    ls -l /dev/autoclave-*
    log "done"
else
    log "rule installed; plug the logger in to create /dev/autoclave-<serial>"
fi
