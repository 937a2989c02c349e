#!/usr/bin/env bash
# Van GPS puck setup.
#
# The service vans carry a USB GPS puck so the route app can log arrival
# times at each client site. This script gives the puck a stable device
# name, lets the technician account read it and restarts the GPS daemon.
set -eu

VENDOR_ID="${VENDOR_ID:-1546}"
PRODUCT_ID="${PRODUCT_ID:-01a7}"
LINK_NAME="${LINK_NAME:-vangps}"
TECH_USER="${TECH_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="${RULE_NAME:-72-van-gps.rules}"
DRY_RUN="${DRY_RUN:-0}"

# elevation helper; some depot laptops use doas instead
ELEVATE="${ELEVATE:-}"
pick_elevator() {
    if [ -n "$ELEVATE" ]; then
        echo "$ELEVATE"
        return
    fi
    for tool in sudo doas; do
        if command -v "$tool" > /dev/null 2>&1; then
            echo "$tool"
            return
        fi
    done
    echo ""
}

as_admin() {
    local el
    el="$(pick_elevator)"
    if [ "$DRY_RUN" = "1" ]; then
        echo "would run: ${el} $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif [ -n "$el" ]; then
        "$el" "$@"
    else
        echo "need administrator rights for: $*" >&2
        return 1
    fi
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR_ID" "$PRODUCT_ID"
    printf 'SYMLINK+="%s", GROUP="dialout", MODE="0660"\n' "$LINK_NAME"
}

rules_dir() {
    local parts=(etc udev rules.d)
    local IFS=/
    echo "/${parts[*]}"
}

install_rule() {
    local dest
    dest="$(rules_dir)/${RULE_NAME}"
    echo "installing ${dest}"
    rule_text | as_admin tee "$dest" > /dev/null
    as_admin chmod 0644 "$dest"
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=tty
}

grant_access() {
    if id -nG "$TECH_USER" | grep -qw dialout; then
        echo "${TECH_USER} already in dialout"
    else
        as_admin usermod -aG dialout "$TECH_USER"
        echo "${TECH_USER} added to dialout; log out and back in"
    fi
}

restart_gpsd() {
    local unit="gpsd"
    if command -v systemctl > /dev/null 2>&1; then
        as_admin systemctl restart "$unit" || echo "gpsd not installed, skipping"
    fi
}

check_device() {
    if [ -e "/dev/${LINK_NAME}" ]; then
        echo "GPS puck available at /dev/${LINK_NAME}"
    else
        echo "plug the GPS puck in and re-run with 'check'"
    fi
}

case "${1:-install}" in
    install)
        install_rule
        grant_access
        restart_gpsd
        check_device
        ;;
    check)
        check_device
        ;;
    *)
        echo "usage: $0 [install|check]" >&2
        exit 2
        ;;
esac
