#!/usr/bin/env bash
# Makes the Brother QL label printer usable by the canning-line account
# without root: installs a udev rule, fixes the device node permissions and
# adds the operator to the lp group.
set -euo pipefail

VENDOR="${QL_VENDOR:-04f9}"
PRODUCT="${QL_PRODUCT:-209b}"
OPERATOR="${CANNING_USER:-canning}"
RULE_NAME="70-brother-ql.rules"

as_root() {
    if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

rule_dir() {
    local parts=(/etc udev rules.d)
    local IFS=/
    printf '%s' "${parts[*]}" | sed 's#^/*#/#; s#//#/#g'
}

render_rule() {
    cat <<RULE
# Brother QL label printer on the canning line
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", MODE="0660", GROUP="lp"
KERNEL=="lp[0-9]*", SUBSYSTEMS=="usb", ATTRS{idVendor}=="${VENDOR}", MODE="0660", GROUP="lp"
RULE
}

install_rule() {
    local dest
    dest="$(rule_dir)/${RULE_NAME}"
    render_rule | as_root tee "$dest" >/dev/null
    as_root chmod 0644 "$dest"
    echo "installed $dest"
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR"
}

fix_nodes() {
    local node
    for node in /dev/usb/lp*; do
        [[ -e "$node" ]] || continue
        as_root chgrp lp "$node"
        as_root chmod 0660 "$node"
        echo "fixed $node"
    done
}

add_operator() {
    if id -nG "$OPERATOR" 2>/dev/null | tr ' ' '\n' | grep -qx lp; then
        echo "$OPERATOR already in lp"
    else
        as_root usermod -aG lp "$OPERATOR"
        echo "added $OPERATOR to lp (log out and in again)"
    fi
}

declare -A ACTIONS=([rule]=install_rule [reload]=reload_udev [nodes]=fix_nodes [user]=add_operator)

main() {
    local todo=("$@")
    (( ${#todo[@]} )) || todo=(rule reload nodes user)
    for a in "${todo[@]}"; do
        [[ -n "${ACTIONS[$a]:-}" ]] || { echo "unknown action $a" >&2; exit 2; }
        "${ACTIONS[$a]}"
    done
}

main "$@"
