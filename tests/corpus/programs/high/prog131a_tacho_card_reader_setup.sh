#!/usr/bin/env bash
# Set up a depot PC for driver-card and vehicle-unit tachograph downloads.
#
# Installs the udev rule that gives the download group access to the card
# readers and the VU download key, adds the signing-on account to that group,
# makes sure pcscd is running and checks that a reader is visible.
#
# Usage: tacho_card_reader_setup.sh [-u account] [-g group] [--check-only]

set -euo pipefail

ACCOUNT="${SUDO_USER:-$USER}"
GROUP="tacho"
RULE_FILE="/etc/udev/rules.d/70-tacho-readers.rules"
CHECK_ONLY=0
# vendor:product pairs for readers issued to depots (ACS ACR39U, Omnikey 3121,
# Identive SCR3310, Digivu+ download key)
READERS="072f:b100 076b:3021 04e6:5116 0483:5740"

msg() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -u) ACCOUNT="$2"; shift 2 ;;
        -g) GROUP="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "unknown argument $1"; exit 2 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

render_rules() {
    echo "# Tachograph card readers and VU download keys (managed by tacho_card_reader_setup.sh)"
    local pair
    for pair in $READERS; do
        printf 'SUBSYSTEM=="usb", ATTR{idVendor}=="%s", ATTR{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "${pair%%:*}" "${pair##*:}" "$GROUP"
    done
    printf 'KERNEL=="ttyACM[0-9]*", ATTRS{idVendor}=="0483", ATTRS{idProduct}=="5740", MODE="0660", GROUP="%s", SYMLINK+="tacho-vu"\n' "$GROUP"
}

check_readers() {
    local found=0 pair
    for pair in $READERS; do
        if lsusb -d "$pair" >/dev/null 2>&1; then
            msg "reader present: $(lsusb -d "$pair" | head -n1 | cut -d' ' -f7-)"
            found=1
        fi
    done
    ((found)) || warn "no supported reader plugged in"
    if command -v pcsc_scan >/dev/null 2>&1; then
        timeout 3 pcsc_scan -r 2>/dev/null | sed 's/^/    /' || true
    fi
}

install_rules() {
    if [[ -f "$RULE_FILE" ]] && diff -q <(render_rules) "$RULE_FILE" >/dev/null; then
        msg "udev rule already current"
        return
    fi
    msg "writing $RULE_FILE"
    render_rules | as_root tee "$RULE_FILE" >/dev/null
    as_root chmod 0644 "$RULE_FILE"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --action=add
}

setup_group() {
    getent group "$GROUP" >/dev/null || as_root groupadd --system "$GROUP"
    if id -nG "$ACCOUNT" | tr ' ' '\n' | grep -qx "$GROUP"; then
        msg "$ACCOUNT already in $GROUP"
    else
        as_root usermod -aG "$GROUP" "$ACCOUNT"
        msg "added $ACCOUNT to $GROUP (log out and back in to take effect)"
    fi
}

setup_pcscd() {
    as_root systemctl enable --now pcscd.socket
    systemctl is-active --quiet pcscd.socket && msg "pcscd socket active"
}

if ((CHECK_ONLY)); then
    check_readers
    exit 0
fi
setup_group
install_rules
setup_pcscd
check_readers
msg "done"
