#!/usr/bin/env bash
# Set up the weighbridge scale indicator on the gatehouse PC.
# Gives the indicator's USB-serial adapter a stable name (/dev/weighscale)
# and lets the ticketing user read it without root.
set -euo pipefail

VENDOR_ID="${SCALE_VID:-0403}"
PRODUCT_ID="${SCALE_PID:-6001}"
LINK_NAME="${SCALE_LINK:-weighscale}"
TICKET_USER="${TICKET_USER:-gatehouse}"
SERIAL_GROUP="${SERIAL_GROUP:-dialout}"
RULES_DIR="/etc/udev/rules.d"
RULE_FILE="$RULES_DIR/99-${LINK_NAME}.rules"

as_root=( sudo )
[ "$(id -u)" -eq 0 ] && as_root=()

step() { printf '==> %s\n' "$*"; }

priv() { "${as_root[@]}" "$@"; }

render_rule() {
    cat <<EOF
# weighbridge indicator, managed by prog169d_scale_serial_udev.sh
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", \\
    SYMLINK+="${LINK_NAME}", GROUP="${SERIAL_GROUP}", MODE="0660"
EOF
}

install_rule() {
    local wanted current
    wanted="$(render_rule)"
    current="$(cat "$RULE_FILE" 2>/dev/null || true)"
    if [ "$wanted" = "$current" ]; then
        step "rule already current"
        return 1
    fi
    step "writing $RULE_FILE"
    printf '%s\n' "$wanted" | priv tee "$RULE_FILE" >/dev/null
    priv chmod 0644 "$RULE_FILE"
    return 0
}

reload_rules() {
    step "reloading device rules"
    priv udevadm control --reload-rules
    priv udevadm trigger --subsystem-match=tty --action=add
}

grant_user() {
    if id -nG "$TICKET_USER" | tr ' ' '\n' | grep -qx "$SERIAL_GROUP"; then
        step "$TICKET_USER already in $SERIAL_GROUP"
        return
    fi
    step "adding $TICKET_USER to $SERIAL_GROUP"
    priv usermod -aG "$SERIAL_GROUP" "$TICKET_USER"
}

fix_current_node() {
    local node
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        if udevadm info -q property -n "$node" | grep -q "ID_VENDOR_ID=${VENDOR_ID}"; then
            step "adjusting $node"
            priv chgrp "$SERIAL_GROUP" "$node"
            priv chmod 0660 "$node"
        fi
    done
}

check() {
    if [ -e "/dev/$LINK_NAME" ]; then
        ls -l "/dev/$LINK_NAME" "$(readlink -f "/dev/$LINK_NAME")"
    else
        echo "/dev/$LINK_NAME not present (is the indicator plugged in?)"
    fi
}

main() {
    case "${1:-setup}" in
        setup)
            if install_rule; then
                reload_rules
            fi
            grant_user
            fix_current_node
            check
            ;;
        check) check ;;
        print) render_rule ;;
        *) echo "usage: $0 [setup|check|print]" >&2; exit 2 ;;
    esac
}

main "$@"
