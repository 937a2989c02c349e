#!/bin/sh
# obd_dongle_setup.sh - set up a workshop PC to read van OBD-II dongles.
#
# The fleet workshop plugs ELM327-style USB dongles into the removal vans to
# pull fault codes and odometer readings before the telematics import. The
# dongles enumerate as CH340/FTDI serial adapters; this installs a udev rule
# giving them a stable /dev/obd-dongle name and group access for the
# "fleet" group, and adds the current user to that group.
#
#   ./obd_dongle_setup.sh [-g GROUP] [-u USER]

set -eu

GROUP="fleet"
TARGET_USER="${SUDO_USER:-${USER:-$(id -un)}}"
RULE_FILE="/etc/udev/rules.d/72-obd-dongle.rules"

while getopts "g:u:h" opt; do
    case "$opt" in
        g) GROUP="$OPTARG" ;;
        u) TARGET_USER="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

say() { printf 'obd-setup: %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    command -v doas >/dev/null 2>&1 && AS_ROOT="doas" || AS_ROOT="sudo"
fi

rule_text() {
    cat <<EOF
# ELM327 OBD-II dongles used by the fleet workshop
SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523", GROUP="$GROUP", MODE="0660", SYMLINK+="obd-dongle"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ATTRS{product}=="*OBD*", GROUP="$GROUP", MODE="0660", SYMLINK+="obd-dongle"
EOF
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        say "creating group $GROUP"
        $AS_ROOT groupadd --system "$GROUP"
    fi
    if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        say "adding $TARGET_USER to $GROUP"
        $AS_ROOT usermod -aG "$GROUP" "$TARGET_USER"
        say "log out and back in for the group change to apply"
    fi
}

install_rule() {
    tmp="$(mktemp)"
    rule_text >"$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        say "udev rule already current"
    else
        say "writing $RULE_FILE"
        $AS_ROOT install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
        $AS_ROOT udevadm control --reload-rules
        $AS_ROOT udevadm trigger --subsystem-match=tty --action=add
    fi
    rm -f "$tmp"
}

check_device() {
    sleep 1
    if [ -e /dev/obd-dongle ]; then
        say "dongle present: $(readlink -f /dev/obd-dongle)"
        ls -l "$(readlink -f /dev/obd-dongle)"
    else
        say "no dongle plugged in; plug one in and run: ls -l /dev/obd-dongle"
    fi
}

ensure_group
install_rule
check_device
say "done"
