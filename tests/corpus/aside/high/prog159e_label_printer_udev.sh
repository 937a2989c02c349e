#!/bin/sh
# Sets up the aftercare label printer (thermal, USB) on a new front-desk PC so
# the booking app can print aftercare labels without running as root.

set -eu

VENDOR_ID="${PRINTER_VENDOR_ID:-0fe6}"
PRODUCT_ID="${PRINTER_PRODUCT_ID:-811e}"
PRINT_GROUP="${PRINT_GROUP:-lp}"
RULE_NAME="72-inkhouse-label-printer.rules"
RULE_DIR="/etc/udev/rules.d"
STAGING="$(pwd)/build"

info() { echo "==> $*"; }
fail() { echo "error: $*" >&2; exit 1; }

check_tools() {
    for tool in udevadm lsusb sudo; do
        command -v "$tool" >/dev/null 2>&1 || fail "$tool not found"
    done
}

printer_present() {
    lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"
}

render_rule() {
    mkdir -p "$STAGING"
    cat >"$STAGING/$RULE_NAME" <<EOF
# InkHouse aftercare label printer
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="$PRINT_GROUP", SYMLINK+="aftercare-printer"
EOF
    echo "$STAGING/$RULE_NAME"
}

install_rule() {
    src="$1"
    dest="$RULE_DIR/$RULE_NAME"
    if [ -f "$dest" ] && cmp -s "$src" "$dest"; then
        info "rule already installed"
        return 1
    fi
    sudo install -m 0644 -o root -g root "$src" "$dest"
    info "installed $dest"
    return 0
}

reload_rules() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"
}

join_group() {
    user="${SUDO_USER:-$(id -un)}"
    if id -nG "$user" | tr ' ' '\n' | grep -qx "$PRINT_GROUP"; then
        info "$user already in $PRINT_GROUP"
    else
        sudo usermod -aG "$PRINT_GROUP" "$user"
        info "added $user to $PRINT_GROUP (log out and back in)"
    fi
}

main() {
    check_tools
    if ! printer_present; then
        info "printer ${VENDOR_ID}:${PRODUCT_ID} not plugged in, installing rule anyway"
    fi
    rule="$(render_rule)"
    if install_rule "$rule"; then
        reload_rules
    fi
    join_group
    if [ -e /dev/aftercare-printer ]; then
        info "printer available at /dev/aftercare-printer"
    fi
}

main "$@"
