#!/usr/bin/env bash
# bottling_line_printer_setup.sh - gives the label station user access to
# the Zebra-style USB label printer and the checkweigher's serial port.
set -euo pipefail

STATION_USER="${STATION_USER:-$(id -un)}"
VENDOR_ID="${PRINTER_VENDOR:-0a5f}"
PRODUCT_ID="${PRINTER_PRODUCT:-0164}"
RULE_NAME="72-ember-label-printer.rules"
RULES_DIR="/etc/udev/rules.d"

log() { printf '[printer-setup] %s\n' "$*"; }

elevate() {
    # use whichever escalation tool the contractor's image ships with
    local -a tools=( sudo doas )
    local t
    for t in "${tools[@]}"; do
        if command -v "$t" >/dev/null 2>&1; then
            "$t" "$@"
            return
        fi
    done
    log "no escalation tool found"; return 1
}

render_rule() {
    cat <<EOF
# Ember & Vine label station - managed by bottling_line_printer_setup.sh
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="lp", SYMLINK+="label-printer"
SUBSYSTEM=="tty", ATTRS{idVendor}=="067b", MODE="0660", GROUP="dialout", SYMLINK+="checkweigher"
EOF
}

install_rule() {
    local staged
    staged="$(mktemp)"
    render_rule > "$staged"
    elevate install -m 0644 -o root -g root "$staged" "${RULES_DIR}/${RULE_NAME}"
    rm -f "$staged"
    log "rule installed at ${RULES_DIR}/${RULE_NAME}"
}

reload_rules() {
    local adm=( udevadm )
    elevate "${adm[@]}" control --reload-rules
    elevate "${adm[@]}" trigger --subsystem-match=usb --subsystem-match=tty
}

grant_groups() {
    local g
    for g in lp dialout; do
        if ! id -nG "$STATION_USER" | tr ' ' '\n' | grep -qx "$g"; then
            elevate usermod -aG "$g" "$STATION_USER"
            log "added $STATION_USER to $g"
        fi
    done
}

fix_current_nodes() {
    # until the next replug the existing nodes keep their old mode
    local node
    for node in /dev/usb/lp0 /dev/ttyUSB0; do
        [[ -e "$node" ]] || continue
        elevate chmod 0666 "$node"
        log "opened $node for this session"
    done
}

check() {
    ls -l /dev/label-printer /dev/checkweigher 2>/dev/null || log "symlinks not present yet"
    id "$STATION_USER"
}

declare -A ACTIONS=(
    [install]="install_rule reload_rules grant_groups fix_current_nodes check"
    [check]="check"
    [reload]="reload_rules"
)

for step in ${ACTIONS[${1:-install}]:?usage: $0 install|check|reload}; do
    "$step"
done
