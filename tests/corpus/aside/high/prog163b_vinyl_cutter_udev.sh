#!/bin/bash
# Gives the sign software stable access to the USB vinyl cutters on a new workstation.
set -euo pipefail

RULES_FILE="/etc/udev/rules.d/60-vinyl-cutters.rules"
SHOP_GROUP="${CUTTER_GROUP:-plotter}"
TARGET_USER="${SUDO_USER:-$USER}"

# vendor:product pairs for the cutters on the shop floor
CUTTERS="
0b4d:110a roland-gs24
0b4d:1106 roland-cm24
0403:6001 graphtec-ce
"

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_rules() {
    echo "$CUTTERS" | while read -r ids name; do
        [ -z "$ids" ] && continue
        vendor="${ids%%:*}"
        product="${ids##*:}"
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s", SYMLINK+="cutter-%s"\n' \
            "$vendor" "$product" "$SHOP_GROUP" "$name"
    done
}

ensure_group() {
    if ! getent group "$SHOP_GROUP" >/dev/null; then
        elevate groupadd --system "$SHOP_GROUP"
    fi
    if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$SHOP_GROUP"; then
        elevate usermod -aG "$SHOP_GROUP" "$TARGET_USER"
        echo "added $TARGET_USER to $SHOP_GROUP (log out and back in)"
    fi
}

install_rules() {
    tmp="$(mktemp)"
    render_rules > "$tmp"
    if [ -f "$RULES_FILE" ] && cmp -s "$tmp" "$RULES_FILE"; then
        echo "rules unchanged"
        rm -f "$tmp"
        return 1
    fi
    elevate install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
    rm -f "$tmp"
    echo "wrote $RULES_FILE"
}

reload_udev() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
}

show_devices() {
    ls -l /dev/cutter-* 2>/dev/null || echo "no cutter connected right now"
}

main() {
    ensure_group
    if install_rules; then
        reload_udev
    fi
    show_devices
}

main "$@"
