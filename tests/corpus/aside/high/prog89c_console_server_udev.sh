#!/bin/bash
# console_server_udev.sh - give the USB-serial adapters on the cage crash cart
# stable names (/dev/pdu-console-<serial>) so the PDU/switch console scripts
# don't depend on ttyUSB enumeration order, and let the remote-hands account
# open them without root.
#
# usage: console_server_udev.sh [-u user] [-g group] [-n]   (-n = print only)
set -eu

RULES_FILE=/etc/udev/rules.d/70-colo-console.rules
CONSOLE_GROUP=dialout
TARGET_USER="${SUDO_USER:-$(id -un)}"
DRY_RUN=0

# FTDI and Prolific adapters used in the crash carts, plus the Cisco USB console
KNOWN_ADAPTERS="
0403:6001:ftdi
0403:6015:ftdi-x
067b:2303:prolific
05a6:0009:cisco-usb
"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

while getopts "u:g:nh" o; do
    case $o in
        u) TARGET_USER=$OPTARG ;;
        g) CONSOLE_GROUP=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_rules() {
    echo "# managed by console_server_udev.sh - $(date -u +%F)"
    echo "$KNOWN_ADAPTERS" | while IFS=: read -r vid pid tag; do
        [ -n "$vid" ] || continue
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$vid" "$pid"
        printf 'SYMLINK+="pdu-console-%s-$attr{serial}", GROUP="%s", MODE="0660"\n' "$tag" "$CONSOLE_GROUP"
    done
}

install_rules() {
    local tmp
    tmp=$(mktemp --suffix=.rules)
    render_rules > "$tmp"
    if [ "$DRY_RUN" -eq 1 ]; then
        cat "$tmp"; rm -f "$tmp"; return 0
    fi
    if [ -f "$RULES_FILE" ] && cmp -s "$tmp" "$RULES_FILE"; then
        info "rules unchanged"
    else
        as_root install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
        info "installed $RULES_FILE"
        as_root udevadm control --reload-rules
        as_root udevadm trigger --subsystem-match=tty --action=add
    fi
    rm -f "$tmp"
}

fix_present_devices() {
    local dev found=0
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$dev" ] || continue
        found=1
        as_root chgrp "$CONSOLE_GROUP" "$dev"
        as_root chmod 0660 "$dev"
        info "$dev -> group $CONSOLE_GROUP"
    done
    [ "$found" -eq 1 ] || warn "no USB serial adapters plugged in right now"
}

add_user_to_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$CONSOLE_GROUP"; then
        info "$TARGET_USER already in $CONSOLE_GROUP"
        return
    fi
    as_root usermod -aG "$CONSOLE_GROUP" "$TARGET_USER"
    info "added $TARGET_USER to $CONSOLE_GROUP (log out and back in)"
}

install_rules
[ "$DRY_RUN" -eq 1 ] && exit 0
fix_present_devices
add_user_to_group
ls -l /dev/pdu-console-* 2>/dev/null || warn "no pdu-console symlinks yet; replug the adapter"
