#!/bin/sh
# gnss_receiver_udev_setup.sh - give GNSS receivers a stable device name
#
# Plug in the receiver (u-blox F9P, Septentrio mosaic, Emlid Reach) and run.
# Creates /dev/gnss-<name> symlinks via a udev rule keyed on vendor/product
# and serial, so RTKLIB/str2str configs survive replugging, and makes sure
# the current user can open serial ports.
#
# usage: gnss_receiver_udev_setup.sh [-n NAME] [-y]

set -eu

NAME="base"
ASSUME_YES=0
RULES_FILE="/etc/udev/rules.d/60-gnss-receivers.rules"
TARGET_USER="${SUDO_USER:-$(id -un)}"

while getopts "n:yh" opt; do
    case "$opt" in
        n) NAME="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }

# vendor:product pairs we know about
KNOWN="1546:01a9 1546:01a8 152a:85c0 0403:6015 10c4:ea60"

find_receiver() {
    for dev in /sys/bus/usb/devices/*; do
        [ -f "$dev/idVendor" ] || continue
        vid=$(cat "$dev/idVendor"); pid=$(cat "$dev/idProduct")
        for k in $KNOWN; do
            if [ "$vid:$pid" = "$k" ]; then
                serial=$(cat "$dev/serial" 2>/dev/null || echo "")
                product=$(cat "$dev/product" 2>/dev/null || echo "unknown")
                echo "$vid $pid $serial $product"
                return 0
            fi
        done
    done
    return 1
}

info=$(find_receiver) || { echo "no known GNSS receiver on USB" >&2; exit 1; }
set -- $info
VID=$1; PID=$2; SERIAL=$3; shift 3; PRODUCT="$*"
say "found $PRODUCT ($VID:$PID serial ${SERIAL:-none})"

RULE="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VID\", ATTRS{idProduct}==\"$PID\""
[ -n "$SERIAL" ] && RULE="$RULE, ATTRS{serial}==\"$SERIAL\""
RULE="$RULE, SYMLINK+=\"gnss-$NAME\", GROUP=\"dialout\", MODE=\"0660\""

if [ "$ASSUME_YES" -ne 1 ]; then
    printf 'Add rule for gnss-%s to %s? [y/N] ' "$NAME" "$RULES_FILE"
    read -r ans
    case "$ans" in y|Y) ;; *) echo "aborted"; exit 0 ;; esac
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if [ -f "$RULES_FILE" ]; then
    grep -v "gnss-$NAME\"" "$RULES_FILE" > "$tmp" || true
fi
echo "# $PRODUCT, added $(date +%F) by $TARGET_USER" >> "$tmp"
echo "$RULE" >> "$tmp"

say "installing $RULES_FILE"
sudo install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty --action=add

if ! id -nG "$TARGET_USER" | grep -qw dialout; then
    say "adding $TARGET_USER to dialout (log out and back in afterwards)"
    sudo usermod -aG dialout "$TARGET_USER"
fi

sleep 1
if [ -e "/dev/gnss-$NAME" ]; then
    say "/dev/gnss-$NAME -> $(readlink -f "/dev/gnss-$NAME")"
else
    say "rule installed; replug the receiver to create /dev/gnss-$NAME"
fi
