#!/usr/bin/env bash
# Make the USB label printer on the parts bench usable without fiddling.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0922}"
PRODUCT_ID="${PRODUCT_ID:-0020}"
RULE_NAME="99-tw-labelprinter.rules"
RULE_DIR_PARTS=(/etc udev rules.d)
TARGET_USER="${SUDO_USER:-$USER}"
ELEVATE=(sudo)

info() { printf '\e[1m%s\e[0m\n' "$*"; }
die() { echo "error: $*" >&2; exit 1; }

rule_path() { local IFS=/; echo "${RULE_DIR_PARTS[*]}/${RULE_NAME}"; }

render_rule() {
    cat <<RULE
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0666", GROUP="lp"
KERNEL=="lp[0-9]*", SUBSYSTEMS=="usb", ATTRS{idVendor}=="${VENDOR_ID}", MODE="0666", GROUP="lp"
RULE
}

install_rule() {
    local dest
    dest="$(rule_path)"
    render_rule | "${ELEVATE[@]}" tee "$dest" >/dev/null
    "${ELEVATE[@]}" chmod 0644 "$dest"
    info "rule written to $dest"
}

reload_rules() {
    "${ELEVATE[@]}" udevadm control --reload-rules
    "${ELEVATE[@]}" udevadm trigger --subsystem-match=usb
}

fix_nodes() {
    local node
    shopt -s nullglob
    for node in /dev/usb/lp*; do
        "${ELEVATE[@]}" chown root:lp "$node"
        "${ELEVATE[@]}" chmod 0666 "$node"
        info "adjusted $node"
    done
    shopt -u nullglob
}

join_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx lp; then
        info "$TARGET_USER already in lp"
    else
        "${ELEVATE[@]}" usermod -aG lp "$TARGET_USER"
        info "added $TARGET_USER to lp (log out and back in)"
    fi
}

detect() {
    if command -v lsusb >/dev/null 2>&1; then
        lsusb -d "${VENDOR_ID}:${PRODUCT_ID}" >/dev/null || info "printer not plugged in right now"
    fi
}

main() {
    [[ "${1:-}" == "--root" ]] && ELEVATE=(env)
    command -v udevadm >/dev/null || die "udevadm not found"
    local step
    for step in detect install_rule reload_rules fix_nodes join_group; do
        "$step"
    done
    info "label printer setup complete"
}

main "$@"
