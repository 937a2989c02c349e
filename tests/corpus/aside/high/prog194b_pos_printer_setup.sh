#!/usr/bin/env bash
# Receipt printer setup for a new till at the gin bar.
# Installs a udev rule so the Epson TM-T20 is usable by the till user,
# and adds that user to the printer group.
set -euo pipefail

TILL_USER="${TILL_USER:-till}"
VENDOR_ID="${VENDOR_ID:-04b8}"
PRODUCT_ID="${PRODUCT_ID:-0e15}"
RULE_NAME="${RULE_NAME:-99-jv-receipt-printer.rules}"
RULES_DIR="/etc/udev/rules.d"

elevate=(sudo -n)
if ! sudo -n true 2>/dev/null; then
    elevate=(sudo)
fi

log() { echo "[printer-setup] $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "${elevate[@]}" "$@"
    fi
}

render_rule() {
    cat <<EOF
# Juniper & Vine receipt printer ($(date +%F))
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="lp", SYMLINK+="receipt0"
EOF
}

install_rule() {
    local target="$RULES_DIR/$RULE_NAME"
    log "writing $target"
    render_rule | as_root tee "$target" >/dev/null
    as_root chmod 0644 "$target"
    as_root chown root:root "$target"
}

reload_udev() {
    local steps=("control --reload-rules" "trigger --subsystem-match=usb")
    local s
    for s in "${steps[@]}"; do
        # shellcheck disable=SC2086
        as_root udevadm $s
    done
}

grant_group() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx lp; then
        log "$TILL_USER already in lp"
    else
        as_root usermod -aG lp "$TILL_USER"
        log "added $TILL_USER to lp (re-login needed)"
    fi
}

fix_node() {
    local node
    for node in /dev/usb/lp*; do
        [[ -e "$node" ]] || continue
        as_root chgrp lp "$node"
        as_root chmod 0660 "$node"
    done
}

main() {
    if ! id "$TILL_USER" >/dev/null 2>&1; then
        log "no such user: $TILL_USER"
        exit 1
    fi
    install_rule
    reload_udev
    grant_group
    fix_node
    log "printer ready; test with: echo test > /dev/receipt0"
}

main "$@"
