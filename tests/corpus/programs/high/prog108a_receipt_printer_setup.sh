#!/usr/bin/env bash
# receipt_printer_setup.sh - set up the counter's USB thermal receipt printer
#
# Finds the ESC/POS printer on USB, gives it a stable device name and
# group access so the till app (running as the shop user) can open it without
# root, then adds a raw CUPS queue for the gift-voucher and saddle fitting
# invoice templates.
#
# Usage: receipt_printer_setup.sh [--queue NAME] [--group GROUP] [--test]
set -euo pipefail

QUEUE="counter_receipts"
PRINTER_GROUP="lp"
DO_TEST=0
RULE_FILE="/etc/udev/rules.d/61-counter-receipt-printer.rules"
# vendor:product pairs of the printers the shops have bought over the years
KNOWN_MODELS=("04b8:0202" "04b8:0e15" "0519:0001" "1fc9:2016" "0416:5011")

log() { echo "[printer-setup] $*"; }
die() { echo "[printer-setup] ERROR: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --queue) QUEUE="$2"; shift 2 ;;
        --group) PRINTER_GROUP="$2"; shift 2 ;;
        --test) DO_TEST=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

detect_printer() {
    local id
    for id in "${KNOWN_MODELS[@]}"; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            echo "$id"
            return 0
        fi
    done
    return 1
}

write_rule() {
    local vid="${1%%:*}" pid="${1##*:}"
    local rule
    rule=$(cat <<EOF
# Counter receipt printer - managed by receipt_printer_setup.sh
SUBSYSTEM=="usb", ATTR{idVendor}=="$vid", ATTR{idProduct}=="$pid", MODE="0660", GROUP="$PRINTER_GROUP"
SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{idVendor}=="$vid", ATTRS{idProduct}=="$pid", SYMLINK+="receipt0", MODE="0660", GROUP="$PRINTER_GROUP"
EOF
)
    if [[ -f "$RULE_FILE" ]] && [[ "$(cat "$RULE_FILE")" == "$rule" ]]; then
        log "udev rule already current"
        return 0
    fi
    log "installing $RULE_FILE"
    printf '%s\n' "$rule" | sudo tee "$RULE_FILE" >/dev/null
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$vid"
}

ensure_group() {
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$PRINTER_GROUP"; then
        log "adding $USER to group $PRINTER_GROUP (log out and back in afterwards)"
        sudo usermod -aG "$PRINTER_GROUP" "$USER"
    fi
}

add_queue() {
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        log "CUPS queue $QUEUE exists"
        return 0
    fi
    local uri
    uri="$(lpinfo -v 2>/dev/null | awk '/usb:\/\// {print $2; exit}')"
    [[ -n "$uri" ]] || uri="file:/dev/receipt0"
    log "adding raw CUPS queue $QUEUE -> $uri"
    lpadmin -p "$QUEUE" -E -v "$uri" -m raw -D "Counter receipt printer"
}

test_print() {
    # ESC @ (init), text, feed 4 lines, GS V 1 (partial cut)
    printf '\x1b@Receipt printer OK\n%s\n\n\n\n\x1dV\x01' "$(date '+%d/%m/%Y %H:%M')" \
        | lp -d "$QUEUE" -o raw
}

main() {
    command -v lsusb >/dev/null || die "lsusb not found (install usbutils)"
    local model
    model="$(detect_printer)" || die "no supported receipt printer found on USB"
    log "found printer $model"
    write_rule "$model"
    ensure_group
    add_queue
    (( DO_TEST )) && test_print
    log "done"
}

main
