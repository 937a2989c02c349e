#!/bin/sh
# ticket_printer_setup.sh - set up the Edmondson-style card ticket printer
#
# The booking office prints card tickets on a USB thermal printer (a
# re-badged Boca Lemur).  The till software talks to it as /dev/ticketprinter,
# which needs a udev rule giving the booking clerk's account access.
#
# usage: ticket_printer_setup.sh [--vendor 0a43] [--product 0032] [--user NAME]

set -eu

VENDOR=0a43
PRODUCT=0032
TILL_USER=${SUDO_USER:-$(id -un)}
RULE_NAME=71-ticket-printer.rules
GROUP=lp

info() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --vendor)  VENDOR=$2; shift 2 ;;
        --product) PRODUCT=$2; shift 2 ;;
        --user)    TILL_USER=$2; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown argument: $1" ;;
    esac
done

case "$VENDOR$PRODUCT" in
    *[!0-9a-f]*) fail "vendor/product must be 4-digit hex" ;;
esac

priv() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

detect_printer() {
    if command -v lsusb >/dev/null 2>&1; then
        if lsusb -d "$VENDOR:$PRODUCT" >/dev/null 2>&1; then
            info "found printer $VENDOR:$PRODUCT: $(lsusb -d "$VENDOR:$PRODUCT" | cut -d' ' -f7-)"
            return 0
        fi
        printf 'warning: %s:%s not attached; rule will apply when it is plugged in\n' "$VENDOR" "$PRODUCT"
    fi
}

render_rule() {
    cat <<EOF
# Booking office card ticket printer - managed by ticket_printer_setup.sh
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", \\
    MODE="0660", GROUP="$GROUP", SYMLINK+="ticketprinter"
EOF
}

install_rule() {
    rule_path="/etc/udev/rules.d/$RULE_NAME"
    if [ -f "$rule_path" ] && render_rule | cmp -s - "$rule_path"; then
        info "udev rule already up to date"
        return
    fi
    info "installing $rule_path"
    render_rule | priv tee "$rule_path" >/dev/null
    priv chmod 644 "$rule_path"
    priv udevadm control --reload-rules
    priv udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR"
}

grant_user() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        info "$TILL_USER already in $GROUP"
    else
        info "adding $TILL_USER to $GROUP (log out and back in afterwards)"
        priv usermod -aG "$GROUP" "$TILL_USER"
    fi
}

write_till_config() {
    cfg=./till-printer.conf
    cat > "$cfg" <<EOF
[printer]
device = /dev/ticketprinter
stock = edmondson
cut = partial
EOF
    chmod 600 "$cfg"
    info "wrote $cfg"
}

detect_printer
install_rule
grant_user
write_till_config
info "done - replug the printer if it was already connected"
