#!/bin/sh
# gps_dongle_udev_setup.sh - one-off setup for a new gritter cab PC.
#
# Gives the u-blox GPS puck and the spreader controller's FTDI cable stable
# names (/dev/grit-gps, /dev/grit-spreader) so the route logger config is the
# same on every truck, and lets the driver account read them.
#
# Usage: ./gps_dongle_udev_setup.sh [driver-account]
#
# Vendor/product IDs can be overridden with GPS_VID/GPS_PID and
# SPR_VID/SPR_PID if a truck has a different puck fitted.

set -eu

ACCOUNT="${1:-driver}"
GPS_VID="${GPS_VID:-1546}"
GPS_PID="${GPS_PID:-01a8}"
SPR_VID="${SPR_VID:-0403}"
SPR_PID="${SPR_PID:-6001}"
RULES_NAME="72-grit-cab.rules"
RULES_DIR="/etc/udev/rules.d"
STAGE="./$RULES_NAME"

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'setup failed: %s\n' "$*" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    command -v sudo >/dev/null 2>&1 || fail "sudo is required"
    SUDO="sudo"
fi

id "$ACCOUNT" >/dev/null 2>&1 || fail "no such account: $ACCOUNT"

info "detected USB devices:"
if command -v lsusb >/dev/null 2>&1; then
    lsusb | grep -Ei "$GPS_VID:$GPS_PID|$SPR_VID:$SPR_PID" || echo "   (puck/controller not plugged in yet)"
fi

info "writing rules to $STAGE"
cat > "$STAGE" <<EOF
# Gritter cab devices - managed by gps_dongle_udev_setup.sh
SUBSYSTEM=="tty", ATTRS{idVendor}=="$GPS_VID", ATTRS{idProduct}=="$GPS_PID", SYMLINK+="grit-gps", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="$SPR_VID", ATTRS{idProduct}=="$SPR_PID", SYMLINK+="grit-spreader", GROUP="dialout", MODE="0660"
# stop ModemManager probing the puck and confusing the NMEA stream
ATTRS{idVendor}=="$GPS_VID", ATTRS{idProduct}=="$GPS_PID", ENV{ID_MM_DEVICE_IGNORE}="1"
EOF

if [ -f "$RULES_DIR/$RULES_NAME" ] && cmp -s "$STAGE" "$RULES_DIR/$RULES_NAME"; then
    info "rules already installed and unchanged"
else
    info "installing $RULES_DIR/$RULES_NAME"
    $SUDO install -o root -g root -m 0644 "$STAGE" "$RULES_DIR/$RULES_NAME"
fi

info "adding $ACCOUNT to dialout"
if id -nG "$ACCOUNT" | tr ' ' '\n' | grep -qx dialout; then
    echo "   already a member"
else
    $SUDO usermod -aG dialout "$ACCOUNT"
    echo "   $ACCOUNT must log out and back in"
fi

info "reloading udev"
$SUDO udevadm control --reload-rules
$SUDO udevadm trigger --subsystem-match=tty --action=add

sleep 2
for link in /dev/grit-gps /dev/grit-spreader; do
    if [ -e "$link" ]; then
        printf '   %-20s -> %s\n' "$link" "$(readlink -f "$link")"
    else
        printf '   %-20s missing (device not connected?)\n' "$link"
    fi
done

rm -f "$STAGE"
info "done; set GRIT_GPS_DEVICE=/dev/grit-gps in the route logger config"
