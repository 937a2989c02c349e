#!/usr/bin/env bash
# Prepares a studio workstation to talk to the kiln controller's USB serial
# adapter so the firing logger can run without manual fiddling.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-kiln0}"
GROUP_NAME="${GROUP_NAME:-dialout}"
RULE_BASENAME="99-studio-kiln.rules"
CHECK_ONLY=0

info() { echo "[kiln-usb] $*"; }
fail() { echo "[kiln-usb] error: $*" >&2; exit 1; }

usage() {
    cat <<USAGE
usage: $0 [--check] [--vendor ID] [--product ID] [--link NAME]
USAGE
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --vendor) VENDOR_ID="$2"; shift 2 ;;
        --product) PRODUCT_ID="$2"; shift 2 ;;
        --link) LINK_NAME="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_dir() {
    printf '/%s/%s/%s' etc udev rules.d
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", GROUP="%s", MODE="0660"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" "$LINK_NAME" "$GROUP_NAME"
}

adapter_present() {
    command -v lsusb >/dev/null || return 1
    lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"
}

install_rule() {
    local dest
    dest="$(rule_dir)/$RULE_BASENAME"
    if [[ -f "$dest" ]] && diff -q <(rule_text) "$dest" >/dev/null 2>&1; then
        info "rule already current"
        return 0
    fi
    rule_text | elevate tee "$dest" >/dev/null
    info "wrote $dest"
}

load_driver() {
    local mod="ftdi_sio"
    if ! lsmod | grep -q "^${mod}"; then
        elevate modprobe "$mod"
        info "loaded $mod"
    fi
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

add_user_group() {
    if ! id -nG "$USER" | grep -qw "$GROUP_NAME"; then
        elevate usermod -aG "$GROUP_NAME" "$USER"
        info "added $USER to $GROUP_NAME (log out and back in)"
    fi
}

main() {
    if adapter_present; then
        info "adapter ${VENDOR_ID}:${PRODUCT_ID} detected"
    else
        info "adapter not detected; continuing anyway"
    fi
    if [[ "$CHECK_ONLY" -eq 1 ]]; then
        rule_text
        exit 0
    fi
    for step in install_rule load_driver reload_rules add_user_group; do
        "$step" || fail "$step failed"
    done
    info "done; controller should appear as /dev/$LINK_NAME"
}

main
