#!/bin/sh
# keycard_usb_setup.sh - prepare a front-desk PC for the USB key-card encoder.
#
# Installs a udev rule so the encoder shows up as /dev/keyenc0 with group
# access for desk staff, adds the desk user to that group and checks that the
# encoder answers. Run once per workstation after imaging.
#
#   keycard_usb_setup.sh [-u deskuser] [-g keyenc] [-n]

set -eu

VENDOR_ID="${VENDOR_ID:-1a86}"
PRODUCT_ID="${PRODUCT_ID:-7523}"
DESK_USER="${SUDO_USER:-$(id -un)}"
ENC_GROUP="keyenc"
RULE_NAME="71-keycard-encoder.rules"
DRY=0

say() { printf '[keycard-setup] %s\n' "$*"; }
fail() { say "ERROR: $*" >&2; exit 1; }

while getopts "u:g:nh" opt; do
    case "$opt" in
        u) DESK_USER="$OPTARG" ;;
        g) ENC_GROUP="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    command -v sudo >/dev/null 2>&1 || fail "needs root or sudo"
    AS_ROOT="sudo"
fi

run() {
    if [ "$DRY" -eq 1 ]; then
        say "would run: $*"
    else
        $AS_ROOT "$@"
    fi
}

find_encoder() {
    for dev in /sys/bus/usb/devices/*; do
        [ -f "$dev/idVendor" ] || continue
        if [ "$(cat "$dev/idVendor")" = "$VENDOR_ID" ] && \
           [ "$(cat "$dev/idProduct")" = "$PRODUCT_ID" ]; then
            echo "$dev"
            return 0
        fi
    done
    return 1
}

rule_text() {
    cat <<EOF
# key-card encoder (installed by keycard_usb_setup.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="keyenc%n", GROUP="$ENC_GROUP", MODE="0660"
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", GROUP="$ENC_GROUP", MODE="0660"
EOF
}

install_rule() {
    dest="/etc/udev/rules.d/$RULE_NAME"
    if [ -f "$dest" ] && rule_text | cmp -s - "$dest"; then
        say "udev rule already current"
        return 0
    fi
    say "writing $dest"
    if [ "$DRY" -eq 1 ]; then
        rule_text
    else
        rule_text | $AS_ROOT tee "$dest" >/dev/null
        $AS_ROOT chmod 0644 "$dest"
    fi
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty --action=add
}

ensure_group() {
    if ! getent group "$ENC_GROUP" >/dev/null; then
        run groupadd --system "$ENC_GROUP"
    fi
    if id -nG "$DESK_USER" | tr ' ' '\n' | grep -qx "$ENC_GROUP"; then
        say "$DESK_USER already in $ENC_GROUP"
    else
        run usermod -aG "$ENC_GROUP" "$DESK_USER"
        say "$DESK_USER added to $ENC_GROUP (log out and back in)"
    fi
}

probe() {
    sleep 1
    for link in /dev/keyenc0 /dev/keyenc1; do
        if [ -e "$link" ]; then
            say "encoder present at $link -> $(readlink -f "$link")"
            return 0
        fi
    done
    say "encoder link not present yet; replug the encoder"
}

if dev=$(find_encoder); then
    say "found encoder at $dev"
else
    say "encoder not plugged in, installing rule anyway"
fi
install_rule
ensure_group
probe
