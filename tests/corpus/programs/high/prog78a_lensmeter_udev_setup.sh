#!/usr/bin/env bash
# Set up the auto-lensmeter serial link on an optometry workstation.
#
# The lensmeter shows up as a USB-serial adapter. This gives it a stable
# /dev/lensmeter name, puts the front-desk user in the group that can open
# it, and writes a small config for the readings importer.
#
# Usage: prog78a_lensmeter_udev_setup.sh [-u user] [-v vendor:product] [-b baud]

set -euo pipefail

TARGET_USER="${SUDO_USER:-$USER}"
USB_ID="0403:6001"
BAUD=2400
RULE_FILE="/etc/udev/rules.d/72-lensmeter.rules"
APP_CONF="./lensmeter.conf"

info() { echo -e "\033[1;34m==>\033[0m $*"; }
warn() { echo -e "\033[1;33m!!\033[0m $*" >&2; }

while getopts ":u:v:b:h" o; do
    case "$o" in
        u) TARGET_USER="$OPTARG" ;;
        v) USB_ID="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "bad option"; exit 2 ;;
    esac
done

VID="${USB_ID%%:*}"
PID="${USB_ID##*:}"
if [[ ! "$VID" =~ ^[0-9a-fA-F]{4}$ || ! "$PID" =~ ^[0-9a-fA-F]{4}$ ]]; then
    warn "vendor:product must look like 0403:6001"; exit 2
fi

AS_ROOT=()
if [ "$(id -u)" -ne 0 ]; then
    AS_ROOT=(sudo)
fi

detect_device() {
    if command -v lsusb >/dev/null 2>&1 && lsusb -d "$VID:$PID" >/dev/null 2>&1; then
        info "lensmeter adapter $VID:$PID is plugged in"
    else
        warn "adapter $VID:$PID not seen right now; rule will apply when it is plugged in"
    fi
}

render_rule() {
    cat <<EOF
# auto-lensmeter USB-serial adapter (written by lensmeter setup)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VID", ATTRS{idProduct}=="$PID", SYMLINK+="lensmeter", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local tmp
    tmp="$(render_rule)"
    if [ -f "$RULE_FILE" ] && [ "$(cat "$RULE_FILE")" = "$tmp" ]; then
        info "udev rule already current"
        return
    fi
    printf '%s\n' "$tmp" | "${AS_ROOT[@]}" tee "$RULE_FILE" >/dev/null
    "${AS_ROOT[@]}" udevadm control --reload-rules
    "${AS_ROOT[@]}" udevadm trigger --subsystem-match=tty --action=add
    info "installed $RULE_FILE"
}

grant_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$TARGET_USER already in dialout"
    else
        "${AS_ROOT[@]}" usermod -aG dialout "$TARGET_USER"
        info "added $TARGET_USER to dialout (log out and back in to take effect)"
    fi
}

write_app_conf() {
    cat >"$APP_CONF" <<EOF
[serial]
port = /dev/lensmeter
baud = $BAUD
parity = N
stopbits = 1
EOF
    chmod 0600 "$APP_CONF"
    info "wrote $APP_CONF"
}

detect_device
install_rule
grant_group
write_app_conf
info "lensmeter setup complete"
