#!/usr/bin/env bash
# install_dmx_udev_rule.sh - give the lighting desk user access to USB-DMX dongles.
#
# The Enttec-style USB Pro interfaces enumerate as FTDI serial devices and
# come up root-only, so the desk software cannot open them. This installs a
# udev rule with a stable /dev/dmx-usb-N symlink and group access, adds the
# operator to the dialout group, and reloads udev.
#
# Usage: install_dmx_udev_rule.sh [-u user] [-g group] [-n]   (-n = show only)

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/60-usb-dmx.rules"
TARGET_USER="${SUDO_USER:-$USER}"
GROUP="dialout"
DRY_RUN=0
VENDOR="0403"
PRODUCT="6001"

log() { printf '[%s] %s\n' "$1" "$2" >&2; }

while getopts ":u:g:nh" opt; do
    case "$opt" in
        u) TARGET_USER="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) log ERROR "unknown option"; exit 2 ;;
    esac
done

id "$TARGET_USER" >/dev/null 2>&1 || { log ERROR "no such user: $TARGET_USER"; exit 1; }
getent group "$GROUP" >/dev/null || { log ERROR "no such group: $GROUP"; exit 1; }

if command -v lsusb >/dev/null; then
    if lsusb -d "${VENDOR}:${PRODUCT}" >/dev/null 2>&1; then
        log INFO "USB-DMX interface detected:"
        lsusb -d "${VENDOR}:${PRODUCT}" >&2
    else
        log WARN "no ${VENDOR}:${PRODUCT} device plugged in; installing rule anyway"
    fi
fi

RULE=$(cat <<RULES
# USB-DMX interfaces (FTDI ${VENDOR}:${PRODUCT}) for the lighting desk
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", GROUP="${GROUP}", MODE="0660", SYMLINK+="dmx-usb-%n"
RULES
)

if [[ $DRY_RUN -eq 1 ]]; then
    log INFO "would write ${RULE_FILE}:"
    printf '%s\n' "$RULE"
    log INFO "would add ${TARGET_USER} to ${GROUP} and reload udev"
    exit 0
fi

if [[ -f "$RULE_FILE" ]] && [[ "$(cat "$RULE_FILE")" == "$RULE" ]]; then
    log INFO "rule already up to date"
else
    if [[ -f "$RULE_FILE" ]]; then
        cp "$RULE_FILE" "./$(basename "$RULE_FILE").bak"
        log INFO "previous rule saved to ./$(basename "$RULE_FILE").bak"
    fi
    printf '%s\n' "$RULE" | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
    log INFO "wrote $RULE_FILE"
fi

if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log INFO "$TARGET_USER is already in $GROUP"
else
    sudo usermod -aG "$GROUP" "$TARGET_USER"
    log INFO "added $TARGET_USER to $GROUP (log out and back in to take effect)"
fi

sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty --action=add
sleep 1
ls -l /dev/dmx-usb-* 2>/dev/null || log WARN "no /dev/dmx-usb-* yet; replug the interface"
log INFO "done"
