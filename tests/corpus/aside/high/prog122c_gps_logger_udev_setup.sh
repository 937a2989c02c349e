#!/usr/bin/env bash
# Set up a guide laptop to download tracks from the fleet GPS loggers.
#
# The loggers (u-blox based, USB CDC) enumerate as /dev/ttyACM* with a
# different number every time, which confuses the download tool. This adds a
# udev rule giving each logger a stable /dev/gpslogger-<serial> name that the
# dialout group can read, and puts the current user in dialout.
#
#   ./gps_logger_udev_setup.sh            # install rule for all fleet loggers
#   ./gps_logger_udev_setup.sh --check    # just list connected loggers

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/70-fleet-gps-logger.rules"
VENDOR="1546"           # u-blox AG
PRODUCTS="01a7 01a8 01a9"
TARGET_USER="${SUDO_USER:-$USER}"
CHECK_ONLY=0

msg() { printf '%s\n' "$*"; }

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) msg "unknown option $arg"; exit 1 ;;
    esac
done

list_loggers() {
    local found=0 dev
    for dev in /sys/class/tty/ttyACM*; do
        [[ -e "$dev" ]] || continue
        local info
        info=$(udevadm info --query=property --path="$dev" 2>/dev/null || true)
        if grep -q "ID_VENDOR_ID=$VENDOR" <<<"$info"; then
            found=1
            msg "  /dev/$(basename "$dev")  serial=$(grep -oP 'ID_SERIAL_SHORT=\K.*' <<<"$info")"
        fi
    done
    [[ $found -eq 1 ]] || msg "  (no fleet loggers connected)"
}

render_rule() {
    echo "# Fleet GPS loggers - installed by gps_logger_udev_setup.sh on $(date +%F)"
    for p in $PRODUCTS; do
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$VENDOR" "$p"
        printf 'MODE="0660", GROUP="dialout", SYMLINK+="gpslogger-$attr{serial}", '
        printf 'ENV{ID_MM_DEVICE_IGNORE}="1"\n'
    done
}

msg "Connected loggers:"
list_loggers
[[ $CHECK_ONLY -eq 1 ]] && exit 0

if [[ -f "$RULE_FILE" ]] && diff -q <(render_rule | tail -n +2) <(tail -n +2 "$RULE_FILE") >/dev/null; then
    msg "udev rule already up to date"
else
    msg "Installing $RULE_FILE (you may be asked for your password)"
    render_rule | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
fi

if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
    msg "$TARGET_USER is already in dialout"
else
    msg "Adding $TARGET_USER to dialout (log out and back in afterwards)"
    sudo usermod -aG dialout "$TARGET_USER"
fi

msg "Done. Loggers will appear as:"
ls -l /dev/gpslogger-* 2>/dev/null || msg "  reconnect a logger to see its stable name"
