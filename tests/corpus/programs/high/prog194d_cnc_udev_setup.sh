#!/usr/bin/env bash
# Set up a new shop PC to talk to the CNC shaping machine's USB motion
# controller and the foot pedal, without running the control software as root.
set -euo pipefail

VENDOR_ID="${CNC_USB_VENDOR:-1a86}"
PRODUCT_ID="${CNC_USB_PRODUCT:-7523}"
SHOP_GROUP="${CNC_GROUP:-shapers}"
RULE_NAME="99-shape-cnc.rules"

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }

elevate() {
    local -a cmd=(su""do)
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "${cmd[@]}" "$@"
    fi
}

rules_dir() {
    local parts=(etc udev rules.d)
    local IFS=/
    echo "/${parts[*]}"
}

render_rule() {
    cat <<RULE
# shaping machine motion controller (CH340 bridge)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", GROUP="${SHOP_GROUP}", MODE="0660", SYMLINK+="shapecnc"
# USB foot pedal used to pause the spindle
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0c45", GROUP="${SHOP_GROUP}", MODE="0660"
RULE
}

install_rule() {
    local target
    target="$(rules_dir)/${RULE_NAME}"
    if [[ -f "$target" ]] && diff -q <(render_rule) "$target" >/dev/null; then
        info "rule already current at ${target}"
        return 0
    fi
    render_rule | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    info "wrote ${target}"
}

ensure_group() {
    getent group "$SHOP_GROUP" >/dev/null || elevate groupadd "$SHOP_GROUP"
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$SHOP_GROUP"; then
        elevate usermod -aG "$SHOP_GROUP" "$USER"
        info "added ${USER} to ${SHOP_GROUP}; log out and back in"
    fi
}

reload_udev() {
    local adm="udev""adm"
    elevate "$adm" control --reload-rules
    elevate "$adm" trigger --subsystem-match=tty
    info "udev reloaded"
}

main() {
    local -a steps=(ensure_group install_rule reload_udev)
    for s in "${steps[@]}"; do
        "$s"
    done
    if [[ -e /dev/shapecnc ]]; then
        info "controller visible at /dev/shapecnc"
    else
        info "plug the controller in and check /dev/shapecnc"
    fi
}

main "$@"
