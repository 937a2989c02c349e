#!/usr/bin/env bash
# headset_udev_setup.sh - let the softphone drive USB headset call buttons.
#
# Agent desktops run the softphone as the logged-in user, which cannot open
# the headset's hidraw node by default, so answer/hang-up/mute buttons do
# nothing.  This writes a udev rule granting the "agents" group access to
# the supported headset vendors and re-triggers the devices already plugged in.
#
# Usage: headset_udev_setup.sh [--group agents] [--vendors vendors.list] [--check]
set -euo pipefail

GROUP="agents"
VENDOR_FILE=""
CHECK_ONLY=0
RULE_NAME="70-callcentre-headsets.rules"
RULE_DIR="/etc/udev/rules.d"

# vendor-id  label
DEFAULT_VENDORS=$'0b0e Jabra\n047f Poly-Plantronics\n1395 EPOS-Sennheiser\n046d Logitech\n1e45 Yealink'

info() { echo "headset-setup: $*"; }
die()  { echo "headset-setup: error: $*" >&2; exit 1; }

while (( $# )); do
    case "$1" in
        --group)   GROUP="$2"; shift 2 ;;
        --vendors) VENDOR_FILE="$2"; shift 2 ;;
        --check)   CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done

vendors() {
    if [[ -n "$VENDOR_FILE" ]]; then
        [[ -r "$VENDOR_FILE" ]] || die "cannot read $VENDOR_FILE"
        grep -Ev '^\s*(#|$)' "$VENDOR_FILE"
    else
        printf '%s\n' "$DEFAULT_VENDORS"
    fi
}

render_rules() {
    echo "# Managed by headset_udev_setup.sh on $(hostname) $(date -Is)"
    echo "# Grants group '$GROUP' access to headset HID controls."
    vendors | while read -r vid label; do
        [[ "$vid" =~ ^[0-9a-fA-F]{4}$ ]] || { echo "skipping bad vendor id '$vid'" >&2; continue; }
        echo "# $label"
        echo "KERNEL==\"hidraw*\", ATTRS{idVendor}==\"${vid,,}\", MODE=\"0660\", GROUP=\"$GROUP\", TAG+=\"uaccess\""
        echo "SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"${vid,,}\", MODE=\"0664\", GROUP=\"$GROUP\""
    done
}

show_connected() {
    local found=0 dev
    for dev in /sys/class/hidraw/hidraw*; do
        [[ -e "$dev" ]] || continue
        local uevent="$dev/device/uevent"
        if grep -qiE "HID_ID=.*:0000($(vendors | awk '{print $1}' | paste -sd'|'))" "$uevent" 2>/dev/null; then
            info "connected: /dev/$(basename "$dev") $(grep HID_NAME "$uevent" | cut -d= -f2-)"
            found=1
        fi
    done
    (( found )) || info "no supported headset currently connected"
}

getent group "$GROUP" >/dev/null || die "group '$GROUP' does not exist"

NEW_RULES="$(render_rules)"
if [[ "$CHECK_ONLY" -eq 1 ]]; then
    printf '%s\n' "$NEW_RULES"
    show_connected
    exit 0
fi

if [[ -f "$RULE_DIR/$RULE_NAME" ]] && diff -q <(grep -v '^# Managed' "$RULE_DIR/$RULE_NAME") \
        <(printf '%s\n' "$NEW_RULES" | grep -v '^# Managed') >/dev/null; then
    info "rules already current"
else
    SUDO=""
    [[ $EUID -ne 0 ]] && SUDO="sudo"
    printf '%s\n' "$NEW_RULES" | $SUDO tee "$RULE_DIR/$RULE_NAME" >/dev/null
    $SUDO chmod 0644 "$RULE_DIR/$RULE_NAME"
    info "wrote $RULE_DIR/$RULE_NAME"
    $SUDO udevadm control --reload-rules
    $SUDO udevadm trigger --subsystem-match=hidraw --action=change
    $SUDO udevadm settle --timeout=10 || true
fi

show_connected
info "agents may need to re-plug the headset or restart the softphone"
