#!/usr/bin/env bash
# Set up a stable device name for the EID wand / panel reader.
#
# The Tru-Tag style panel readers show up as a random /dev/ttyUSBn after
# every replug, which breaks the tag logger. This adds a udev rule giving
# them a fixed /dev/eidreader symlink and lets the shed user open it.
#
# Usage: ./eid_wand_udev.sh [--vendor 0403] [--product 6001] [--user NAME]

set -euo pipefail

VENDOR="0403"
PRODUCT="6001"
TARGET_USER="${SUDO_USER:-$USER}"
RULE_NAME="99-eidreader.rules"
RULES_DIR="/etc/udev/rules.d"

info() { echo "[eid-udev] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --vendor) VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --user) TARGET_USER="$2"; shift 2 ;;
        -h|--help)
            sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

# run a command with elevated rights, whichever tool this box has
elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        info "need root for: $*"
        exit 1
    fi
}

detect_reader() {
    if command -v lsusb >/dev/null 2>&1; then
        if lsusb | grep -qi "${VENDOR}:${PRODUCT}"; then
            info "reader ${VENDOR}:${PRODUCT} detected"
        else
            info "reader not plugged in right now - rule will apply on next plug"
        fi
    fi
}

rule_text() {
    cat <<EOF
# EID panel reader - fixed name for the tag logger
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", SYMLINK+="eidreader", MODE="0660", GROUP="dialout"
EOF
}

install_rule() {
    local dest="${RULES_DIR}/${RULE_NAME}"
    if [ -f "$dest" ] && diff -q <(rule_text) "$dest" >/dev/null 2>&1; then
        info "rule already installed"
        return
    fi
    rule_text | elevate tee "$dest" >/dev/null
    elevate chmod 644 "$dest"
    info "installed $dest"
}

grant_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$TARGET_USER already in dialout"
    else
        elevate usermod -aG dialout "$TARGET_USER"
        info "added $TARGET_USER to dialout (log out and back in)"
    fi
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    info "udev rules reloaded"
}

main() {
    detect_reader
    install_rule
    grant_group
    reload_rules
    if [ -e /dev/eidreader ]; then
        info "ready: /dev/eidreader -> $(readlink -f /dev/eidreader)"
    fi
}

main
