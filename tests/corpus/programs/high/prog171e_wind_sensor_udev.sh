#!/bin/sh
# Install device rules for the USB wind-pressure manometers used when
# regulating reservoirs and wind chests, so the logging software finds
# them under a stable name.

set -eu

VENDOR_ID="${MANOMETER_VID:-1a86}"
PRODUCT_ID="${MANOMETER_PID:-7523}"
GROUP_NAME="${MANOMETER_GROUP:-windlab}"
RULE_NAME="72-wind-manometer.rules"

info() { printf 'udev-setup: %s\n' "$*"; }

elevate() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rules_dir() {
    printf '/%s/%s/%s' etc udev rules.d
}

rule_text() {
    cat <<EOF
# wind pressure manometers (organ workshop)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="${GROUP_NAME}", SYMLINK+="manometer%n"
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="${GROUP_NAME}"
EOF
}

ensure_group() {
    if ! getent group "$GROUP_NAME" >/dev/null; then
        elevate groupadd --system "$GROUP_NAME"
        info "created group $GROUP_NAME"
    fi
    if ! id -nG "${SUDO_USER:-$USER}" | tr ' ' '\n' | grep -qx "$GROUP_NAME"; then
        elevate usermod -aG "$GROUP_NAME" "${SUDO_USER:-$USER}"
        info "added ${SUDO_USER:-$USER} to $GROUP_NAME (log out and in again)"
    fi
}

install_rule() {
    target="$(rules_dir)/${RULE_NAME}"
    if [ -f "$target" ] && rule_text | cmp -s - "$target"; then
        info "rule already current"
        return 0
    fi
    rule_text | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    info "wrote $target"
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty --action=add
    info "udev reloaded"
}

fix_present_devices() {
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$dev" ] || continue
        elevate chgrp "$GROUP_NAME" "$dev"
        elevate chmod 0660 "$dev"
        info "adjusted $dev"
    done
}

remove_rule() {
    elevate rm -f "$(rules_dir)/${RULE_NAME}"
    reload_rules
}

case "${1:-install}" in
    install)
        ensure_group
        install_rule
        reload_rules
        fix_present_devices
        ;;
    remove)
        remove_rule
        ;;
    show)
        rule_text
        ;;
    *)
        info "usage: $0 [install|remove|show]"
        exit 2
        ;;
esac
