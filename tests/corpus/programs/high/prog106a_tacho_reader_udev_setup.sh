#!/bin/sh
# tacho_reader_udev_setup.sh - let the depot office account use the USB
# tachograph card reader / download key without running as root.
#
# Installs a udev rule for the supported readers (Omnikey 3121, Tachomaster
# DK-2, Optac 3), adds the user to the tacho group and reloads udev.
#
#   sh tacho_reader_udev_setup.sh [user]
set -eu

TARGET_USER="${1:-${SUDO_USER:-$(id -un)}}"
GROUP="tacho"
RULE_FILE="/etc/udev/rules.d/60-tacho-readers.rules"
READERS="076b:3021 1fc9:0117 0483:5740"

msg() { printf 'tacho-udev: %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_rules() {
    echo "# managed by tacho_reader_udev_setup.sh - do not edit"
    for pair in $READERS; do
        vid=${pair%%:*}
        pid=${pair##*:}
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "$vid" "$pid" "$GROUP"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s", SYMLINK+="tacho%%n"\n' \
            "$vid" "$pid" "$GROUP"
    done
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        msg "creating group $GROUP"
        as_root groupadd --system "$GROUP"
    fi
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        msg "$TARGET_USER already in $GROUP"
    else
        msg "adding $TARGET_USER to $GROUP"
        as_root usermod -aG "$GROUP" "$TARGET_USER"
    fi
}

install_rules() {
    tmp=$(mktemp ./tacho-rules.XXXXXX)
    render_rules >"$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        msg "rules already current"
        rm -f "$tmp"
        return 0
    fi
    msg "installing $RULE_FILE"
    as_root install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
}

reload_udev() {
    msg "reloading udev"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --subsystem-match=tty
}

command -v udevadm >/dev/null || { msg "udevadm not found"; exit 1; }
id "$TARGET_USER" >/dev/null 2>&1 || { msg "no such user $TARGET_USER"; exit 1; }

ensure_group
install_rules
reload_udev
msg "done - $TARGET_USER must log out and back in for group membership to apply"
