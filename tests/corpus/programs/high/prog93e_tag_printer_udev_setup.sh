#!/usr/bin/env bash
# tag_printer_udev_setup.sh - set up a USB garment tag printer on a counter PC
#
# New counters get a USB Zebra (ZD421/ZD230) for heat-seal garment tags.
# This gives the printer a stable device name (/dev/tagprinter), lets the
# counter user write to it without root, and registers it with CUPS as a
# raw queue called "garment_tags".
#
# Usage: tag_printer_udev_setup.sh [-u counter_user] [-q queue_name] [--dry-run]

set -euo pipefail

RULE_FILE=/etc/udev/rules.d/62-garment-tag-printer.rules
ZEBRA_VID=0a5f
COUNTER_USER="${SUDO_USER:-${USER:-counter}}"
QUEUE=garment_tags
DRY_RUN=0

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -u) COUNTER_USER="$2"; shift 2 ;;
        -q) QUEUE="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

as_root() {
    if (( DRY_RUN )); then
        echo "[dry-run] $*"
    elif (( EUID == 0 )); then
        "$@"
    else
        sudo "$@"
    fi
}

detect_printer() {
    local dev pid
    for dev in /sys/bus/usb/devices/*; do
        [[ -f "$dev/idVendor" ]] || continue
        if [[ "$(cat "$dev/idVendor")" == "$ZEBRA_VID" ]]; then
            pid="$(cat "$dev/idProduct")"
            info "found Zebra printer $ZEBRA_VID:$pid ($(cat "$dev/product" 2>/dev/null || echo unknown))"
            echo "$pid"
            return 0
        fi
    done
    return 1
}

write_rule() {
    local pid="$1"
    info "writing $RULE_FILE"
    as_root tee "$RULE_FILE" >/dev/null <<EOF
# Garment tag printer (Zebra $ZEBRA_VID:$pid) - managed by tag_printer_udev_setup.sh
SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{idVendor}=="$ZEBRA_VID", ATTRS{idProduct}=="$pid", \\
    MODE="0660", GROUP="lp", SYMLINK+="tagprinter"
EOF
    as_root chmod 0644 "$RULE_FILE"
}

reload_rules() {
    info "reloading udev rules"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usbmisc --action=add
    sleep 1
    if [[ -e /dev/tagprinter ]] || (( DRY_RUN )); then
        info "/dev/tagprinter is present"
    else
        warn "/dev/tagprinter did not appear; replug the printer"
    fi
}

grant_user() {
    if id -nG "$COUNTER_USER" | tr ' ' '\n' | grep -qx lp; then
        info "$COUNTER_USER already in lp group"
    else
        info "adding $COUNTER_USER to lp group (log out and back in afterwards)"
        as_root usermod -aG lp "$COUNTER_USER"
    fi
}

add_queue() {
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        info "CUPS queue $QUEUE already exists"
        return
    fi
    info "adding raw CUPS queue $QUEUE"
    as_root lpadmin -p "$QUEUE" -E -v "usb://Zebra%20Technologies/ZTC%20ZD421-203dpi%20ZPL" -m raw \
        -D "Garment tag printer" -L "Counter"
}

main() {
    local pid
    if ! pid="$(detect_printer | tail -n1)"; then
        warn "no Zebra printer on USB - plug it in and run again"
        exit 1
    fi
    write_rule "$pid"
    reload_rules
    grant_user
    add_queue
    info "done - send a test tag with: lp -d $QUEUE -o raw test.zpl"
}

main
