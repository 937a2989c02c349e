#!/usr/bin/env bash
# gps_dongle_setup.sh - make the USB GPS docking cradle usable by the
# tracker import tools on a new workshop laptop.
#
# The cradle shows up as a CP210x serial adapter. We give it a stable
# /dev/bikegps-N name, make it readable by the dialout group, and put the
# current user in that group.
#
#   gps_dongle_setup.sh [--vendor 10c4] [--product ea60] [--user NAME]

set -euo pipefail

VENDOR="10c4"
PRODUCT="ea60"
TARGET_USER="${SUDO_USER:-$USER}"
RULE_NAME="71-bikegps-cradle.rules"
RULES_DIR="/etc/udev/rules.d"

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vendor)  VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --user)    TARGET_USER="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) warn "unknown argument $1"; exit 1 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

detect_cradle() {
    if command -v lsusb >/dev/null && lsusb -d "${VENDOR}:${PRODUCT}" >/dev/null 2>&1; then
        info "cradle ${VENDOR}:${PRODUCT} is plugged in"
    else
        warn "cradle not detected now; the rule will apply when it is plugged in"
    fi
}

render_rule() {
    cat <<EOF
# Installed by gps_dongle_setup.sh - bike GPS docking cradle
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", \\
    MODE="0660", GROUP="dialout", SYMLINK+="bikegps-%n"
EOF
}

install_rule() {
    local tmp
    tmp=$(mktemp)
    render_rule > "$tmp"
    if [[ -f "$RULES_DIR/$RULE_NAME" ]] && cmp -s "$tmp" "$RULES_DIR/$RULE_NAME"; then
        info "rule already up to date"
    else
        as_root install -m 0644 -o root -g root "$tmp" "$RULES_DIR/$RULE_NAME"
        info "wrote $RULES_DIR/$RULE_NAME"
    fi
    rm -f "$tmp"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
}

grant_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$TARGET_USER already in dialout"
        return
    fi
    as_root usermod -aG dialout "$TARGET_USER"
    info "added $TARGET_USER to dialout (log out and back in to take effect)"
}

detect_cradle
install_rule
grant_group
ls -l /dev/bikegps-* 2>/dev/null || info "no /dev/bikegps-* yet; plug the cradle in"
