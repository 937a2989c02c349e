#!/bin/sh
# weighbridge_serial_setup.sh - prepare the intake PC for the weigh-bridge
# indicator (RS-232 over a USB adapter).
#
# Gives the indicator a stable device name (/dev/weighbridge) whatever
# ttyUSB number it gets after a reboot, and lets the intake user open it
# without root. Run once per intake PC, from the intake user's session.
#
#   sh weighbridge_serial_setup.sh [vendor:product] [group]
set -eu

IDS="${1:-}"
GROUP="${2:-dialout}"
RULE_NAME="99-weighbridge.rules"
RULE_DIR="/etc/udev/rules.d"
LINK_NAME="weighbridge"
TARGET_USER="${SUDO_USER:-${USER:-$(id -un)}}"

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        warn "need root for: $*"
        return 1
    fi
}

detect_adapter() {
    # pick the first USB serial adapter we know the indicators ship with
    for dev in /sys/bus/usb-serial/devices/*; do
        [ -e "$dev" ] || continue
        usbdir=$(readlink -f "$dev/../..")
        vid=$(cat "$usbdir/idVendor" 2>/dev/null || true)
        pid=$(cat "$usbdir/idProduct" 2>/dev/null || true)
        case "$vid:$pid" in
            0403:6001|067b:2303|1a86:7523|10c4:ea60)
                echo "$vid:$pid"
                return 0 ;;
        esac
    done
    return 1
}

if [ -z "$IDS" ]; then
    IDS=$(detect_adapter) || { warn "no known USB-serial adapter found; pass vendor:product"; exit 1; }
fi
VID=${IDS%%:*}
PID=${IDS##*:}
say "using adapter $VID:$PID for user $TARGET_USER (group $GROUP)"

RULE="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VID\", ATTRS{idProduct}==\"$PID\", SYMLINK+=\"$LINK_NAME\", GROUP=\"$GROUP\", MODE=\"0660\""

if [ -f "$RULE_DIR/$RULE_NAME" ] && grep -qF "$RULE" "$RULE_DIR/$RULE_NAME"; then
    say "udev rule already present"
else
    say "writing $RULE_DIR/$RULE_NAME"
    printf '# weigh-bridge indicator, added %s\n%s\n' "$(date +%F)" "$RULE" \
        | as_root tee "$RULE_DIR/$RULE_NAME" >/dev/null
    as_root chmod 0644 "$RULE_DIR/$RULE_NAME"
fi

say "reloading udev"
as_root udevadm control --reload-rules
as_root udevadm trigger --subsystem-match=tty --action=add

if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    say "$TARGET_USER already in $GROUP"
else
    say "adding $TARGET_USER to $GROUP (log out and back in afterwards)"
    as_root usermod -aG "$GROUP" "$TARGET_USER"
fi

sleep 1
if [ -e "/dev/$LINK_NAME" ]; then
    say "indicator available as /dev/$LINK_NAME -> $(readlink -f /dev/$LINK_NAME)"
else
    warn "/dev/$LINK_NAME not there yet - unplug and replug the adapter"
fi
