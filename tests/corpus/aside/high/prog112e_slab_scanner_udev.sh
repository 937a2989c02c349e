#!/usr/bin/env bash
# Set up the slab imaging scanner on a bench PC.
#
# The slab scanner (a repurposed flatbed with a fixed-focus head) shows up as
# a generic USB device; SANE only picks it up for non-root users once a udev
# rule grants the scanner group access.  This script finds the device, writes
# the rule, reloads udev and adds the current user to the group.
#
# Usage: slab_scanner_udev.sh [--vendor 04a9] [--product 1909] [--group scanner]
set -euo pipefail

VENDOR=""
PRODUCT=""
GROUP="scanner"
RULE_FILE="/etc/udev/rules.d/60-slab-scanner.rules"
KNOWN_IDS="04a9:1909 04a9:190a 04b8:013a 03f0:4d17"

log() { echo "slab-scanner: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --vendor)  VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --group)   GROUP="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown argument: $1"; exit 2 ;;
    esac
done

detect_device() {
    local id
    command -v lsusb >/dev/null || { log "lsusb missing (install usbutils)"; return 1; }
    for id in $KNOWN_IDS; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            VENDOR="${id%%:*}"
            PRODUCT="${id##*:}"
            log "found scanner $id: $(lsusb -d "$id" | cut -d' ' -f7-)"
            return 0
        fi
    done
    return 1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"${VENDOR}\", ATTRS{idProduct}==\"${PRODUCT}\", MODE=\"0664\", GROUP=\"${GROUP}\", ENV{libsane_matched}=\"yes\""
    if [ -f "$RULE_FILE" ] && grep -qF "$rule" "$RULE_FILE"; then
        log "rule already present in $RULE_FILE"
        return 0
    fi
    printf '# slab imaging scanner (written by slab_scanner_udev.sh)\n%s\n' "$rule" \
        | as_root tee "$RULE_FILE" >/dev/null
    log "wrote $RULE_FILE"
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR"
}

ensure_group() {
    getent group "$GROUP" >/dev/null || as_root groupadd --system "$GROUP"
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        as_root usermod -aG "$GROUP" "$USER"
        log "added $USER to $GROUP (log out and back in to take effect)"
    fi
}

main() {
    if [ -z "$VENDOR" ] || [ -z "$PRODUCT" ]; then
        detect_device || { log "no known scanner connected; pass --vendor/--product"; exit 1; }
    fi
    ensure_group
    write_rule
    reload_udev
    if command -v scanimage >/dev/null; then
        scanimage -L || true
    fi
    log "done"
}

main
