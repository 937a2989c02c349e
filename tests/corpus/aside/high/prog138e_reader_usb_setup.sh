#!/usr/bin/env bash
# Prepare a head unit for the USB card reader (CP210x serial bridge).
#
# The reader shows up as /dev/ttyUSB* with root-only permissions and a name
# that changes between boots. This installs a udev rule that gives it a
# stable name (/dev/cardreader) and group access for the meter service,
# loads the serial driver and checks that the device answers.
#
# usage: reader_usb_setup.sh [--vendor 10c4] [--product ea60] [--group dialout]

set -euo pipefail

VENDOR="10c4"
PRODUCT="ea60"
GROUP="dialout"
SERVICE_USER="${SERVICE_USER:-meter}"
RULE_NAME="99-coop-cardreader.rules"

msg() { echo "[reader-setup] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --vendor)  VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --group)   GROUP="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

# run a command as root, whichever elevation tool this image ships with
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    elif command -v doas >/dev/null; then
        doas "$@"
    else
        msg "need root for: $*"
        return 1
    fi
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$VENDOR" "$PRODUCT"
    printf 'SYMLINK+="cardreader", GROUP="%s", MODE="0660"\n' "$GROUP"
}

install_rule() {
    local dir="/etc/udev/rules.d"
    msg "installing $dir/$RULE_NAME"
    rule_text | as_root tee "$dir/$RULE_NAME" >/dev/null
    as_root chmod 644 "$dir/$RULE_NAME"
}

load_driver() {
    if ! lsmod | grep -q '^cp210x'; then
        msg "loading cp210x driver"
        as_root modprobe cp210x
    fi
    echo cp210x | as_root tee /etc/modules-load.d/cp210x.conf >/dev/null
}

grant_group() {
    if id -nG "$SERVICE_USER" 2>/dev/null | grep -qw "$GROUP"; then
        return
    fi
    msg "adding $SERVICE_USER to $GROUP"
    as_root usermod -aG "$GROUP" "$SERVICE_USER"
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
    sleep 1
}

probe() {
    if [ -e /dev/cardreader ]; then
        msg "reader present at $(readlink -f /dev/cardreader)"
        as_root systemctl restart coop-meter.service || msg "meter service not installed yet"
    else
        msg "reader not detected; check the cable and run again"
        return 1
    fi
}

main() {
    install_rule
    load_driver
    grant_group
    reload_udev
    probe
}

main
