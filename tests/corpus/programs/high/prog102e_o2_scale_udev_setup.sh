#!/bin/sh
# o2_scale_udev_setup.sh - set up the USB cylinder scale used for gas stock checks
#
# The station stock PC weighs returned O2/Entonox cylinders on a USB-serial
# platform scale to estimate remaining contents.  This installs a udev rule
# that gives the scale a stable /dev/cylscale name, puts the stock clerk in
# the dialout group and reloads udev so the gas stock tracker can find it.
#
#   o2_scale_udev_setup.sh [-u user] [-v vendor:product]

set -e

SCALE_ID="0403:6001"        # FTDI bridge inside the scale
CLERK="${SUDO_USER:-$(id -un)}"
RULE=/etc/udev/rules.d/72-cylinder-scale.rules
LINK=cylscale

note() { echo "o2-scale: $*"; }
fail() { echo "o2-scale: $*" >&2; exit 1; }

while getopts "u:v:" opt; do
    case $opt in
        u) CLERK=$OPTARG ;;
        v) SCALE_ID=$OPTARG ;;
        *) fail "usage: $0 [-u user] [-v vendor:product]" ;;
    esac
done

VID=${SCALE_ID%%:*}
PID=${SCALE_ID##*:}
case "$VID$PID" in
    *[!0-9a-fA-F]*|"") fail "bad vendor:product '$SCALE_ID'" ;;
esac

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

write_rule() {
    tmp=$(mktemp "${TMPDIR:-.}/scale-rule.XXXXXX")
    cat > "$tmp" <<EOF
# cylinder scale for medical gas stock checks
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VID", ATTRS{idProduct}=="$PID", SYMLINK+="$LINK", GROUP="dialout", MODE="0660"
EOF
    if [ -f "$RULE" ] && cmp -s "$tmp" "$RULE"; then
        note "rule already current"
        rm -f "$tmp"
        return 1
    fi
    as_root install -o root -g root -m 0644 "$tmp" "$RULE"
    rm -f "$tmp"
    note "installed $RULE"
}

add_clerk() {
    if id -nG "$CLERK" | tr ' ' '\n' | grep -qx dialout; then
        note "$CLERK already in dialout"
    else
        as_root usermod -aG dialout "$CLERK"
        note "added $CLERK to dialout (log out and back in to take effect)"
    fi
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
    sleep 1
    if [ -e "/dev/$LINK" ]; then
        note "scale present at /dev/$LINK -> $(readlink -f /dev/$LINK)"
    else
        note "scale not detected; plug it in and check 'lsusb' for $SCALE_ID"
    fi
}

command -v udevadm >/dev/null 2>&1 || fail "udevadm not found"
if write_rule; then
    reload_udev
fi
add_clerk
note "done"
