#!/usr/bin/env bash
# One-time setup for USB ultrasonic detectors (e.g. the group's loan kit) on
# a new field laptop so the recording app can open them without extra steps.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-16d0}"
PRODUCT_ID="${PRODUCT_ID:-0b03}"
GROUP_NAME="${GROUP_NAME:-plugdev}"
RULE_NAME="${RULE_NAME:-72-bat-detector.rules}"
CHECK_ONLY=0

say() { echo "usb-setup: $*"; }

usage() {
    echo "usage: $0 [-v vendor] [-p product] [-g group] [-c]"
    echo "  -c  only check whether setup is already done"
}

while getopts "v:p:g:ch" opt; do
    case "$opt" in
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        g) GROUP_NAME="$OPTARG" ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

rules_dir() {
    printf '/%s/%s/%s' "etc" "udev" "rules.d"
}

rule_text() {
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0664", GROUP="%s"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" "$GROUP_NAME"
}

install_rule() {
    local dest
    dest="$(rules_dir)/$RULE_NAME"
    if [[ -f "$dest" ]] && [[ "$(cat "$dest")" == "$(rule_text)" ]]; then
        say "rule already installed at $dest"
        return
    fi
    rule_text | elevate tee "$dest" >/dev/null
    elevate chmod 0644 "$dest"
    say "installed $dest"
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
}

join_group() {
    local user
    user="${SUDO_USER:-$(id -un)}"
    if id -nG "$user" | tr ' ' '\n' | grep -qx "$GROUP_NAME"; then
        say "$user already in $GROUP_NAME"
    else
        elevate usermod -aG "$GROUP_NAME" "$user"
        say "added $user to $GROUP_NAME (log out and back in)"
    fi
}

if (( CHECK_ONLY )); then
    [[ -f "$(rules_dir)/$RULE_NAME" ]] && say "rule present" || say "rule missing"
    exit 0
fi

install_rule
reload_rules
join_group
say "plug the detector in again to apply"
