#!/usr/bin/env bash
# receipt_printer_setup.sh - prepare a till for a USB ESC/POS receipt printer
#
# Detects the attached receipt printer, gives the lp group access to its USB
# node with a stable /dev/receipt symlink, adds the till user to lp and
# creates a raw CUPS queue so the POS can print with `lp -d receipt`.
#
# Usage: receipt_printer_setup.sh [--user NAME] [--queue NAME] [--dry-run]

set -euo pipefail

TILL_USER="${SUDO_USER:-$USER}"
QUEUE="receipt"
DRY_RUN=0
RULE_FILE="/etc/udev/rules.d/60-escpos-receipt.rules"

# vendor:product pairs we have deployed
KNOWN_PRINTERS=(
    "04b8:0202"   # Epson TM-T88V
    "04b8:0e15"   # Epson TM-T20II
    "0519:0001"   # Star TSP100
    "0fe6:811e"   # generic 80mm
)

log() { echo "$(date '+%F %T') [printer-setup] $*"; }
die() { log "ERROR: $*" >&2; exit 1; }

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
    else
        "$@"
    fi
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        run "$@"
    else
        run sudo -- "$@"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) TILL_USER="$2"; shift 2 ;;
        --queue) QUEUE="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done

detect_printer() {
    local id
    for id in "${KNOWN_PRINTERS[@]}"; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            echo "$id"
            return 0
        fi
    done
    return 1
}

write_udev_rule() {
    local vendor="$1" product="$2"
    local rule
    rule=$(printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="lp", SYMLINK+="receipt"\n' \
        "$vendor" "$product")
    log "installing udev rule for $vendor:$product"
    if (( DRY_RUN )); then
        log "would write $RULE_FILE: $rule"
    else
        echo "$rule" | sudo tee "$RULE_FILE" >/dev/null
    fi
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --attr-match=idVendor="$vendor"
}

add_user_to_lp() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx lp; then
        log "$TILL_USER already in lp"
        return
    fi
    as_root usermod -aG lp "$TILL_USER"
    log "added $TILL_USER to lp (log out and in again to take effect)"
}

create_queue() {
    local uri="$1"
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        log "queue $QUEUE exists, updating device"
    fi
    as_root lpadmin -p "$QUEUE" -E -v "$uri" -m raw -D "Receipt printer" -L "till $(hostname -s)"
    as_root lpadmin -d "$QUEUE"
}

main() {
    command -v lsusb >/dev/null || die "lsusb not found (install usbutils)"
    local id
    id="$(detect_printer)" || die "no known receipt printer attached"
    local vendor="${id%%:*}" product="${id##*:}"
    log "found receipt printer $vendor:$product"

    write_udev_rule "$vendor" "$product"
    add_user_to_lp

    local uri
    uri="$(lpinfo -v 2>/dev/null | awk '/usb:\/\// {print $2; exit}')"
    [[ -n "$uri" ]] || uri="usb://Unknown/Printer"
    create_queue "$uri"

    log "printing test line"
    run sh -c "printf '\x1b@Receipt printer ready\n\n\n\x1dV\x00' | lp -d '$QUEUE' -o raw"
}

main
